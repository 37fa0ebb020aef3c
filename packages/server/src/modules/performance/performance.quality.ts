import { and, desc, eq, inArray } from 'drizzle-orm';
import { ResultCode } from '@rehab/shared';
import type { TxOrDb } from '../../db/client';
import { AppError } from '../../http/errors';
import type { AppContext } from '../../context';
import { runUnitOfWork } from '../../kernel/unit-of-work';
import { isMemberOf, userNames } from '../users';
import { assertOpen, lockMonth } from './performance.facts';
import { perfQualities } from './performance.tables';
import { assertReads, seesAll, type Scope } from './performance.scope';

/**
 * Quality coefficients (考核系数; docs/decisions.md "Performance (issue 16)"): per staff member and month, append-only,
 * the latest version in force (none: 1.00). The statement multiplies the month's facts by it (shared qualityTotal).
 */

type QualityRow = typeof perfQualities.$inferSelect;

async function qualityRows(db: TxOrDb, rows: QualityRow[]) {
  const names = await userNames(
    db,
    rows.flatMap((r) => [r.staffId, r.createdBy]),
  );
  return rows.map((r) => ({
    id: r.id,
    staffId: r.staffId,
    staffName: names.get(r.staffId) ?? String(r.staffId),
    month: r.month,
    coefficientX100: r.coefficientX100,
    reason: r.reason,
    createdBy: r.createdBy,
    createdByName: names.get(r.createdBy) ?? String(r.createdBy),
    createdAt: r.createdAt.toISOString(),
  }));
}

const versionsOf = (db: TxOrDb, organizationId: number, month: string, staffIds?: number[]) =>
  db
    .select()
    .from(perfQualities)
    .where(
      and(
        eq(perfQualities.organizationId, organizationId),
        eq(perfQualities.month, month),
        staffIds === undefined ? undefined : inArray(perfQualities.staffId, staffIds),
      ),
    )
    .orderBy(desc(perfQualities.id));

/** The coefficient in force of each staff member of the month who has one (the latest version). */
export async function qualitiesInForce(db: TxOrDb, organizationId: number, month: string, staffId?: number) {
  const out = new Map<number, number>();
  for (const r of await versionsOf(db, organizationId, month, staffId === undefined ? undefined : [staffId]))
    if (!out.has(r.staffId)) out.set(r.staffId, r.coefficientX100);
  return out;
}

/** Every version of the month, newest first: one's own, or everyone's with `all`. */
export async function listQualities(db: TxOrDb, scope: Scope, body: { month: string; staffId?: number }) {
  const only = body.staffId ?? (seesAll(scope) ? undefined : scope.userId);
  if (only !== undefined) assertReads(scope, only);
  return qualityRows(
    db,
    await versionsOf(db, scope.organizationId, body.month, only === undefined ? undefined : [only]),
  );
}

/**
 * Records a coefficient of an open month (409 once closed). The coefficient already in force writes nothing and
 * answers that version with `unchanged: true`, so a repeated save is harmless.
 */
export async function saveQuality(
  app: AppContext,
  scope: Scope,
  body: { staffId: number; month: string; coefficient: number; reason?: string },
) {
  return runUnitOfWork(app, async ({ tx, now }) => {
    await lockMonth(tx, scope.organizationId, body.month);
    await assertOpen(tx, scope.organizationId, body.month);
    if (!(await isMemberOf(tx, scope.organizationId, body.staffId)))
      throw new AppError(ResultCode.notFound, 'performance.staffNotFound');
    const [current] = await versionsOf(tx, scope.organizationId, body.month, [body.staffId]);
    if (current && current.coefficientX100 === body.coefficient)
      return { ...(await qualityRows(tx, [current]))[0]!, unchanged: true };
    const [row] = await tx
      .insert(perfQualities)
      .values({
        organizationId: scope.organizationId,
        staffId: body.staffId,
        month: body.month,
        coefficientX100: body.coefficient,
        reason: body.reason || null,
        createdBy: scope.userId,
        createdAt: now,
      })
      .returning();
    return { ...(await qualityRows(tx, [row!]))[0]!, unchanged: false };
  });
}
