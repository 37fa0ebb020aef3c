import { sql } from 'drizzle-orm';
import { index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { organizations } from '../organizations/organizations.tables';
import { users } from '../users/users.tables';
import { createdAt, ts } from '../../db/columns';

/**
 * A screen link (大屏链接): the token a TV opens the big screen with, made by an administrator. Only the token's
 * SHA-256 is stored; the token is shown once. Read-only and for the big screen's calls only; revoked (never
 * deleted) or expired, it opens nothing. `last_seen_at` tells the administrator which TVs still use it.
 */
export const screenLinks = pgTable(
  'screen_link',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: varchar('name', { length: 30 }).notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: ts('expires_at'),
    revokedAt: ts('revoked_at'),
    revokedBy: integer('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    lastSeenAt: ts('last_seen_at'),
  },
  (t) => [
    uniqueIndex('screen_link_token_uq').on(t.tokenHash),
    index('screen_link_org_idx')
      .on(t.organizationId, t.id)
      .where(sql`${t.revokedAt} IS NULL`),
  ],
);
