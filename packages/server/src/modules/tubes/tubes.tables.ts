import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, varchar } from 'drizzle-orm/pg-core';
import type { CareAction, RemovalReason, RiskItems, RiskLevel, TubeKind, TubeStatus } from '@rehab/shared';
import { organizations } from '../organizations/organizations.tables';
import { patients } from '../patients/patients.tables';
import { users } from '../users/users.tables';
import { createdAt, ts } from '../../db/columns';

/**
 * A tube or catheter of a patient (管路): what and where, when and by whom placed, its next planned change, its state
 * (placed -> maintained by the first care record -> removed with a reason) and its latest risk of unplanned
 * removal. `change_alerted_on` is the planned change day already announced, so the alert job tells once per day.
 */
export const tubes = pgTable(
  'care_tube',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id),
    treatmentId: integer('treatment_id'),
    kind: varchar('kind', { length: 16 }).$type<TubeKind>().notNull(),
    site: varchar('site', { length: 50 }).notNull(),
    size: varchar('size', { length: 20 }),
    placedOn: date('placed_on', { mode: 'string' }).notNull(),
    placedBy: varchar('placed_by', { length: 30 }).notNull(),
    plannedChangeOn: date('planned_change_on', { mode: 'string' }),
    status: varchar('status', { length: 12 }).$type<TubeStatus>().notNull(),
    riskScore: integer('risk_score'),
    riskLevel: varchar('risk_level', { length: 8 }).$type<RiskLevel>(),
    removedOn: date('removed_on', { mode: 'string' }),
    removalReason: varchar('removal_reason', { length: 12 }).$type<RemovalReason>(),
    removalNote: varchar('removal_note', { length: 200 }),
    remark: varchar('remark', { length: 200 }),
    lastCareAt: ts('last_care_at'),
    changeAlertedOn: date('change_alerted_on', { mode: 'string' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: ts('updated_at'),
  },
  (t) => [
    index('care_tube_org_idx').on(t.organizationId, t.id),
    index('care_tube_patient_idx').on(t.patientId),
    index('care_tube_change_idx')
      .on(t.plannedChangeOn)
      .where(sql`${t.status} <> 'removed'`),
  ],
);

/** A care record of a tube (append-only): the action, the risk items observed and the score they give. */
export const tubeCares = pgTable(
  'care_tube_record',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    tubeId: integer('tube_id')
      .notNull()
      .references(() => tubes.id),
    action: varchar('action', { length: 12 }).$type<CareAction>().notNull(),
    risk: jsonb('risk').$type<RiskItems>().notNull(),
    riskScore: integer('risk_score').notNull(),
    riskLevel: varchar('risk_level', { length: 8 }).$type<RiskLevel>().notNull(),
    note: varchar('note', { length: 200 }),
    caredAt: ts('cared_at').notNull(),
    caredBy: integer('cared_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('care_tube_record_tube_idx').on(t.tubeId, t.id)],
);
