import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { organizations } from '../organizations/organizations.tables';
import { offices } from '../offices/offices.tables';
import { users } from '../users/users.tables';
import { patients, treatments } from '../patients/patients.tables';
import type { TransferOutcome } from '@rehab/shared';
import { createdAt, ts } from '../../db/columns';

/**
 * A referral (转诊, issue 17): a patient's course sent to another office of the organization or to a related
 * organization. The sending organization owns the patient; the receiving side sees only the materials attached here,
 * read-only, while the referral is open and `retention_days` after it ended (the cross-organization access model of
 * the telemedicine face). Status and steps: `transitionReferral` of the shared package. At most one open referral
 * per patient and course: the partial unique index `ref_referral_open_uq`.
 */
export const referrals = pgTable(
  'ref_referral',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** 'referral', or 'transfer' (转诊治疗): its acceptance moves the course's plan to the receiving side */
    kind: varchar('kind', { length: 20 }).notNull().default('referral'),
    fromOrganizationId: integer('from_organization_id')
      .notNull()
      .references(() => organizations.id),
    fromOfficeId: integer('from_office_id').references(() => offices.id),
    toOrganizationId: integer('to_organization_id')
      .notNull()
      .references(() => organizations.id),
    toOfficeId: integer('to_office_id').references(() => offices.id),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id),
    /** the course referred (a course of the patient, checked through the patients face) */
    treatmentId: integer('treatment_id').notNull(),
    reason: varchar('reason', { length: 200 }).notNull(),
    status: varchar('status', { length: 20 }).notNull(),
    /** the person of the receiving side who received it and holds it since */
    receiverId: integer('receiver_id').references(() => users.id),
    rejectReason: varchar('reject_reason', { length: 200 }),
    /** the sending organization's retention when the referral was made */
    retentionDays: integer('retention_days').notNull(),
    endedAt: ts('ended_at'),
    /** a transfer once accepted: the receiving side's patient card and the new course that continues this one */
    toPatientId: integer('to_patient_id').references(() => patients.id),
    toTreatmentId: integer('to_treatment_id').references(() => treatments.id),
    /** a transfer once accepted: what moved (the sending side reads it for good) */
    outcome: jsonb('outcome').$type<TransferOutcome>(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('ref_referral_from_idx').on(t.fromOrganizationId, t.kind, t.id),
    index('ref_referral_to_idx').on(t.toOrganizationId, t.kind, t.status, t.id),
    uniqueIndex('ref_referral_open_uq')
      .on(t.patientId, t.treatmentId)
      .where(sql`${t.status} IN ('requested', 'received', 'accepted', 'arrived')`),
  ],
);

/**
 * A material attached to a referral: a snapshot of part of the record (the telemedicine face's snapshots), taken
 * when the referral was made. The receiving side reads these rows and nothing else of the sending organization.
 */
export const referralMaterials = pgTable(
  'ref_material',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    referralId: integer('referral_id')
      .notNull()
      .references(() => referrals.id),
    kind: varchar('kind', { length: 20 }).notNull(),
    refId: integer('ref_id').notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    lines: jsonb('lines').$type<{ label: string; value: string }[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('ref_material_uq').on(t.referralId, t.kind, t.refId)],
);

/** Every step of a referral (append-only: a trigger refuses updates and deletes). */
export const referralHistory = pgTable(
  'ref_history',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    referralId: integer('referral_id')
      .notNull()
      .references(() => referrals.id),
    action: varchar('action', { length: 20 }).notNull(),
    fromStatus: varchar('from_status', { length: 20 }),
    toStatus: varchar('to_status', { length: 20 }).notNull(),
    actorId: integer('actor_id').references(() => users.id),
    reason: varchar('reason', { length: 200 }),
    at: ts('at').notNull(),
  },
  (t) => [index('ref_history_referral_idx').on(t.referralId, t.id)],
);

/**
 * Every read of a referral's patient data by the receiving side: who, which patient, which referral, what
 * (append-only).
 */
export const referralReads = pgTable(
  'ref_access_read',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    referralId: integer('referral_id')
      .notNull()
      .references(() => referrals.id),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    organizationId: integer('organization_id'),
    what: varchar('what', { length: 20 }).notNull(),
    at: ts('at').notNull(),
  },
  (t) => [index('ref_access_read_referral_idx').on(t.referralId, t.id)],
);
