import { sql } from 'drizzle-orm';
import { index, integer, jsonb, numeric, pgTable, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { AssessBand } from '@rehab/shared';
import { organizations } from '../organizations/organizations.tables';
import { users } from '../users/users.tables';
import { bytea, ts } from '../../db/columns';
import { audit } from '../../db/audit';
import { patients, treatments } from '../patients/patients.tables';
import { assessmentMethods } from '../methods/methods.tables';

/**
 * An assessment project (spec section 3, Assessment): one scale (through the organization's method) to assess for a
 * patient's course in a phase, by an assessor, possibly authorized to another evaluator, at a planned time. Status
 * codes and transitions: `transitionAssessment` in packages/shared/src/assessments.
 */
export const assessProjects = pgTable(
  'asm_project',
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
    methodId: integer('method_id')
      .notNull()
      .references(() => assessmentMethods.id),
    /** the method's scale when the project was planned (the method's scale is fixed, this keeps reads join-free) */
    scaleCode: varchar('scale_code', { length: 64 }).notNull(),
    /** assessType: 1 outpatient, 2 admission, 3 mid-term, 4 discharge */
    phase: smallint('phase').notNull(),
    assessorId: integer('assessor_id')
      .notNull()
      .references(() => users.id),
    authorizedId: integer('authorized_id').references(() => users.id),
    authorizerId: integer('authorizer_id').references(() => users.id),
    plannedTime: ts('planned_time').notNull(),
    reportName: varchar('report_name', { length: 50 }).notNull(),
    remark: varchar('remark', { length: 100 }),
    /** 1 not started, 2 in progress (stored temporarily), 3 completed, 4 ended, 5 cancelled */
    status: smallint('status').notNull().default(1),
    closedAt: ts('closed_at'),
    closedBy: integer('closed_by').references(() => users.id),
    ...audit(),
  },
  (t) => [
    index('asm_project_org_status_idx').on(t.organizationId, t.status, t.plannedTime),
    index('asm_project_treatment_idx').on(t.treatmentId),
    index('asm_project_patient_idx').on(t.patientId),
    index('asm_project_assessor_idx').on(t.assessorId, t.status),
    index('asm_project_authorized_idx')
      .on(t.authorizedId, t.status)
      .where(sql`${t.authorizedId} IS NOT NULL`),
    index('asm_project_method_idx').on(t.methodId),
  ],
);

/**
 * The answers of a project: a draft while stored temporarily, then the submitted record with the server's score
 * (the client's total is never trusted). One per project.
 */
export const assessRecords = pgTable(
  'asm_record',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => assessProjects.id),
    /** 1 draft (stored temporarily), 2 submitted */
    state: smallint('state').notNull().default(1),
    answers: jsonb('answers').$type<Record<string, string | number>>().notNull(),
    total: numeric('total', { precision: 10, scale: 2 }),
    subscores: jsonb('subscores').$type<Record<string, number | null>>(),
    band: jsonb('band').$type<AssessBand | null>(),
    levels: jsonb('levels').$type<Record<string, string | number> | null>(),
    savedBy: integer('saved_by').references(() => users.id),
    savedAt: ts('saved_at').notNull().defaultNow(),
    submittedBy: integer('submitted_by').references(() => users.id),
    submittedAt: ts('submitted_at'),
    /** when the assessment was done, as the evaluator entered it on submission (null: records from before it) */
    assessedAt: ts('assessed_at'),
  },
  (t) => [uniqueIndex('asm_record_project_uq').on(t.projectId)],
);

/** A report attachment of a project: one format per project, 100 MB in total (spec sections 5 and 9). */
export const assessAttachments = pgTable(
  'asm_attachment',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    projectId: integer('project_id')
      .notNull()
      .references(() => assessProjects.id),
    name: varchar('name', { length: 200 }).notNull(),
    /** the format: the detected file type's extension (jpg for .jpeg too) */
    format: varchar('format', { length: 10 }).notNull(),
    mime: varchar('mime', { length: 100 }).notNull(),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('asm_attachment_project_idx').on(t.projectId)],
);
