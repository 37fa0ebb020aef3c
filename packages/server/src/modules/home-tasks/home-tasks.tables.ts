import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { FrequencyUnit, TaskFieldChange, TaskKind, TaskStatus } from '@rehab/shared';
import { organizations } from '../organizations/organizations.tables';
import { patients } from '../patients/patients.tables';
import { users } from '../users/users.tables';
import { createdAt, ts } from '../../db/columns';

/**
 * A home-training task (居家训练任务): an exercise, or a published article or education item of the content module
 * (its id and both titles as they were when assigned), so many times a day or a week over a period. The patient's
 * link is a random token of which only the SHA-256 hash is kept.
 */
export const homeTasks = pgTable(
  'care_home_task',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id),
    kind: varchar('kind', { length: 12 }).$type<TaskKind>().notNull(),
    titleZh: varchar('title_zh', { length: 200 }).notNull(),
    titleEn: varchar('title_en', { length: 200 }).notNull().default(''),
    /** the cms_item given (education tasks); no foreign key: content is another module's, read through its face */
    contentId: integer('content_id'),
    instructions: varchar('instructions', { length: 500 }).notNull().default(''),
    timesPerUnit: integer('times_per_unit').notNull(),
    frequencyUnit: varchar('frequency_unit', { length: 6 }).$type<FrequencyUnit>().notNull(),
    startOn: date('start_on', { mode: 'string' }).notNull(),
    endOn: date('end_on', { mode: 'string' }).notNull(),
    status: varchar('status', { length: 10 }).$type<TaskStatus>().notNull(),
    stopReason: varchar('stop_reason', { length: 200 }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    therapistId: integer('therapist_id').references(() => users.id, { onDelete: 'set null' }),
    closedBy: integer('closed_by').references(() => users.id, { onDelete: 'set null' }),
    closedAt: ts('closed_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at'),
  },
  (t) => [
    index('care_home_task_org_idx').on(t.organizationId, t.id),
    index('care_home_task_patient_idx').on(t.patientId),
    uniqueIndex('care_home_task_token_uq').on(t.tokenHash),
    index('care_home_task_active_idx')
      .on(t.organizationId, t.endOn)
      .where(sql`${t.status} = 'active'`),
  ],
);

/** What the patient reported done: a day, how many times, a note. Append-only. */
export const homeTaskReports = pgTable(
  'care_home_task_report',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    taskId: integer('task_id')
      .notNull()
      .references(() => homeTasks.id),
    doneOn: date('done_on', { mode: 'string' }).notNull(),
    times: integer('times').notNull(),
    note: varchar('note', { length: 200 }).notNull().default(''),
    reportedAt: ts('reported_at').notNull(),
  },
  (t) => [index('care_home_task_report_task_idx').on(t.taskId, t.doneOn)],
);

/**
 * Every edit of an active task (frequency, last day, instructions): who, when, and the changed fields with their
 * values before and after. Append-only: written in the edit's unit of work, never updated or deleted.
 */
export const homeTaskChanges = pgTable(
  'care_home_task_change',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    taskId: integer('task_id')
      .notNull()
      .references(() => homeTasks.id),
    changes: jsonb('changes').$type<TaskFieldChange[]>().notNull(),
    changedBy: integer('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedAt: ts('changed_at').notNull(),
  },
  (t) => [index('care_home_task_change_task_idx').on(t.taskId, t.id)],
);
