import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { organizations } from '../organizations/organizations.tables';
import { users } from '../users/users.tables';
import { sysProjectTemplate } from '../master-data/master-data.tables';
import { workOrders } from '../work-orders/work-orders.tables';
import { ts } from '../../db/columns';

/**
 * Performance (绩效, issue 16; docs/decisions.md "Performance (issue 16)"). Rule versions, facts and month closes are
 * append-only (migration 0027's triggers refuse UPDATE and DELETE): a correction is a reversal fact, a new rule is a
 * new version. Values are integer hundredths of a point; coefficients integer hundredths.
 */

/**
 * The columns of a request somebody else decides (adjustments, reopenings, appeals): its reason, the key that makes a
 * repeated request write once, its status, who asked and who decided.
 */
const decisionColumns = () => ({
  reason: varchar('reason', { length: 200 }).notNull(),
  requestKey: varchar('request_key', { length: 64 }).notNull(),
  /** shared AdjustmentStatus: 0 pending, 1 approved, 2 rejected */
  status: smallint('status').notNull().default(0),
  requestedBy: integer('requested_by')
    .notNull()
    .references(() => users.id),
  requestedAt: ts('requested_at').notNull(),
  decidedBy: integer('decided_by').references(() => users.id),
  decidedAt: ts('decided_at'),
  remark: varchar('remark', { length: 200 }),
});

/**
 * A rule version: the coefficient and points per session of a project template from `effective_from` on. The rule in
 * force on a day is the version of the latest effective_from not after it (the highest id among equal days).
 */
export const perfRuleVersions = pgTable(
  'perf_rule_version',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    projectTemplateId: integer('project_template_id')
      .notNull()
      .references(() => sysProjectTemplate.id),
    coefficientX100: integer('coefficient_x100').notNull(),
    points: integer('points').notNull(),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('perf_rule_version_lookup_idx').on(t.organizationId, t.projectTemplateId, t.effectiveFrom),
    check('perf_rule_version_range', sql`${t.coefficientX100} BETWEEN 0 AND 10000 AND ${t.points} >= 0`),
  ],
);

/**
 * A fact: one completed session (work order) counted for one staff member on its service day, valued by the rule
 * version in force that day. A recomputation that finds a fact no longer right adds its reversal (sessions -1, the
 * value negated, `reverses_id` the fact) and, where due, a new fact; the sum of a staff member's rows is the figure.
 */
export const perfFacts = pgTable(
  'perf_fact',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    day: date('day', { mode: 'string' }).notNull(),
    month: varchar('month', { length: 7 }).notNull(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => users.id),
    workOrderId: integer('work_order_id')
      .notNull()
      .references(() => workOrders.id),
    templateId: integer('template_id').references(() => sysProjectTemplate.id),
    comboName: varchar('combo_name', { length: 50 }).notNull().default(''),
    /** shared FactKind: 1 own order, 2 authorized, 3 substitute */
    kind: smallint('kind').notNull(),
    ruleVersionId: integer('rule_version_id').references(() => perfRuleVersions.id),
    coefficientX100: integer('coefficient_x100').notNull(),
    points: integer('points').notNull(),
    /** 1, or -1 on a reversal */
    sessions: smallint('sessions').notNull(),
    /** points x coefficient in hundredths of a point, negated on a reversal */
    value: integer('value').notNull(),
    reversesId: integer('reverses_id'),
    computedAt: ts('computed_at').notNull(),
  },
  (t) => [
    index('perf_fact_month_staff_idx').on(t.organizationId, t.month, t.staffId),
    index('perf_fact_day_idx').on(t.organizationId, t.day),
    uniqueIndex('perf_fact_reverses_uq')
      .on(t.reversesId)
      .where(sql`${t.reversesId} IS NOT NULL`),
    check('perf_fact_sessions', sql`${t.sessions} IN (1, -1)`),
  ],
);

/**
 * A closing of a month (结算): its facts, adjustments and the rules of its days no longer change, unless an approved
 * reopening (perf_month_reopen) names the close; the month may then close again (a new row).
 */
export const perfMonthCloses = pgTable(
  'perf_month_close',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    month: varchar('month', { length: 7 }).notNull(),
    closedBy: integer('closed_by').references(() => users.id),
    closedAt: ts('closed_at').notNull(),
  },
  (t) => [index('perf_month_close_month_idx').on(t.organizationId, t.month)],
);

