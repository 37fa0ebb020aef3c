import { index, integer, jsonb, pgTable, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';

/** Operation log: one row per state-changing API request, written after the answer (see modules/logs). */
export const operationLogs = pgTable(
  'sys_log',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id'),
    userName: varchar('user_name', { length: 64 }),
    organizationId: integer('organization_id'),
    /** readable name of the operation, e.g. `version save` (from the url pattern) */
    operation: varchar('operation', { length: 200 }).notNull(),
    method: varchar('method', { length: 8 }).notNull(),
    /** create | update | delete | signIn | signOut | export | import | other (read: rows of old list calls) */
    kind: varchar('kind', { length: 16 }).notNull().default('other'),
    /** the route's url pattern under /api */
    url: varchar('url', { length: 200 }).notNull(),
    /** body and query with secrets removed */
    params: jsonb('params'),
    durationMs: integer('duration_ms').notNull(),
    ip: varchar('ip', { length: 64 }),
    status: integer('status').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('sys_log_org_time_idx').on(t.organizationId, t.createdAt),
    index('sys_log_org_kind_time_idx').on(t.organizationId, t.kind, t.createdAt),
  ],
);

/**
 * Access log (issue 22): one row per read of patient data a route reports (a record, a report, a file, a list, an
 * export with its row count and filters). Append-only: a trigger refuses updates, and deletes except by the
 * retention job (migration 0034).
 */
export const accessLogs = pgTable(
  'sys_access_log',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id'),
    userId: integer('user_id'),
    userName: varchar('user_name', { length: 64 }),
    patientId: integer('patient_id'),
    /** record | report | file | list | export */
    kind: varchar('kind', { length: 16 }).notNull(),
    /** what was read when it is not the patient itself, e.g. `treatment 12`, `assessment 7` */
    subject: varchar('subject', { length: 100 }),
    /** the permission of the route that read */
    operation: varchar('operation', { length: 200 }).notNull(),
    url: varchar('url', { length: 200 }).notNull(),
    rows: integer('rows'),
    filters: jsonb('filters'),
    ip: varchar('ip', { length: 64 }),
    createdAt: createdAt(),
  },
  (t) => [
    index('sys_access_log_org_time_idx').on(t.organizationId, t.createdAt),
    index('sys_access_log_patient_idx').on(t.organizationId, t.patientId, t.createdAt),
  ],
);
