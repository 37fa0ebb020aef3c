import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { offices } from '../offices/offices.tables';
import { organizations } from '../organizations/organizations.tables';
import { users } from '../users/users.tables';
import { sysEquipment } from '../master-data/master-data.tables';
import { bytea, ts } from '../../db/columns';
import { audit } from '../../db/audit';
import { patients, treatmentProjects, treatments } from '../patients/patients.tables';
import { treatmentTeams } from '../teams/teams.tables';

/**
 * A work order (治疗工单; a "referral" in the spec's API): one treatment of a project on one treatment day. Generated from
 * the project's treatment days (shared `treatmentDays`); `seq` numbers the orders of one project on one day, so
 * generating twice writes nothing new. Status codes and transitions: shared `WorkOrderStatus`, `transitionWorkOrder`.
 */
export const workOrders = pgTable(
  'wo_work_order',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id),
    treatmentId: integer('treatment_id')
      .notNull()
      .references(() => treatments.id),
    projectId: integer('project_id')
      .notNull()
      .references(() => treatmentProjects.id),
    execOfficeId: integer('exec_office_id')
      .notNull()
      .references(() => offices.id),
    equipmentId: integer('equipment_id').references(() => sysEquipment.id),
    /** the therapist responsible (the project's therapist when generated) */
    therapistId: integer('therapist_id').references(() => users.id),
    /** the therapist group responsible (the project's group when generated) */
    teamId: integer('team_id').references(() => treatmentTeams.id),
    treatDate: date('treat_date', { mode: 'string' }).notNull(),
    seq: smallint('seq').notNull().default(1),
    /** 1 unfinished, 2 invalidated, 3 completed, 4 expired */
    status: smallint('status').notNull().default(1),
    signed: boolean('signed').notNull().default(false),
    photographed: boolean('photographed').notNull().default(false),
    /** the therapist who executed it (start therapist) */
    executorId: integer('executor_id').references(() => users.id),
    completedAt: ts('completed_at'),
    invalidReason: varchar('invalid_reason', { length: 100 }),
    authorizedTherapistId: integer('authorized_therapist_id').references(() => users.id),
    authorizedTeamId: integer('authorized_team_id').references(() => treatmentTeams.id),
    authorizerId: integer('authorizer_id').references(() => users.id),
    /** when the patient checked in for it */
    checkedInAt: ts('checked_in_at'),
    remark: varchar('remark', { length: 30 }),
    /** the treatment record of the execution, written by the therapist who executed it (editTreatRecord) */
    treatRecord: varchar('treat_record', { length: 500 }),
    ...audit(),
  },
  (t) => [
    uniqueIndex('wo_work_order_project_day_uq').on(t.projectId, t.treatDate, t.seq),
    // signed last: the day's and a range's counts by status and signature read the index alone (the big screen's
    // 30-day quality tiles over a year of orders)
    index('wo_work_order_org_day_idx').on(t.organizationId, t.treatDate, t.status, t.signed),
    index('wo_work_order_therapist_day_idx').on(t.therapistId, t.treatDate),
    index('wo_work_order_authorized_day_idx')
      .on(t.authorizedTherapistId, t.treatDate)
      .where(sql`${t.authorizedTherapistId} IS NOT NULL`),
    index('wo_work_order_patient_day_idx').on(t.patientId, t.treatDate),
    // the lists' order within a day (patient, project, seq): one day's page is read from the index, in order
    index('wo_work_order_org_day_patient_idx').on(t.organizationId, t.treatDate, t.patientId, t.projectId, t.seq),
  ],
);

/**
 * How many orders an organization has per treatment day, status and signature (issue 23): kept by statement
 * triggers on wo_work_order (migration 0043) in the writing transaction, so the lists' exact totals and the day a
 * page falls on are read from a few hundred rows instead of counting a year of orders. Nobody writes it but them.
 */
export const workOrderDayCounts = pgTable(
  'wo_day_count',
  {
    organizationId: integer('organization_id').notNull(),
    treatDate: date('treat_date', { mode: 'string' }).notNull(),
    status: smallint('status').notNull(),
    signed: boolean('signed').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [uniqueIndex('wo_day_count_uq').on(t.organizationId, t.treatDate, t.status, t.signed)],
);

/**
 * A file of a work order: the patient's signature (kind 1, PNG from the signature pad) or a photo (kind 2, JPG or
 * PNG up to 5 MB, checked by content). Never deleted: a withdrawal stamps `withdrawn_at`, so the history keeps them.
 */
export const workOrderFiles = pgTable(
  'wo_work_order_file',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    workOrderId: integer('work_order_id')
      .notNull()
      .references(() => workOrders.id),
    /** 1 signature, 2 photo */
    kind: smallint('kind').notNull(),
    mime: varchar('mime', { length: 32 }).notNull(),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
    withdrawnAt: ts('withdrawn_at'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('wo_work_order_file_order_idx').on(t.workOrderId, t.kind)],
);

/** Every change of a work order (who, when, from state, to state, reason; the file a sign or photo added). */
export const workOrderHistory = pgTable(
  'wo_work_order_history',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    workOrderId: integer('work_order_id')
      .notNull()
      .references(() => workOrders.id),
    /** a shared `WorkOrderAction`, or generate / expire / checkIn / schedule for the product's own changes */
    action: varchar('action', { length: 24 }).notNull(),
    fromStatus: smallint('from_status'),
    toStatus: smallint('to_status').notNull(),
    reason: varchar('reason', { length: 100 }),
    fileId: integer('file_id').references(() => workOrderFiles.id),
    /** null when the product itself acted (generation, the expiry job) */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [index('wo_work_order_history_order_idx').on(t.workOrderId, t.at)],
);
