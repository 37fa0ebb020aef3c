import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import { FactKind, ResultCode } from '@rehab/shared';
import type { Tx, TxOrDb } from '../../db/client';
import { AppError, conflict } from '../../http/errors';
import { completedSessionsOfDay, type CompletedSessionFact } from '../work-orders';
import { perfFacts, perfMonthCloses, perfRuleVersions } from './performance.tables';

/** 409 with a performance message. */
export const refused = (key: string, params: Record<string, string | number> = {}) =>
  conflict(`performance.${key}`, params);
/** 400 with a performance message. */
export const invalid = (key: string, params: Record<string, string | number> = {}) =>
  new AppError(ResultCode.badRequest, `performance.${key}`, params);

export const monthOf = (day: string) => day.slice(0, 7);

/** The day before (calendar arithmetic on YYYY-MM-DD, no time zone involved). */
export const dayBefore = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/** Every day of a month, up to `last` (inclusive) when the month reaches it. */
export function daysOfMonth(month: string, last?: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${month}-01T00:00:00Z`); ; t += 86_400_000) {
    const day = new Date(t).toISOString().slice(0, 10);
    if (monthOf(day) !== month || (last !== undefined && day > last)) break;
    out.push(day);
  }
  return out;
}

/**
 * Serializes the writers of one organization's month (recomputation, close, rule versions, adjustments) in the
 * transaction: whoever closes a month waits for a running recomputation and the other way round.
 */
export async function lockMonth(tx: Tx, organizationId: number, month: string) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${organizationId}, hashtext(${`perf:${month}`}))`);
}

/** A close still in force: no approved reopening names it (docs/decisions.md, reopening a closed month). */
const closeInForce = sql`NOT EXISTS (SELECT 1 FROM perf_month_reopen r WHERE r.close_id = ${perfMonthCloses.id} AND r.status = 1)`;

/** The close in force of a month, if it is closed (at most one: a month closes again only once reopened). */
export async function closedMonth(db: TxOrDb, organizationId: number, month: string) {
  const [row] = await db
    .select()
    .from(perfMonthCloses)
    .where(and(eq(perfMonthCloses.organizationId, organizationId), eq(perfMonthCloses.month, month), closeInForce))
    .orderBy(desc(perfMonthCloses.id))
    .limit(1);
  return row ?? null;
}

/** Refuses (409) when the month is closed. */
export async function assertOpen(db: TxOrDb, organizationId: number, month: string) {
  if (await closedMonth(db, organizationId, month)) throw refused('monthClosed', { month });
}

/** The latest closed month of an organization at or after `month`, if any. */
export async function closedFrom(db: TxOrDb, organizationId: number, month: string) {
  const rows = await db
    .select({ month: perfMonthCloses.month })
    .from(perfMonthCloses)
    .where(and(eq(perfMonthCloses.organizationId, organizationId), gte(perfMonthCloses.month, month), closeInForce))
    .orderBy(asc(perfMonthCloses.month))
    .limit(1);
  return rows[0]?.month ?? null;
}

type RuleVersion = typeof perfRuleVersions.$inferSelect;

/** The rule version in force on a day for each project template: the latest effective_from not after it. */
export async function rulesInForce(db: TxOrDb, organizationId: number, day: string): Promise<Map<number, RuleVersion>> {
  const rows = await db
    .select()
    .from(perfRuleVersions)
    .where(and(eq(perfRuleVersions.organizationId, organizationId), lte(perfRuleVersions.effectiveFrom, day)))
    .orderBy(asc(perfRuleVersions.effectiveFrom), asc(perfRuleVersions.id));
  const out = new Map<number, RuleVersion>();
  for (const r of rows) out.set(r.projectTemplateId, r); // later rows win
  return out;
}

type FactDraft = {
  staffId: number;
  workOrderId: number;
  templateId: number | null;
  comboName: string;
  kind: number;
  ruleVersionId: number | null;
  coefficientX100: number;
  points: number;
  value: number;
};

/**
 * Who a completed session counts for, and how (docs/decisions.md "Performance (issue 16)"): the executor gets the
 * whole session (the responsible therapist when no executor was recorded). An authorized order executed by the
 * authorized therapist is kind `authorized`; an executor other than the responsible therapist, without
 * authorization, is a `substitute`.
 */
