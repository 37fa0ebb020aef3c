import { boolean, index, integer, jsonb, pgTable, primaryKey, text, varchar } from 'drizzle-orm/pg-core';
import { organizations } from '../organizations/organizations.tables';
import { users } from '../users/users.tables';
import { ts } from '../../db/columns';
import { messages } from '../messages/messages.tables';

/**
 * A platform notice (/maintainSystem/operationMessage): written by the super administrator, delivered as one system
 * message per organization reached (sys_platform_notice_message links them; read figures come from the recipients).
 */
export const platformNotices = pgTable(
  'sys_platform_notice',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    title: varchar('title', { length: 200 }).notNull(),
    /** sanitized HTML */
    content: text('content').notNull(),
    /** sent to every organization (organization_ids then empty) */
    targetAll: boolean('target_all').notNull().default(false),
    organizationIds: jsonb('organization_ids').$type<number[]>().notNull().default([]),
    /** only the users holding one of these platform roles; empty: every enabled member */
    roleIds: jsonb('role_ids').$type<number[]>().notNull().default([]),
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    senderName: varchar('sender_name', { length: 64 }).notNull(),
    recipientCount: integer('recipient_count').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('sys_platform_notice_created_idx').on(t.createdAt)],
);

/** The system message a notice became in one organization. */
export const platformNoticeMessages = pgTable(
  'sys_platform_notice_message',
  {
    noticeId: integer('notice_id')
      .notNull()
      .references(() => platformNotices.id, { onDelete: 'cascade' }),
    messageId: integer('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
  },
  (t) => [
    primaryKey({ columns: [t.noticeId, t.messageId] }),
    index('sys_platform_notice_message_message_idx').on(t.messageId),
  ],
);