/**
 * A request to reopen a closed month (migration 0060): asked by one administrator with a reason, approved or
 * rejected by another. Never deleted; a pending request is decided once (a trigger refuses any other change). An
 * approved one names the close it undid, which stays.
 */
export const perfMonthReopens = pgTable(
  'perf_month_reopen',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    month: varchar('month', { length: 7 }).notNull(),
    closeId: integer('close_id')
      .notNull()
      .references(() => perfMonthCloses.id),
    ...decisionColumns(),
  },
  (t) => [
    uniqueIndex('perf_month_reopen_key_uq').on(t.organizationId, t.requestKey),
    uniqueIndex('perf_month_reopen_live_uq')
      .on(t.closeId)
      .where(sql`${t.status} IN (0, 1)`),
    index('perf_month_reopen_month_idx').on(t.organizationId, t.month),
    check('perf_month_reopen_four_eyes', sql`${t.decidedBy} IS NULL OR ${t.decidedBy} <> ${t.requestedBy}`),
  ],
);

/**
 * An adjustment of a staff member's month (teaching, on-call, an appeal): requested by one person, approved or
 * rejected by another; only approved ones count. The request key makes a repeated request write once.
 */
export const perfAdjustments = pgTable(
  'perf_adjustment',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    staffId: integer('staff_id')
      .notNull()
      .references(() => users.id),
    month: varchar('month', { length: 7 }).notNull(),
    /** hundredths of a point */
    delta: integer('delta').notNull(),
    ...decisionColumns(),
  },
  (t) => [
    uniqueIndex('perf_adjustment_key_uq').on(t.organizationId, t.requestKey),
    index('perf_adjustment_month_idx').on(t.organizationId, t.month),
    check('perf_adjustment_four_eyes', sql`${t.decidedBy} IS NULL OR ${t.decidedBy} <> ${t.requestedBy}`),
  ],
);

/**
 * A quality coefficient (考核系数, migration 0061) of a staff member's month, in hundredths (95 = 0.95): the facts'
 * value of the month is multiplied by the latest version (the highest id); none is 1.00. Append-only.
 */
export const perfQualities = pgTable(
  'perf_quality',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    staffId: integer('staff_id')
      .notNull()
      .references(() => users.id),
    month: varchar('month', { length: 7 }).notNull(),
    coefficientX100: integer('coefficient_x100').notNull(),
    reason: varchar('reason', { length: 200 }),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('perf_quality_month_idx').on(t.organizationId, t.month, t.staffId),
    check('perf_quality_range', sql`${t.coefficientX100} BETWEEN 0 AND 200`),
  ],
);

/**
 * The publication of a closed month's statements to staff (migration 0062): it names the close it published, one
 * publication a close (a month reopened and closed again is published anew). Append-only.
 */
export const perfPublications = pgTable(
  'perf_publication',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    month: varchar('month', { length: 7 }).notNull(),
    closeId: integer('close_id')
      .notNull()
      .references(() => perfMonthCloses.id),
    publishedBy: integer('published_by')
      .notNull()
      .references(() => users.id),
    publishedAt: ts('published_at').notNull(),
  },
  (t) => [
    uniqueIndex('perf_publication_close_uq').on(t.closeId),
    index('perf_publication_month_idx').on(t.organizationId, t.month),
  ],
);

/**
 * A staff member's appeal (申诉) on their published statement: the requester is the appellant; somebody else accepts
 * (the correction is then an adjustment) or rejects it with a reason (`remark`). Never deleted; answered once.
 */
export const perfAppeals = pgTable(
  'perf_appeal',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    month: varchar('month', { length: 7 }).notNull(),
    publicationId: integer('publication_id')
      .notNull()
      .references(() => perfPublications.id),
    ...decisionColumns(),
  },
  (t) => [
    uniqueIndex('perf_appeal_key_uq').on(t.organizationId, t.requestKey),
    uniqueIndex('perf_appeal_pending_uq')
      .on(t.publicationId, t.requestedBy)
      .where(sql`${t.status} = 0`),
    index('perf_appeal_month_idx').on(t.organizationId, t.month),
    check('perf_appeal_four_eyes', sql`${t.decidedBy} IS NULL OR ${t.decidedBy} <> ${t.requestedBy}`),
    check('perf_appeal_rejected_reason', sql`${t.status} <> 2 OR ${t.remark} IS NOT NULL`),
  ],
);
