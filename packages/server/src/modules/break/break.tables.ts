import { boolean, index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns';
import { audit } from '../../db/audit';

/**
 * A maintenance window (/system/break): platform-wide, never overlapping another (an exclusion constraint of the
 * migration), with its notice in both languages and whether sign-in is paused while it lasts.
 */
export const maintenanceWindows = pgTable(
  'sys_maintenance_window',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    messageZh: varchar('message_zh', { length: 500 }).notNull(),
    messageEn: varchar('message_en', { length: 500 }).notNull(),
    blockSignIn: boolean('block_sign_in').notNull().default(true),
    ...audit(),
  },
  (t) => [index('sys_maintenance_window_ends_idx').on(t.endsAt)],
);
