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
    /** the route's url pattern under /api */
    url: varchar('url', { length: 200 }).notNull(),
    /** body and query with secrets removed */
    params: jsonb('params'),
    durationMs: integer('duration_ms').notNull(),
    ip: varchar('ip', { length: 64 }),
    status: integer('status').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sys_log_org_time_idx').on(t.organizationId, t.createdAt)],
);
