import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
  timestamp,
} from 'drizzle-orm/pg-core';
import { bytea, createdAt, ts } from '../../db/columns';
import { organizations } from '../organizations/organizations.tables';
import { offices } from '../offices/offices.tables';
import { sysPostSmallType, sysPostType } from '../master-data/master-data.tables';

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
