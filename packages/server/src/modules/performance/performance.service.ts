import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { AdjustmentStatus, applyQuality, qualityTotal } from '@rehab/shared';
import type { Tx, TxOrDb } from '../../db/client';
import { AppError, forbidden } from '../../http/errors';
import { ResultCode } from '@rehab/shared';
import type { AppContext } from '../../context';
import { clinicToday } from '../../kernel/clock';
import { runUnitOfWork } from '../../kernel/unit-of-work';
import { decisionFieldsOf, decisionNames, decisionOf } from './performance.decisions';
import { masterRows, ownsRow } from '../master-data';
import { isMemberOf, userNames } from '../users';
import { sessionLabels } from '../work-orders';
import {
  assertOpen,
  closedFrom,
  computeDay,
  daysOfMonth,
  invalid,
  lockMonth,
  monthOf,
  refused,
} from './performance.facts';
import { qualitiesInForce } from './performance.quality';
import { monthStatusWithPublication } from './performance.status';
import { assertReads, seesAll, type Scope } from './performance.scope';
import { perfAdjustments, perfFacts, perfMonthCloses, perfRuleVersions } from './performance.tables';

export { assertReads, scopeOf, seesAll, type Scope } from './performance.scope';

// ---------------------------------------------------------------------------------------------------------------
// rule versions

async function templateNames(db: TxOrDb, organizationId: number) {
  const rows = await masterRows(db, 'projectTemplate', organizationId);
  return new Map(rows.map((r) => [r.id as number, String(r.name)]));
}

type RuleRow = typeof perfRuleVersions.$inferSelect;

async function ruleRows(db: TxOrDb, organizationId: number, rows: RuleRow[]) {
  const [names, people] = await Promise.all([
    templateNames(db, organizationId),
    userNames(
      db,
      rows.map((r) => r.createdBy),
    ),
  ]);
  return rows.map((r) => ({
    id: r.id,
    projectTemplateId: r.projectTemplateId,
    templateName: names.get(r.projectTemplateId) ?? null,
    coefficientX100: r.coefficientX100,
    points: r.points,
    effectiveFrom: r.effectiveFrom,
    createdBy: r.createdBy,
    createdByName: r.createdBy === null ? null : (people.get(r.createdBy) ?? null),
    createdAt: r.createdAt.toISOString(),
  }));
}

export async function listRules(db: TxOrDb, scope: Scope) {
  const rows = await db
    .select()
    .from(perfRuleVersions)
    .where(eq(perfRuleVersions.organizationId, scope.organizationId))
    .orderBy(asc(perfRuleVersions.projectTemplateId), desc(perfRuleVersions.effectiveFrom), desc(perfRuleVersions.id));
  return ruleRows(db, scope.organizationId, rows);
}

/** The organization's project templates (id and name, by name), for recording a version of one of them. */
export async function listRuleTemplates(db: TxOrDb, scope: Scope) {
  const names = await templateNames(db, scope.organizationId);
  return [...names].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
}

/** Refuses a version taking effect in or before a closed month (it would change a closed month's rules). */
async function assertRuleMayStart(tx: Tx, organizationId: number, effectiveFrom: string) {
  const month = monthOf(effectiveFrom);
  await lockMonth(tx, organizationId, month);
  const closed = await closedFrom(tx, organizationId, month);
  if (closed) throw refused('monthClosed', { month: closed });
}

export async function saveRule(
  app: AppContext,
  scope: Scope,
  body: { projectTemplateId: number; coefficient: number; points: number; effectiveFrom: string },
) {
  return runUnitOfWork(app, async ({ tx, now }) => {
    if (!(await ownsRow(tx, 'projectTemplate', body.projectTemplateId, scope.organizationId)))
      throw new AppError(ResultCode.notFound, 'performance.templateNotFound');
    await assertRuleMayStart(tx, scope.organizationId, body.effectiveFrom);
    const [row] = await tx
      .insert(perfRuleVersions)
      .values({
        organizationId: scope.organizationId,
        projectTemplateId: body.projectTemplateId,
        coefficientX100: body.coefficient,
        points: body.points,
        effectiveFrom: body.effectiveFrom,
        createdBy: scope.userId,
        createdAt: now,
      })
      .returning();
    return (await ruleRows(tx, scope.organizationId, [row!]))[0]!;
  });
}

/**
 * Records a version from each enabled performance setting (/maintainTreat/performanceSet) whose figures differ from
 * the version in force that day: the settings screen stays the editor of the figures, this endpoint stamps them with
 * an effective day. Of several enabled settings of one template, the first (lowest id) counts.
 */
