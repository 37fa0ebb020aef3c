import { bigint, integer, pgTable } from 'drizzle-orm/pg-core';

/**
 * The data version of an organization (organization 0: rows of none, as staff names), bumped at commit by triggers
 * on the tables the cached answers show (migration 0019, db/data-version.ts).
 */
export const dataVersions = pgTable('sys_data_version', {
  organizationId: integer('organization_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
