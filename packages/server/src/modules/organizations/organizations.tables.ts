import { integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from '../../db/schema';

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
