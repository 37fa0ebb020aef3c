import { and, desc, eq } from 'drizzle-orm';
import { AdjustmentStatus, ResultCode } from '@rehab/shared';
import type { TxOrDb } from '../../db/client';
import { AppError, forbidden } from '../../http/errors';
import type { AppContext } from '../../context';
import { runUnitOfWork } from '../../kernel/unit-of-work';
import { decisionFieldsOf, decisionNames, decisionOf, tellDeciders } from './performance.decisions';
import { closedMonth, lockMonth, refused } from './performance.facts';
import { perfMonthReopens } from './performance.tables';
import type { Scope } from './performance.scope';

/**
 * Reopening a closed month (docs/decisions.md "Performance (issue 16)", reopening): one administrator asks with a
 * reason, another approves or rejects. Nothing is deleted: the close stays and the approved request names it; the
 * month is open again (recomputation, rules and adjustments work) until it is closed anew.
 */

type ReopenRow = typeof perfMonthReopens.$inferSelect;

async function reopenRows(db: TxOrDb, rows: ReopenRow[]) {
  const names = await decisionNames(db, rows);
  return rows.map((r) => ({
    id: r.id,
    month: r.month,
    closeId: r.closeId,
    reason: r.reason,
    ...decisionFieldsOf(r, names),
  }));
}

export async function listReopens(db: TxOrDb, scope: Scope, month: string) {
  const rows = await db
    .select()
    .from(perfMonthReopens)
    .where(and(eq(perfMonthReopens.organizationId, scope.organizationId), eq(perfMonthReopens.month, month)))
    .orderBy(desc(perfMonthReopens.id));
  return reopenRows(db, rows);
}

/**
 * Asks for a closed month to be reopened. The key makes a repeated request write once (the replay answers the first
 * request with `replayed: true`; the key reused for something else is 409). Refused: a month not closed, a request
 * already pending for its close.
 */
export async function requestReopen(
  app: AppContext,
  scope: Scope,
  body: { key: string; month: string; reason: string },
) {
  return runUnitOfWork(app, async ({ tx, now, afterCommit }) => {
    await lockMonth(tx, scope.organizationId, body.month);
    const [prior] = await tx
      .select()
      .from(perfMonthReopens)
      .where(and(eq(perfMonthReopens.organizationId, scope.organizationId), eq(perfMonthReopens.requestKey, body.key)));
    if (prior) {
      if (prior.requestedBy !== scope.userId || prior.month !== body.month || prior.reason !== body.reason)
        throw refused('keyReused');
      return { ...(await reopenRows(tx, [prior]))[0]!, replayed: true };
    }
    const close = await closedMonth(tx, scope.organizationId, body.month);
    if (!close) throw refused('monthNotClosed', { month: body.month });
    const [pending] = await tx
      .select({ id: perfMonthReopens.id })
      .from(perfMonthReopens)
      .where(and(eq(perfMonthReopens.closeId, close.id), eq(perfMonthReopens.status, AdjustmentStatus.pending)));
    if (pending) throw refused('reopenPending', { month: body.month });
    const [row] = await tx
      .insert(perfMonthReopens)
      .values({
        organizationId: scope.organizationId,
        month: body.month,
        closeId: close.id,
        reason: body.reason,
        requestKey: body.key,
        requestedBy: scope.userId,
        requestedAt: now,
      })
      .returning();
    const [answer] = await reopenRows(tx, [row!]);
    // the other administrators decide it: each is told, with the reason and the way to the month
    await tellDeciders(app, { tx, afterCommit }, row!, {
      title: { key: 'performance.reopenAskedTitle', params: { name: answer!.requestedByName, month: body.month } },
      content: { key: 'performance.reopenAskedContent', params: { reason: body.reason } },
    });
    return { ...answer!, replayed: false };
  });
}

/** Approves (the month opens again) or rejects a pending request: never by its requester (403), once (409). */
export async function decideReopen(
  app: AppContext,
  scope: Scope,
  body: { id: number; remark?: string },
  approve: boolean,
) {
  return runUnitOfWork(app, async ({ tx, now }) => {
    const [row] = await tx
      .select()
      .from(perfMonthReopens)
      .where(and(eq(perfMonthReopens.id, body.id), eq(perfMonthReopens.organizationId, scope.organizationId)));
    if (!row) throw new AppError(ResultCode.notFound, 'performance.reopenNotFound');
    await lockMonth(tx, scope.organizationId, row.month);
    if (row.requestedBy === scope.userId) throw forbidden('performance.ownReopen');
    if (row.status !== AdjustmentStatus.pending) throw refused('reopenDecided');
    if (approve && (await closedMonth(tx, scope.organizationId, row.month))?.id !== row.closeId)
      throw refused('reopenStale');
    const [updated] = await tx
      .update(perfMonthReopens)
      .set(decisionOf(approve, scope.userId, now, body.remark))
      .where(and(eq(perfMonthReopens.id, row.id), eq(perfMonthReopens.status, AdjustmentStatus.pending)))
      .returning();
    if (!updated) throw refused('reopenDecided');
    return (await reopenRows(tx, [updated]))[0]!;
  });
}
