import { index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { bytea, createdAt } from '../../db/columns';
import { organizations } from '../organizations/organizations.tables';
import { users } from '../users/users.tables';
import { sysProductInfo } from './master-data.tables';

/**
 * The pictures of a product of the information catalogue (issue 20, migration 0072): the image as stored (checked
 * and compressed on upload), in the product's order (`position` from 0; the first is the cover). Owned by the
 * master-data module; deleting the product deletes its pictures.
 */
export const productPictures = pgTable(
  'sys_product_picture',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    productId: integer('product_id')
      .notNull()
      .references(() => sysProductInfo.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    mime: varchar('mime', { length: 50 }).notNull(),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('sys_product_picture_product_idx').on(t.productId, t.position),
    index('sys_product_picture_org_idx').on(t.organizationId),
  ],
);