export async function adoptSettings(app: AppContext, scope: Scope, effectiveFrom: string) {
  return runUnitOfWork(app, async ({ tx, now }) => {
    await assertRuleMayStart(tx, scope.organizationId, effectiveFrom);
    const settings = (await masterRows(tx, 'performanceSet', scope.organizationId)).filter((s) => s.status === 1);
    const current = await tx
      .select()
      .from(perfRuleVersions)
      .where(
        and(
          eq(perfRuleVersions.organizationId, scope.organizationId),
          sql`${perfRuleVersions.effectiveFrom} <= ${effectiveFrom}`,
        ),
      )
      .orderBy(asc(perfRuleVersions.effectiveFrom), asc(perfRuleVersions.id));
    const inForce = new Map(current.map((r) => [r.projectTemplateId, r]));
    const seen = new Set<number>();
    let created = 0;
    for (const s of settings) {
      const templateId = Number(s.projectTemplateId);
      if (seen.has(templateId)) continue;
      seen.add(templateId);
      const coefficientX100 = Math.round(Number(s.coefficient) * 100);
      const points = Number(s.points);
      const rule = inForce.get(templateId);
      if (rule && rule.coefficientX100 === coefficientX100 && rule.points === points) continue;
      await tx.insert(perfRuleVersions).values({
        organizationId: scope.organizationId,
        projectTemplateId: templateId,
        coefficientX100,
        points,
        effectiveFrom,
        createdBy: scope.userId,
        createdAt: now,
      });
      created++;
    }
    return { created };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// facts: recomputation and month close

/** Recomputes the facts of open days of one organization (a day, or a month up to today). */
export async function recompute(app: AppContext, scope: Scope, body: { day?: string; month?: string }) {
  const today = clinicToday();
  if (body.day && body.day > today) throw invalid('dayInFuture', { day: body.day });
  const month = body.day ? monthOf(body.day) : body.month;
  if (!month) throw invalid('monthOrDay');
  const days = body.day ? [body.day] : daysOfMonth(month, today);
  return runUnitOfWork(app, async ({ tx, now }) => {
    await lockMonth(tx, scope.organizationId, month);
    await assertOpen(tx, scope.organizationId, month);
    let inserted = 0;
    let reversed = 0;
    for (const day of days) {
      const r = await computeDay(tx, scope.organizationId, day, now);
      inserted += r.inserted;
      reversed += r.reversed;
    }
    return { days: days.length, inserted, reversed };
  });
}

export const monthStatus = (db: TxOrDb, scope: Scope, month: string) =>
  monthStatusWithPublication(db, scope.organizationId, month);

/**
 * Closes a month: computes its days a last time, then locks it. Only a month that has ended closes; closing twice
 * is refused (the month is already closed).
 */
export async function closeMonth(app: AppContext, scope: Scope, month: string) {
  const today = clinicToday();
  if (month >= monthOf(today)) throw invalid('monthNotEnded', { month });
  return runUnitOfWork(app, async ({ tx, now }) => {
    await lockMonth(tx, scope.organizationId, month);
    await assertOpen(tx, scope.organizationId, month);
    for (const day of daysOfMonth(month)) await computeDay(tx, scope.organizationId, day, now);
    await tx.insert(perfMonthCloses).values({
      organizationId: scope.organizationId,
      month,
      closedBy: scope.userId,
      closedAt: now,
    });
    return monthStatusWithPublication(tx, scope.organizationId, month);
  });
}

// ---------------------------------------------------------------------------------------------------------------
// statements

async function approvedAdjustments(db: TxOrDb, organizationId: number, month: string) {
  const rows = await db
    .select({ staffId: perfAdjustments.staffId, delta: sql<number>`sum(${perfAdjustments.delta})` })
    .from(perfAdjustments)
    .where(
      and(
        eq(perfAdjustments.organizationId, organizationId),
        eq(perfAdjustments.month, month),
        eq(perfAdjustments.status, AdjustmentStatus.approved),
      ),
    )
    .groupBy(perfAdjustments.staffId);
  return new Map(rows.map((r) => [r.staffId, Number(r.delta)]));
}

/** Each staff member's month: sessions, points, value, approved adjustments, total (one's own only, or everyone's). */
export async function therapistMonth(db: TxOrDb, scope: Scope, body: { month: string; staffId?: number }) {
  const only = body.staffId ?? (seesAll(scope) ? undefined : scope.userId);
  if (only !== undefined) assertReads(scope, only);
  const rows = await db
    .select({
      staffId: perfFacts.staffId,
      sessions: sql<number>`coalesce(sum(${perfFacts.sessions}), 0)`,
      points: sql<number>`coalesce(sum(${perfFacts.sessions} * ${perfFacts.points}), 0)`,
      value: sql<number>`coalesce(sum(${perfFacts.value}), 0)`,
      authorized: sql<number>`coalesce(sum(${perfFacts.sessions}) FILTER (WHERE ${perfFacts.kind} = 2), 0)`,
      substitute: sql<number>`coalesce(sum(${perfFacts.sessions}) FILTER (WHERE ${perfFacts.kind} = 3), 0)`,
    })
    .from(perfFacts)
    .where(
      and(
        eq(perfFacts.organizationId, scope.organizationId),
        eq(perfFacts.month, body.month),
        only === undefined ? undefined : eq(perfFacts.staffId, only),
      ),
    )
    .groupBy(perfFacts.staffId);
  const adjustments = await approvedAdjustments(db, scope.organizationId, body.month);
  const qualities = await qualitiesInForce(db, scope.organizationId, body.month, only);
  const staff = new Set<number>(rows.map((r) => r.staffId));
  for (const id of adjustments.keys()) if (only === undefined || id === only) staff.add(id);
  const byStaff = new Map(rows.map((r) => [r.staffId, r]));
  const names = await userNames(db, [...staff]);
  return [...staff]
    .map((staffId) => {
      const r = byStaff.get(staffId);
      const value = Number(r?.value ?? 0);
      const adj = adjustments.get(staffId) ?? 0;
      const qualityX100 = qualities.get(staffId) ?? 100;
      return {
        staffId,
        staffName: names.get(staffId) ?? String(staffId),
        sessions: Number(r?.sessions ?? 0),
        points: Number(r?.points ?? 0),
        value,
        qualityX100,
        qualified: applyQuality(value, qualityX100),
        adjustments: adj,
        total: qualityTotal(value, adj, qualityX100),
        authorized: Number(r?.authorized ?? 0),
        substitute: Number(r?.substitute ?? 0),
      };
    })
    .filter((r) => r.sessions !== 0 || r.value !== 0 || r.adjustments !== 0)
    .sort((a, b) => b.total - a.total || a.staffId - b.staffId);
}

/** One staff member's month by project template and combo. */
export async function therapistProjects(db: TxOrDb, scope: Scope, body: { staffId: number; month: string }) {
  assertReads(scope, body.staffId);
  const rows = await db
    .select({
      templateId: perfFacts.templateId,
      comboName: perfFacts.comboName,
      sessions: sql<number>`sum(${perfFacts.sessions})`,
      points: sql<number>`sum(${perfFacts.sessions} * ${perfFacts.points})`,
      value: sql<number>`sum(${perfFacts.value})`,
    })
    .from(perfFacts)
    .where(
      and(
        eq(perfFacts.organizationId, scope.organizationId),
        eq(perfFacts.month, body.month),
        eq(perfFacts.staffId, body.staffId),
      ),
    )
    .groupBy(perfFacts.templateId, perfFacts.comboName);
  const names = await templateNames(db, scope.organizationId);
  return rows
    .map((r) => ({
      templateId: r.templateId ?? 0,
      templateName: r.templateId === null ? '' : (names.get(r.templateId) ?? String(r.templateId)),
      comboName: r.comboName,
      sessions: Number(r.sessions),
      points: Number(r.points),
      value: Number(r.value),
    }))
    .filter((r) => r.sessions !== 0 || r.value !== 0)
    .sort((a, b) => b.value - a.value || a.templateId - b.templateId || a.comboName.localeCompare(b.comboName));
}

/** The sessions behind a figure: the facts in force (not reversed) of a staff member's month and template. */
export async function therapistDetail(
  db: TxOrDb,
  scope: Scope,
  body: { staffId: number; month: string; templateId: number; combo?: string },
) {
  assertReads(scope, body.staffId);
  const rows = await db
    .select({
      fact: perfFacts,
      ruleEffectiveFrom: perfRuleVersions.effectiveFrom,
    })
    .from(perfFacts)
    .leftJoin(perfRuleVersions, eq(perfRuleVersions.id, perfFacts.ruleVersionId))
    .where(
      and(
        eq(perfFacts.organizationId, scope.organizationId),
        eq(perfFacts.month, body.month),
        eq(perfFacts.staffId, body.staffId),
        body.templateId ? eq(perfFacts.templateId, body.templateId) : sql`${perfFacts.templateId} IS NULL`,
        body.combo === undefined ? undefined : eq(perfFacts.comboName, body.combo),
        eq(perfFacts.sessions, 1),
        sql`NOT EXISTS (SELECT 1 FROM perf_fact r WHERE r.reverses_id = ${perfFacts.id})`,
      ),
    )
    .orderBy(asc(perfFacts.day), asc(perfFacts.workOrderId));
  const labels = await sessionLabels(
    db,
    scope.organizationId,
    rows.map((r) => r.fact.workOrderId),
  );
  return rows.map(({ fact, ruleEffectiveFrom }) => ({
    factId: fact.id,
    workOrderId: fact.workOrderId,
    treatDate: fact.day,
    completedAt: null,
    patientName: labels.get(fact.workOrderId)?.patientName ?? '',
    projectName: labels.get(fact.workOrderId)?.projectName ?? '',
    kind: fact.kind,
    ruleVersionId: fact.ruleVersionId,
    ruleEffectiveFrom: ruleEffectiveFrom ?? null,
    coefficientX100: fact.coefficientX100,
    points: fact.points,
    value: fact.value,
  }));
}

// ---------------------------------------------------------------------------------------------------------------
// adjustments

type AdjustmentRow = typeof perfAdjustments.$inferSelect;

async function adjustmentRows(db: TxOrDb, rows: AdjustmentRow[]) {
  const names = await decisionNames(
    db,
    rows,
    rows.map((r) => r.staffId),
  );
  return rows.map((r) => ({
    id: r.id,
    staffId: r.staffId,
    staffName: names.get(r.staffId) ?? String(r.staffId),
    month: r.month,
    delta: r.delta,
    reason: r.reason,
    ...decisionFieldsOf(r, names),
  }));
}

export async function listAdjustments(db: TxOrDb, scope: Scope, body: { month: string; staffId?: number }) {
  const only = body.staffId ?? (seesAll(scope) ? undefined : scope.userId);
  if (only !== undefined) assertReads(scope, only);
  const rows = await db
    .select()
    .from(perfAdjustments)
    .where(
      and(
        eq(perfAdjustments.organizationId, scope.organizationId),
        eq(perfAdjustments.month, body.month),
        only === undefined ? undefined : eq(perfAdjustments.staffId, only),
      ),
    )
    .orderBy(desc(perfAdjustments.id));
  return adjustmentRows(db, rows);
}

/**
 * Asks for an adjustment. The request key makes a repeated request (a double click, a retry) write once: the replay
 * answers the first request with `replayed: true`; the key used by somebody else or for another request is refused.
 */
export async function requestAdjustment(
  app: AppContext,
  scope: Scope,
  body: { key: string; staffId: number; month: string; delta: number; reason: string },
) {
  return runUnitOfWork(app, async ({ tx, now }) => {
    await lockMonth(tx, scope.organizationId, body.month);
    const inserted = await tx
      .insert(perfAdjustments)
      .values({
        organizationId: scope.organizationId,
        staffId: body.staffId,
        month: body.month,
        delta: body.delta,
        reason: body.reason,
        requestKey: body.key,
        requestedBy: scope.userId,
        requestedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!inserted.length) {
      const [prior] = await tx
        .select()
        .from(perfAdjustments)
        .where(and(eq(perfAdjustments.organizationId, scope.organizationId), eq(perfAdjustments.requestKey, body.key)));
      if (
        !prior ||
        prior.requestedBy !== scope.userId ||
        prior.staffId !== body.staffId ||
        prior.month !== body.month ||
        prior.delta !== body.delta
      )
        throw refused('keyReused');
      return { ...(await adjustmentRows(tx, [prior]))[0]!, replayed: true };
    }
    // checked after the insert so that a replay of a request made before the close still answers its first answer
    await assertOpen(tx, scope.organizationId, body.month);
    if (!(await isMemberOf(tx, scope.organizationId, body.staffId)))
      throw new AppError(ResultCode.notFound, 'performance.staffNotFound');
    return { ...(await adjustmentRows(tx, inserted))[0]!, replayed: false };
  });
}

/** Approves or rejects a pending adjustment: never by the person who asked for it, never in a closed month. */
export async function decideAdjustment(
  app: AppContext,
  scope: Scope,
  body: { id: number; remark?: string },
  approve: boolean,
) {
  return runUnitOfWork(app, async ({ tx, now }) => {
    const [row] = await tx
      .select()
      .from(perfAdjustments)
      .where(and(eq(perfAdjustments.id, body.id), eq(perfAdjustments.organizationId, scope.organizationId)));
    if (!row) throw new AppError(ResultCode.notFound, 'performance.adjustmentNotFound');
    await lockMonth(tx, scope.organizationId, row.month);
    await assertOpen(tx, scope.organizationId, row.month);
    if (row.requestedBy === scope.userId) throw forbidden('performance.ownAdjustment');
    const [updated] = await tx
      .update(perfAdjustments)
      .set(decisionOf(approve, scope.userId, now, body.remark))
      .where(and(eq(perfAdjustments.id, row.id), eq(perfAdjustments.status, AdjustmentStatus.pending)))
      .returning();
    if (!updated) throw refused('adjustmentDecided');
    return (await adjustmentRows(tx, [updated]))[0]!;
  });
}
