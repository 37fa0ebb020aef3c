import { index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { organizations } from '../organizations/organizations.tables';

/** A treatment period of an organization's day: sessions of a length with rests between, from start to end. */
export const timePeriods = pgTable(
  'sys_time_period',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    startTime: varchar('start_time', { length: 5 }).notNull(),
    endTime: varchar('end_time', { length: 5 }).notNull(),
    sessionMinutes: integer('session_minutes').notNull(),
    restMinutes: integer('rest_minutes').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('sys_time_period_org_idx').on(t.organizationId)],
);

/**
 * The slots generated from the periods. A slot that stays the same across saves keeps its id, so schedules can
 * refer to it.
 */
export const timeSlots = pgTable(
  'sys_time_slot',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    startTime: varchar('start_time', { length: 5 }).notNull(),
    endTime: varchar('end_time', { length: 5 }).notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('sys_time_slot_org_time_uq').on(t.organizationId, t.startTime, t.endTime)],
);