export function creditOf(s: CompletedSessionFact): { staffId: number; kind: number } | null {
  const staffId = s.executorId ?? s.authorizedTherapistId ?? s.therapistId;
  if (staffId === null) return null;
  if (s.authorizedTherapistId !== null && staffId === s.authorizedTherapistId)
    return { staffId, kind: FactKind.authorized };
  if (s.therapistId !== null && staffId !== s.therapistId) return { staffId, kind: FactKind.substitute };
  return { staffId, kind: FactKind.own };
}

const same = (a: FactDraft, b: FactDraft) =>
  a.staffId === b.staffId &&
  a.templateId === b.templateId &&
  a.comboName === b.comboName &&
  a.kind === b.kind &&
  a.ruleVersionId === b.ruleVersionId &&
  a.coefficientX100 === b.coefficientX100 &&
  a.points === b.points &&
  a.value === b.value;

/** The facts of a day not reversed yet (a staff member's figure is their sum). */
export async function openFactsOfDay(db: TxOrDb, organizationId: number, day: string) {
  return db
    .select()
    .from(perfFacts)
    .where(
      and(
        eq(perfFacts.organizationId, organizationId),
        eq(perfFacts.day, day),
        eq(perfFacts.sessions, 1),
        sql`NOT EXISTS (SELECT 1 FROM perf_fact r WHERE r.reverses_id = ${perfFacts.id})`,
      ),
    )
    .orderBy(asc(perfFacts.id));
}

/**
 * Computes the facts of one organization's day: what the completed sessions and the rules in force say now, against
 * the facts already written. A fact still right stays; one no longer right gets its reversal; a missing one is
 * added. Running it twice writes nothing the second time. The caller holds the month's lock and checked it is open.
 */
export async function computeDay(tx: Tx, organizationId: number, day: string, now: Date) {
  const [sessions, rules, open] = await Promise.all([
    completedSessionsOfDay(tx, day, organizationId),
    rulesInForce(tx, organizationId, day),
    openFactsOfDay(tx, organizationId, day),
  ]);
  const wanted = new Map<string, FactDraft>();
  for (const s of sessions) {
    const credit = creditOf(s);
    if (!credit) continue;
    const rule = s.templateId === null ? undefined : rules.get(s.templateId);
    wanted.set(`${s.id}:${credit.staffId}`, {
      staffId: credit.staffId,
      workOrderId: s.id,
      templateId: s.templateId,
      comboName: s.comboName ?? '',
      kind: credit.kind,
      ruleVersionId: rule?.id ?? null,
      coefficientX100: rule?.coefficientX100 ?? 0,
      points: rule?.points ?? 0,
      value: rule ? rule.points * rule.coefficientX100 : 0,
    });
  }
  const reversals: (typeof perfFacts.$inferInsert)[] = [];
  for (const f of open) {
    const key = `${f.workOrderId}:${f.staffId}`;
    const want = wanted.get(key);
    if (want && same(want, f)) {
      wanted.delete(key);
      continue;
    }
    reversals.push({
      organizationId,
      day,
      month: monthOf(day),
      staffId: f.staffId,
      workOrderId: f.workOrderId,
      templateId: f.templateId,
      comboName: f.comboName,
      kind: f.kind,
      ruleVersionId: f.ruleVersionId,
      coefficientX100: f.coefficientX100,
      points: f.points,
      sessions: -1,
      value: -f.value,
      reversesId: f.id,
      computedAt: now,
    });
  }
  const inserts = [...wanted.values()].map((w) => ({
    organizationId,
    day,
    month: monthOf(day),
    ...w,
    sessions: 1,
    reversesId: null,
    computedAt: now,
  }));
  if (reversals.length) await tx.insert(perfFacts).values(reversals);
  if (inserts.length) await tx.insert(perfFacts).values(inserts);
  return { inserted: inserts.length, reversed: reversals.length };
}

/** The organizations with facts between two days (a day whose sessions all went away still needs its reversals). */
export async function organizationsWithFacts(db: TxOrDb, from: string, to: string): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: perfFacts.organizationId })
    .from(perfFacts)
    .where(and(gte(perfFacts.day, from), lte(perfFacts.day, to)));
  return rows.map((r) => r.id);
}
