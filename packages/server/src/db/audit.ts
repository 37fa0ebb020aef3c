/**
 * The audit columns shared by the module table files: who created and last changed a row, and when. Apart from
 * db/columns.ts because they reference the users table, which itself uses the plain column helpers.
 */
import { integer } from 'drizzle-orm/pg-core';
import { users } from '../modules/users/users.tables';
import { ts } from './columns';

/** Who created and last changed a row, and when. */
export const audit = () => ({
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
