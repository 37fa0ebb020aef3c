import { boolean, integer, jsonb, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { DEFAULT_PRODUCTS, type NameLang } from '@rehab/shared';
import { createdAt } from '../../db/columns';

export const organizations = pgTable('sys_organization', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  parentId: integer('parent_id'),
  name: varchar('name', { length: 100 }).notNull(),
  nameLang: jsonb('name_lang').$type<NameLang>().notNull().default({}),
  caIntegration: boolean('ca_integration').notNull().default(false),
  status: integer('status').notNull().default(1),
  contactName: varchar('contact_name', { length: 64 }),
  contactPhone: varchar('contact_phone', { length: 20 }),
  address: varchar('address', { length: 60 }),
  /** enabled product modules (PRODUCT_MODULES codes of the shared package) */
  products: jsonb('products').$type<string[]>().notNull().default(DEFAULT_PRODUCTS),
  createdAt: createdAt(),
});

/**
 * Relations between organizations (a medical consortium, referral partners): stored once per pair with the smaller
 * id first, read both ways.
 */
export const organizationRelations = pgTable(
  'sys_organization_relation',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    relatedOrganizationId: integer('related_organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.relatedOrganizationId] })],
);
