import { and, desc, eq } from 'drizzle-orm';
import { AchievementPerm, AdjustmentStatus, ResultCode } from '@rehab/shared';
import type { TxOrDb } from '../../db/client';
import { AppError, forbidden } from '../../http/errors';
import type { AppContext } from '../../context';
import { runUnitOfWork } from '../../kernel/unit-of-work';
import { invalid, lockMonth, refused } from './performance.facts';
import { monthStatusWithPublication, publicationOf } from './performance.status';
import {
  ACHIEVEMENT_LINK,
  decisionFieldsOf,
  decisionNames,
  decisionOf,
  tell,
  tellDeciders,
} from './performance.decisions';
import { perfAppeals, perfPublications } from './performance.tables';
import { therapistMonth } from './performance.service';
import { assertReads, seesAll, type Scope } from './performance.scope';

/**
 * Publishing a closed month's statements to staff and the appeals on them (docs/decisions.md "Performance (issue
 * 16)", publication and appeals). A publication names the close in force; reopening the month unpublishes it (the
 * close it names is no longer in force) until it is closed and published again.
 */

/**
 * Publishes a closed month (409 when open). Publishing it again answers the same publication; every staff member
 * with a statement line that month gets a message.
 */
export async function publishMonth(app: AppContext, scope: Scope, month: string) {
  return runUnitOfWork(app, async ({ tx, now, afterCommit }) => {
    await lockMonth(tx, scope.organizationId, month);
    const { close, publication } = await publicationOf(tx, scope.organizationId, month);
    if (!close) throw refused('publishNeedsClose', { month });
    if (!publication) {
      await tx.insert(perfPublications).values({
        organizationId: scope.organizationId,
        month,
        closeId: close.id,
        publishedBy: scope.userId,
        publishedAt: now,
      });
      const staff = (
        await therapistMonth(tx, { ...scope, permissions: new Set([AchievementPerm.all]) }, { month })
      ).map((r) => r.staffId);
      afterCommit(() =>
        tell(app, {
          organizationId: scope.organizationId,
          userIds: staff,
          title: { key: 'performance.publishedTitle', params: { month } },
          content: { key: 'performance.publishedContent', params: { month } },
          link: `${ACHIEVEMENT_LINK}?month=${month}`,
        }),
      );
    }
    return monthStatusWithPublication(tx, scope.organizationId, month);
  });
}

type AppealRow = typeof perfAppeals.$inferSelect;

async function appealRows(db: TxOrDb, rows: AppealRow[]) {
  const names = await decisionNames(db, rows);
  return rows.map((r) => ({
    id: r.id,
    month: r.month,
    publicationId: r.publicationId,
    reason: r.reason,
    ...decisionFieldsOf(r, names),
  }));
}

/** A month's appeals: one's own, or everyone's with `all`. */
export async function listAppeals(db: TxOrDb, scope: Scope, body: { month: string; staffId?: number }) {
  const only = body.staffId ?? (seesAll(scope) ? undefined : scope.userId);
  if (only !== undefined) assertReads(scope, only);
  const rows = await db
    .select()
    .from(perfAppeals)
    .where(
      and(
        eq(perfAppeals.organizationId, scope.organizationId),
        eq(perfAppeals.month, body.month),
        only === undefined ? undefined : eq(perfAppeals.requestedBy, only),
      ),
    )
    .orderBy(desc(perfAppeals.id));
  return appealRows(db, rows);
}

/**
 * Files an appeal on one's own statement of a published month (409 when not published, or while one's earlier
 * appeal on it is pending). The key makes a repeated filing write once (`replayed: true`). The administrators are
 * told.
 */
export async function fileAppeal(app: AppContext, scope: Scope, body: { key: string; month: string; reason: string }) {
  return runUnitOfWork(app, async ({ tx, now, afterCommit }) => {
    await lockMonth(tx, scope.organizationId, body.month);
    const [prior] = await tx
      .select()
      .from(perfAppeals)
      .where(and(eq(perfAppeals.organizationId, scope.organizationId), eq(perfAppeals.requestKey, body.key)));
    if (prior) {
      if (prior.requestedBy !== scope.userId || prior.month !== body.month || prior.reason !== body.reason)
        throw refused('keyReused');
      return { ...(await appealRows(tx, [prior]))[0]!, replayed: true };
    }
    const { publication } = await publicationOf(tx, scope.organizationId, body.month);
    if (!publication) throw refused('notPublished', { month: body.month });
    const [pending] = await tx
      .select({ id: perfAppeals.id })
      .from(perfAppeals)
      .where(
        and(
          eq(perfAppeals.publicationId, publication.id),
          eq(perfAppeals.requestedBy, scope.userId),
          eq(perfAppeals.status, AdjustmentStatus.pending),
        ),
      );
    if (pending) throw refused('appealPending', { month: body.month });
    const [row] = await tx
      .insert(perfAppeals)
      .values({
        organizationId: scope.organizationId,
        month: body.month,
        publicationId: publication.id,
        reason: body.reason,
        requestKey: body.key,
        requestedBy: scope.userId,
        requestedAt: now,
      })
      .returning();
    const [answer] = await appealRows(tx, [row!]);
    await tellDeciders(app, { tx, afterCommit }, row!, {
      title: { key: 'performance.appealFiledTitle', params: { name: answer!.requestedByName, month: body.month } },
      content: { key: 'performance.appealFiledContent', params: { reason: body.reason } },
    });
    return { ...answer!, replayed: false };
  });
}

/**
 * Accepts or rejects a pending appeal: never the appellant (403), once (409), a rejection with its reason (400).
 * Accepting changes no figure: the correction is an adjustment (the month reopened first when it is closed). The
 * appellant is told.
 */
export async function answerAppeal(
  app: AppContext,
  scope: Scope,
  body: { id: number; remark?: string },
  accept: boolean,
) {
  if (!accept && !body.remark) throw invalid('rejectReasonRequired');
  return runUnitOfWork(app, async ({ tx, now, afterCommit }) => {
    const [row] = await tx
      .select()
      .from(perfAppeals)
      .where(and(eq(perfAppeals.id, body.id), eq(perfAppeals.organizationId, scope.organizationId)));
    if (!row) throw new AppError(ResultCode.notFound, 'performance.appealNotFound');
    if (row.requestedBy === scope.userId) throw forbidden('performance.ownAppeal');
    const [updated] = await tx
      .update(perfAppeals)
      .set(decisionOf(accept, scope.userId, now, body.remark))
      .where(and(eq(perfAppeals.id, row.id), eq(perfAppeals.status, AdjustmentStatus.pending)))
      .returning();
    if (!updated) throw refused('appealAnswered');
    const [answer] = await appealRows(tx, [updated]);
    afterCommit(() =>
      tell(app, {
        organizationId: scope.organizationId,
        userIds: [row.requestedBy],
        title: {
          key: accept ? 'performance.appealAcceptedTitle' : 'performance.appealRejectedTitle',
          params: { month: row.month },
        },
        content: {
          key: 'performance.appealAnsweredContent',
          params: { name: answer!.decidedByName ?? '', remark: body.remark ?? '' },
        },
        link: `${ACHIEVEMENT_LINK}?month=${row.month}`,
      }),
    );
    return answer!;
  });
}
