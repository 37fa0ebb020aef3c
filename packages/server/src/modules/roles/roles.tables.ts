import { boolean, integer, jsonb, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { type NameLang } from '@rehab/shared';
import { createdAt } from '../../db/columns';
import { organizations } from '../organizations/organizations.tables';
import { users } from '../users/users.tables';

export const roles = pgTable('sys_role', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: varchar('name', { length: 64 }).notNull(),
  nameLang: jsonb('name_lang').$type<NameLang>().notNull().default({}),
  remark: varchar('remark', { length: 100 }),
  /** null: a platform role usable in every organization; otherwise the organization that owns it */
  organizationId: integer('organization_id'),
  builtin: boolean('builtin').notNull().default(false),
  createdAt: createdAt(),
});

/** A role a user holds in one organization. */
export const userRoles = pgTable(
  'sys_user_role',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.organizationId, t.roleId] })],
);
