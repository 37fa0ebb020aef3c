import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { offices } from '../offices/offices.tables';
import { organizations } from '../organizations/organizations.tables';
import { users } from '../users/users.tables';
import { audit } from '../../db/audit';

/**
 * A therapist group (治疗小组): therapists of an organization who share work. Projects can be assigned to a group, work
 * orders can be authorized to a therapist of a group, and post clock-in chooses the group the therapist works in today.
 */
export const treatmentTeams = pgTable(
  'sys_treatment_team',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    officeId: integer('office_id').references(() => offices.id),
    name: varchar('name', { length: 50 }).notNull(),
    /** the English name, shown on English screens (the Chinese name when empty) */
    nameEn: varchar('name_en', { length: 64 }),
    leaderId: integer('leader_id').references(() => users.id, { onDelete: 'set null' }),
    /** 1 in use, 0 disabled */
    status: smallint('status').notNull().default(1),
    remark: varchar('remark', { length: 20 }),
    ...audit(),
  },
  (t) => [uniqueIndex('sys_treatment_team_name_uq').on(t.organizationId, sql`lower(${t.name})`)],
);

/** Membership of a therapist in a group; `is_default` marks the group preselected at post clock-in (one per user). */
export const treatmentTeamMembers = pgTable(
  'sys_treatment_team_member',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => treatmentTeams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isDefault: boolean('is_default').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.userId] }), index('sys_treatment_team_member_user_idx').on(t.userId)],
);
