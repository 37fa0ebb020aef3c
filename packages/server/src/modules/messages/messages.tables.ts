import { index, integer, jsonb, pgTable, primaryKey, text, varchar } from 'drizzle-orm/pg-core';
import type { MessageCategory, NameLang } from '@rehab/shared';
import { organizations } from '../organizations/organizations.tables';
import { users } from '../users/users.tables';
import { bytea, ts } from '../../db/columns';

/**
 * An internal message: written once by a user (sender) or by the product itself (sender null, texts in both
 * languages in the *_lang columns), read by its recipients.
 */
export const messages = pgTable(
  'sys_message',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    /** news | execute | cost */
    category: varchar('category', { length: 16 }).$type<MessageCategory>().notNull().default('news'),
    /** null: sent by the product */
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    senderName: varchar('sender_name', { length: 64 }),
    title: varchar('title', { length: 200 }).notNull(),
    titleLang: jsonb('title_lang').$type<NameLang>().notNull().default({}),
    /** sanitized HTML */
    content: text('content').notNull(),
    contentLang: jsonb('content_lang').$type<NameLang>().notNull().default({}),
    /** a screen path a product message points to */
    link: varchar('link', { length: 300 }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('sys_message_sender_idx').on(t.senderId, t.organizationId, t.createdAt)],
);

/** One recipient of a message, in one organization: read state and the recycle bin are per recipient. */
export const messageRecipients = pgTable(
  'sys_message_recipient',
  {
    messageId: integer('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    readAt: ts('read_at'),
    /** moved to the recycle bin */
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.userId] }),
    index('sys_message_recipient_box_idx').on(t.userId, t.organizationId, t.deletedAt, t.readAt),
  ],
);

/**
 * An attachment. Uploaded first (message_id null, owned by the uploader), tied to a message when it is sent.
 * The bytes live in the database, so several server processes on one PostgreSQL need no shared disk.
 */
export const messageFiles = pgTable(
  'sys_message_file',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    uploaderId: integer('uploader_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    messageId: integer('message_id').references(() => messages.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 200 }).notNull(),
    mime: varchar('mime', { length: 100 }).notNull(),
    size: integer('size').notNull(),
    kind: integer('kind').notNull(),
    data: bytea('data').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('sys_message_file_message_idx').on(t.messageId),
    index('sys_message_file_uploader_idx').on(t.uploaderId),
  ],
);
