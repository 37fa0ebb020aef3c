import { boolean, index, integer, pgTable, primaryKey, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, ts } from '../../db/columns';
import { users } from '../users/users.tables';

export const sessions = pgTable(
  'sys_session',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** SHA-256 of the token: a database leak does not leak usable tokens */
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id'),
    officeId: integer('office_id'),
    keepLogin: boolean('keep_login').notNull().default(false),
    loginRoleType: integer('login_role_type').notNull().default(2),
    createdAt: createdAt(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    /** logout | replaced | expired | disabled */
    revokeReason: varchar('revoke_reason', { length: 16 }),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 300 }),
  },
  (t) => [uniqueIndex('sys_session_token_uq').on(t.tokenHash), index('sys_session_user_idx').on(t.userId)],
);

export const verificationCodes = pgTable(
  'sys_verification_code',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** login | reset */
    purpose: varchar('purpose', { length: 16 }).notNull(),
    address: varchar('address', { length: 64 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('sys_verification_code_addr_idx').on(t.purpose, t.address, t.createdAt)],
);

/**
 * Signatures of the hospital-system entry already used (ssoLogin): one row per signature until it could no longer
 * pass the age check, so a replayed request is refused also when another server process answered the first one.
 * Sign-in data of the hospital-system entry (scheduling's schedule view); the session purge job deletes the expired
 * rows.
 */
export const ssoNonces = pgTable(
  'sys_sso_nonce',
  {
    signature: varchar('signature', { length: 64 }).primaryKey(),
    userId: integer('user_id').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('sys_sso_nonce_expires_idx').on(t.expiresAt)],
);

/**
 * Solved sign-in challenges already used (issue 22, migration 0073): one row per challenge signature until the
 * challenge expires, so a solution is good for one sign-in also when another server process took it. The session
 * purge job deletes the expired rows.
 */
export const captchaUses = pgTable(
  'sys_captcha_use',
  {
    signature: varchar('signature', { length: 128 }).primaryKey(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('sys_captcha_use_expires_idx').on(t.expiresAt)],
);

/**
 * Counters of failed attempts that slow a caller down (issue 22): failed sign-ins per account and address pair, per
 * account and per address, wrong current passwords per user at a password change, verification codes sent per
 * address. `count` attempts since `firstAt`; past the free ones the next attempt waits until `blockedUntil`. A row is
 * forgotten once its last attempt is older than the window (the session purge job deletes it).
 */
export const authThrottles = pgTable(
  'sys_auth_throttle',
  {
    /** sign-in-pair | sign-in-account | sign-in-address | password-change | code-caller */
    scope: varchar('scope', { length: 24 }).notNull(),
    key: varchar('key', { length: 200 }).notNull(),
    count: integer('count').notNull().default(0),
    firstAt: ts('first_at').notNull(),
    lastAt: ts('last_at').notNull(),
    blockedUntil: ts('blocked_until'),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('sys_auth_throttle_last_idx').on(t.lastAt)],
);
