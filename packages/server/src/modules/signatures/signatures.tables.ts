import { index, integer, jsonb, pgTable, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { organizations } from '../organizations/organizations.tables';
import { users } from '../users/users.tables';
import { bytea, ts } from '../../db/columns';

/**
 * An organization's CA provider (issue 19): the vendor whose adapter signs for its members, the sign types it
 * offers, its endpoints and application id. `app_secret` stays on the server: no answer carries it.
 */
export const caProviders = pgTable('sig_ca_provider', {
  organizationId: integer('organization_id')
    .primaryKey()
    .references(() => organizations.id),
  vendor: varchar('vendor', { length: 32 }).notNull(),
  signTypes: jsonb('sign_types').$type<string[]>().notNull(),
  serviceUrl: varchar('service_url', { length: 300 }).notNull().default(''),
  callbackUrl: varchar('callback_url', { length: 300 }).notNull().default(''),
  appId: varchar('app_id', { length: 100 }).notNull().default(''),
  appSecret: varchar('app_secret', { length: 200 }),
  autoSignHours: smallint('auto_sign_hours').notNull().default(0),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: ts('updated_at').notNull(),
});

/**
 * A certificate bound to a member of an organization (never deleted: a new binding replaces the older one as the
 * active certificate; the old one stays, because signatures made with it are verified with it). `private_key`
 * is the test vendor's key (a real vendor keeps the key in the signer's UKey or phone): never answered.
 */
export const certificates = pgTable(
  'sig_certificate',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    vendor: varchar('vendor', { length: 32 }).notNull(),
    serial: varchar('serial', { length: 64 }).notNull(),
    subject: varchar('subject', { length: 300 }).notNull(),
    validFrom: ts('valid_from').notNull(),
    validTo: ts('valid_to').notNull(),
    /** SPKI PEM of the signing key */
    publicKey: text('public_key').notNull(),
    privateKey: text('private_key'),
    sealImage: bytea('seal_image'),
    /** when the expiry reminder was sent (once per certificate) */
    remindedAt: ts('reminded_at'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('sig_certificate_serial_uq').on(t.vendor, t.serial),
    index('sig_certificate_user_idx').on(t.organizationId, t.userId),
  ],
);

/**
 * One signature of a record (append-only: a trigger refuses updates and deletes). It keeps the SHA-256 of the
 * canonical snapshot of what was signed, the snapshot, the signature value and the signer's certificate (CA) or the
 * pad image (a patient's handwriting), at the application clock's time. A record signed again gets a new row that
 * names the one it supersedes.
 */
export const signatures = pgTable(
  'sig_signature',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    kind: varchar('kind', { length: 32 }).notNull(),
    recordId: integer('record_id').notNull(),
    /** the record as the log names it (report name, project), in the signer's language */
    label: varchar('label', { length: 200 }).notNull(),
    /** the patient the record is about (no foreign key: the patients module is above this one) */
    patientId: integer('patient_id'),
    patientName: varchar('patient_name', { length: 50 }),
    method: varchar('method', { length: 8 }).notNull(),
    signerId: integer('signer_id')
      .notNull()
      .references(() => users.id),
    /** the signer's name when signing (the log shows who signed, as they were named then) */
    signerName: varchar('signer_name', { length: 50 }).notNull(),
    certificateId: integer('certificate_id').references(() => certificates.id),
    snapshot: jsonb('snapshot').notNull(),
    /** SHA-256 (hex) of the canonical snapshot */
    hash: varchar('hash', { length: 64 }).notNull(),
    /** the signature value (CA: DER ECDSA over the signed statement; pad: none) */
    value: bytea('value'),
    padImage: bytea('pad_image'),
    padMime: varchar('pad_mime', { length: 32 }),
    supersedes: integer('supersedes'),
    signedAt: ts('signed_at').notNull(),
  },
  (t) => [
    index('sig_signature_record_idx').on(t.organizationId, t.kind, t.recordId),
    index('sig_signature_org_time_idx').on(t.organizationId, t.signedAt),
    uniqueIndex('sig_signature_supersedes_uq').on(t.supersedes),
  ],
);

/**
 * An authorized auto-sign window (issue 19): the signer confirmed once, signing the authorization with their
 * certificate (`value`); until `until` (or `revoked_at`) records they complete are signed for them with it.
 */
export const autoSigns = pgTable(
  'sig_auto_sign',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    certificateId: integer('certificate_id')
      .notNull()
      .references(() => certificates.id),
    value: bytea('value').notNull(),
    grantedAt: ts('granted_at').notNull(),
    until: ts('until').notNull(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [index('sig_auto_sign_user_idx').on(t.organizationId, t.userId)],
);
