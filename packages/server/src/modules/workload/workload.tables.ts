import { date, index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { organizations } from '../organizations/organizations.tables';
import { users } from '../users/users.tables';
import { ts } from '../../db/columns';
import { treatmentTeams } from '../teams/teams.tables';

/**
 * Post clock-in (岗位打卡, spec section 4): the therapist group a member of the treating staff works in on a day.
 * One row per user, organization and day; clocking in again that day changes the team and keeps the first time.
 * The team's name is copied so the record reads the same after the group is renamed or deleted.
 */
export const clockIns = pgTable(
  'sys_clock_in',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    teamId: integer('team_id').references(() => treatmentTeams.id, { onDelete: 'set null' }),
    teamName: varchar('team_name', { length: 50 }).notNull(),
    /** the day in the organization's time zone (SCHEDULER_TIMEZONE) */
    checkDate: date('check_date', { mode: 'string' }).notNull(),
    /** the first clock-in of the day */
    checkedAt: ts('checked_at').notNull().defaultNow(),
    /** the last change of the post that day */
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sys_clock_in_user_day_uq').on(t.userId, t.organizationId, t.checkDate),
    index('sys_clock_in_org_day_idx').on(t.organizationId, t.checkDate),
  ],
);
