import { integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema';
import { bytea } from '../../db/columns';

/**
 * A user's handwritten signature image (spec section 2), kept in the database so that every server process sharing
 * it serves the same image. PNG or JPG, checked by content, at most 5 MB.
 */
export const userSignatures = pgTable('sys_user_signature', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  mime: varchar('mime', { length: 32 }).notNull(),
  image: bytea('image').notNull(),
  size: integer('size').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedBy: integer('updated_by'),
});
