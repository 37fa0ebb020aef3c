import { index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns';
import { users } from '../users/users.tables';

/**
 * QR collaborative login requests (issue 19): one row per QR the login page showed. The QR carries `public_id`; the
 * asking browser alone holds the sign-data id and the nonce cookie (stored as SHA-256 hashes, like session tokens),
 * so a leaked QR or poll id signs nobody else in. Confirming on the phone stores the hash of a one-time code the
 * page exchanges once (`used_at`) for a session. Times are on the application's clock.
 */
export const qrLogins = pgTable(
  'sys_qr_login',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    publicId: varchar('public_id', { length: 64 }).notNull(),
    signDataHash: varchar('sign_data_hash', { length: 64 }).notNull(),
    nonceHash: varchar('nonce_hash', { length: 64 }).notNull(),
    /** waiting | scanned | confirmed | signedIn | cancelled (expired is read from expires_at) */
    state: varchar('state', { length: 16 }).notNull().default('waiting'),
    ip: varchar('ip', { length: 64 }).notNull(),
    userAgent: varchar('user_agent', { length: 300 }).notNull(),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    scannedBy: integer('scanned_by').references(() => users.id, { onDelete: 'cascade' }),
    scannedAt: ts('scanned_at'),
    /** the organization the confirmer was signed into (CA integration on there) */
    organizationId: integer('organization_id'),
    /** the phone's session: it stays signed in when the new session replaces the user's others */
    confirmerSessionId: integer('confirmer_session_id'),
    confirmedAt: ts('confirmed_at'),
    loginCodeHash: varchar('login_code_hash', { length: 64 }),
    usedAt: ts('used_at'),
    cancelledAt: ts('cancelled_at'),
  },
  (t) => [
    uniqueIndex('sys_qr_login_public_uq').on(t.publicId),
    uniqueIndex('sys_qr_login_sign_data_uq').on(t.signDataHash),
    index('sys_qr_login_expires_idx').on(t.expiresAt),
  ],
);
