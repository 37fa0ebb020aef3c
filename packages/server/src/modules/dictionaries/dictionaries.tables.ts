import { sql } from 'drizzle-orm';
import { index, integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { organizations } from '../organizations/organizations.tables';
import { users } from '../users/users.tables';

/**
 * An organization's own entry in an extensible application dictionary (the built-in entries are constants in
 * `@rehab/shared`, the same for every organization). The code is unique within the organization's dictionary and
 * may not repeat a built-in code (checked by the service).
 */
export const dictItems = pgTable(
  'sys_dict_item',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    type: varchar('type', { length: 32 }).notNull(),
    k: varchar('k', { length: 20 }).notNull(),
    valZh: varchar('val_zh', { length: 50 }).notNull(),
    valEn: varchar('val_en', { length: 64 }).notNull().default(''),
    sort: integer('sort'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sys_dict_item_uq').on(t.organizationId, t.type, sql`lower(${t.k})`),
    index('sys_dict_item_org_type_idx').on(t.organizationId, t.type),
  ],
);
