import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

import { DEFAULT_PRODUCTS, type NameLang } from '@rehab/shared';
import { sysPostSmallType, sysPostType } from './entities';

/** Translations by locale (`{ "zh-CN": "首页", "en": "Home" }`); the plain name column is the fallback. */
export type { NameLang };

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => ts('created_at').notNull().defaultNow();

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

export const offices = pgTable(
  'sys_office',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: varchar('name', { length: 64 }).notNull(),
    nameLang: jsonb('name_lang').$type<NameLang>().notNull().default({}),
    orderNum: integer('order_num').notNull().default(0),
    parentId: integer('parent_id'),
    /** sys_office_type (a master-data entity); the foreign key is in the migration */
    officeTypeId: integer('office_type_id'),
    phone: varchar('phone', { length: 20 }),
    remark: varchar('remark', { length: 20 }),
    createdAt: createdAt(),
  },
  (t) => [index('sys_office_org_idx').on(t.organizationId)],
);

export const users = pgTable(
  'sys_user',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: varchar('name', { length: 64 }).notNull(),
    phone: varchar('phone', { length: 11 }).notNull(),
    email: varchar('email', { length: 64 }),
    passwordHash: text('password_hash').notNull(),
    /** 1 enabled, 0 disabled */
    status: integer('status').notNull().default(1),
    keepLogin: boolean('keep_login').notNull().default(false),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockedUntil: ts('locked_until'),
    lastOrganizationId: integer('last_organization_id'),
    lastOfficeId: integer('last_office_id'),
    passwordChangedAt: ts('password_changed_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sys_user_phone_uq').on(t.phone), uniqueIndex('sys_user_email_uq').on(sql`lower(${t.email})`)],
);

export const roles = pgTable('sys_role', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: varchar('name', { length: 64 }).notNull(),
  nameLang: jsonb('name_lang').$type<NameLang>().notNull().default({}),
  remark: varchar('remark', { length: 100 }),
  /** null: a platform role usable in every organization; otherwise the organization that owns it */
  organizationId: integer('organization_id'),
  builtin: boolean('builtin').notNull().default(false),
  createdAt: createdAt(),
});

/** Membership of a user in an organization. */
export const userOrganizations = pgTable(
  'sys_user_organization',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    /**
     * The post type and post small type the user holds in this organization (rows of that organization's lists,
     * checked by the service). Deleting one a user still holds is refused: the key answers "in use".
     */
    postTypeId: integer('post_type_id').references((): AnyPgColumn => sysPostType.id),
    postSmallTypeId: integer('post_small_type_id').references((): AnyPgColumn => sysPostSmallType.id),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.organizationId] }),
    index('sys_user_organization_post_type_idx').on(t.postTypeId),
    index('sys_user_organization_post_small_type_idx').on(t.postSmallTypeId),
  ],
);

/** A role a user holds in one organization. */
export const userRoles = pgTable(
  'sys_user_role',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.organizationId, t.roleId] })],
);

export const userOffices = pgTable(
  'sys_user_office',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    officeId: integer('office_id')
      .notNull()
      .references(() => offices.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.officeId] })],
);

/** Menu tree: type 0 directory, 1 menu (a screen), 2 button (a permission inside a screen). */
export const menus = pgTable(
  'sys_menu',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    parentId: integer('parent_id').notNull().default(0),
    /** stable key of a built-in menu, so that new releases can add their menus to existing databases */
    key: varchar('key', { length: 100 }),
    type: integer('type').notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    nameLang: jsonb('name_lang').$type<NameLang>().notNull().default({}),
    url: varchar('url', { length: 200 }),
    perms: varchar('perms', { length: 500 }),
    icon: varchar('icon', { length: 64 }),
    orderNum: integer('order_num').notNull().default(0),
    builtin: boolean('builtin').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sys_menu_key_uq').on(t.key)],
);

export const roleMenus = pgTable(
  'sys_role_menu',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    menuId: integer('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.menuId] })],
);

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

export const versions = pgTable('sys_version', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  version: varchar('version', { length: 32 }).notNull(),
  releaseNote: text('release_note').notNull().default(''),
  releaseNoteLang: jsonb('release_note_lang').$type<NameLang>().notNull().default({}),
  isCurrent: boolean('is_current').notNull().default(false),
  createdAt: createdAt(),
});

/** Operation log: one row per state-changing API request, written after the answer (see modules/logs). */
export const operationLogs = pgTable(
  'sys_log',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id'),
    userName: varchar('user_name', { length: 64 }),
    organizationId: integer('organization_id'),
    /** readable name of the operation, e.g. `version save` (from the url pattern) */
    operation: varchar('operation', { length: 200 }).notNull(),
    method: varchar('method', { length: 8 }).notNull(),
    /** the route's url pattern under /api */
    url: varchar('url', { length: 200 }).notNull(),
    /** body and query with secrets removed */
    params: jsonb('params'),
    durationMs: integer('duration_ms').notNull(),
    ip: varchar('ip', { length: 64 }),
    status: integer('status').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sys_log_org_time_idx').on(t.organizationId, t.createdAt)],
);

/**
 * The data version of an organization (organization 0: rows of none, as staff names), bumped at commit by triggers
 * on the tables the cached answers show (migration 0019, db/data-version.ts).
 */
export const dataVersions = pgTable('sys_data_version', {
  organizationId: integer('organization_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

export * from './entities';
export * from '../modules/dictionaries/dictionaries.tables';
export * from '../modules/organizations/organizations.tables';
export * from '../modules/users/users.tables';
export * from '../modules/jobs/jobs.tables';
export * from '../modules/time-slots/time-slots.tables';
export * from '../modules/messages/messages.tables';
export * from '../modules/teams/teams.tables';
export * from '../modules/patients/patients.tables';
export * from '../modules/work-orders/work-orders.tables';
export * from '../modules/methods/methods.tables';
export * from '../modules/scheduling/scheduling.tables';
export * from '../modules/workload/workload.tables';
export * from '../modules/patients/plans.tables';
export * from '../modules/assessments/assessments.tables';
export * from '../modules/meetings/meetings.tables';
export * from '../modules/platform-templates/platform-templates.tables';
export * from '../modules/break/break.tables';
export * from '../modules/platform-admin/platform-admin.tables';
