import { index, integer, jsonb, pgTable, varchar } from 'drizzle-orm/pg-core';
import { type NameLang } from '@rehab/shared';
import { createdAt } from '../../db/columns';
import { organizations } from '../organizations/organizations.tables';

export const offices = pgTable(
  'sys_office',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: varchar('name', { length: 64 }).notNull(),
    nameLang: jsonb('name_lang').$type<NameLang>().notNull().default({}),
    orderNum: integer('order_num').notNull().default(0),
    parentId: integer('parent_id'),
    /** sys_office_type (a master-data entity); the foreign key is in the migration */
    officeTypeId: integer('office_type_id'),
    phone: varchar('phone', { length: 20 }),
    remark: varchar('remark', { length: 20 }),
    createdAt: createdAt(),
  },
  (t) => [index('sys_office_org_idx').on(t.organizationId)],
);
