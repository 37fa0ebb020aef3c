import { boolean, integer, jsonb, pgTable, primaryKey, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { type NameLang } from '@rehab/shared';
import { createdAt } from '../../db/columns';
import { roles } from '../roles/roles.tables';

/** Menu tree: type 0 directory, 1 menu (a screen), 2 button (a permission inside a screen). */
export const menus = pgTable(
  'sys_menu',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    parentId: integer('parent_id').notNull().default(0),
    /** stable key of a built-in menu, so that new releases can add their menus to existing databases */
    key: varchar('key', { length: 100 }),
    type: integer('type').notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    nameLang: jsonb('name_lang').$type<NameLang>().notNull().default({}),
    url: varchar('url', { length: 200 }),
    perms: varchar('perms', { length: 500 }),
    icon: varchar('icon', { length: 64 }),
    orderNum: integer('order_num').notNull().default(0),
    builtin: boolean('builtin').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sys_menu_key_uq').on(t.key)],
);

export const roleMenus = pgTable(
  'sys_role_menu',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    menuId: integer('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.menuId] })],
);
