import { boolean, index, integer, jsonb, pgTable, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { organizations } from '../organizations/organizations.tables';
import { offices } from '../offices/offices.tables';
import { users } from '../users/users.tables';
import { patients } from '../patients/patients.tables';
import { bytea, createdAt, ts } from '../../db/columns';

/**
 * A remote consultation (远程会诊): the cross-organization request of issue 17. The sending organization owns the
 * patient; the receiving organization (related to it) sees only the materials attached here, read-only, while the
 * request is open and `retention_days` after it ended. Status and steps: `transitionConsultation` of the shared
 * package; `version` is the optimistic lock that lets the first of two concurrent accepts win.
 */
export const consultations = pgTable(
  'tm_consultation',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    fromOrganizationId: integer('from_organization_id')
      .notNull()
      .references(() => organizations.id),
    fromOfficeId: integer('from_office_id').references(() => offices.id),
    toOrganizationId: integer('to_organization_id')
      .notNull()
      .references(() => organizations.id),
    toOfficeId: integer('to_office_id').references(() => offices.id),
    targetExpertId: integer('target_expert_id').references(() => users.id),
    expertId: integer('expert_id').references(() => users.id),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id),
    treatmentId: integer('treatment_id'),
    reason: varchar('reason', { length: 200 }).notNull(),
    question: text('question').notNull(),
    /** 1 routine, 2 urgent, 3 emergency */
    urgency: smallint('urgency').notNull().default(1),
    proposedAt: ts('proposed_at').notNull(),
    scheduledAt: ts('scheduled_at'),
    status: varchar('status', { length: 20 }).notNull(),
    /** the sending organization's approval setting when the request was made */
    requiresApproval: boolean('requires_approval').notNull().default(false),
    retentionDays: integer('retention_days').notNull(),
    /** the patient's consent: a PNG from the signature pad */
    consentPng: bytea('consent_png').notNull(),
    feeItem: varchar('fee_item', { length: 50 }).notNull(),
    /** fen per half hour */
    feeFen: integer('fee_fen').notNull(),
    rejectReason: varchar('reject_reason', { length: 200 }),
    /** an unanswered request expires at this instant (set on submission) */
    deadlineAt: ts('deadline_at'),
    endedAt: ts('ended_at'),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('tm_consultation_from_idx').on(t.fromOrganizationId, t.id),
    index('tm_consultation_to_idx').on(t.toOrganizationId, t.status, t.id),
    index('tm_consultation_deadline_idx').on(t.status, t.deadlineAt),
  ],
);

/**
 * A material attached to a consultation: a snapshot of part of the record (the patient's card, a course's treatment
 * history, an assessment result), taken when the request was made. The receiving side reads these rows and nothing
 * else of the sending organization.
 */
export const consultationMaterials = pgTable(
  'tm_material',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    consultationId: integer('consultation_id')
      .notNull()
      .references(() => consultations.id),
    kind: varchar('kind', { length: 20 }).notNull(),
    refId: integer('ref_id').notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    lines: jsonb('lines').$type<{ label: string; value: string }[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('tm_material_uq').on(t.consultationId, t.kind, t.refId)],
);

/** Every step of a consultation (append-only: a trigger refuses updates and deletes). */
export const consultationHistory = pgTable(
  'tm_history',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    consultationId: integer('consultation_id')
      .notNull()
      .references(() => consultations.id),
    action: varchar('action', { length: 20 }).notNull(),
    fromStatus: varchar('from_status', { length: 20 }),
    toStatus: varchar('to_status', { length: 20 }).notNull(),
    actorId: integer('actor_id').references(() => users.id),
    reason: varchar('reason', { length: 200 }),
    at: ts('at').notNull(),
  },
  (t) => [index('tm_history_consultation_idx').on(t.consultationId, t.id)],
);

/**
 * Every read of a consultation's patient data by the receiving side: who, which patient, which request, what
 * (append-only).
 */
export const consultationReads = pgTable(
  'tm_access_read',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    consultationId: integer('consultation_id')
      .notNull()
      .references(() => consultations.id),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** the reader's current organization (null: read without one, the expert's view) */
    organizationId: integer('organization_id'),
    what: varchar('what', { length: 20 }).notNull(),
    at: ts('at').notNull(),
  },
  (t) => [index('tm_access_read_consultation_idx').on(t.consultationId, t.id)],
);

/** The expert's report being written: one per consultation, edited until signed. */
export const reportDrafts = pgTable('tm_report_draft', {
  consultationId: integer('consultation_id')
    .primaryKey()
    .references(() => consultations.id),
  findings: text('findings').notNull(),
  opinion: text('opinion').notNull(),
  advice: text('advice').notNull(),
  followUp: text('follow_up').notNull(),
  updatedBy: integer('updated_by').references(() => users.id),
  updatedAt: ts('updated_at').notNull(),
});

/**
 * A signed report (会诊意见单): append-only (a trigger refuses updates and deletes). A revision is a new version;
 * the latest version is the report in force, the earlier ones are superseded.
 */
export const signedReports = pgTable(
  'tm_report',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    consultationId: integer('consultation_id')
      .notNull()
      .references(() => consultations.id),
    version: integer('version').notNull(),
    findings: text('findings').notNull(),
    opinion: text('opinion').notNull(),
    advice: text('advice').notNull(),
    followUp: text('follow_up').notNull(),
    signatureMime: varchar('signature_mime', { length: 32 }).notNull(),
    signature: bytea('signature').notNull(),
    signedBy: integer('signed_by')
      .notNull()
      .references(() => users.id),
    signedAt: ts('signed_at').notNull(),
  },
  (t) => [uniqueIndex('tm_report_version_uq').on(t.consultationId, t.version)],
);

/** The inviting side's receipt of a signed report version (append-only). */
export const reportReceipts = pgTable(
  'tm_report_receipt',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    reportId: integer('report_id')
      .notNull()
      .references(() => signedReports.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    at: ts('at').notNull(),
  },
  (t) => [uniqueIndex('tm_report_receipt_uq').on(t.reportId)],
);

/**
 * A camera group attached to a consultation (`recordCameraGroup`): kept as a stored reference to the cameras
 * module's group, without a foreign key (that module is built apart); 1 the inviting side's, 2 the expert's.
 */
export const consultationCameraGroups = pgTable(
  'tm_camera_group',
  {
    consultationId: integer('consultation_id')
      .notNull()
      .references(() => consultations.id),
    cameraGroupId: integer('camera_group_id').notNull(),
    type: smallint('type').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('tm_camera_group_uq').on(t.consultationId, t.type)],
);

/** An organization's consultation settings; an organization without a row uses the defaults. */
export const remoteSettings = pgTable('tm_setting', {
  organizationId: integer('organization_id')
    .primaryKey()
    .references(() => organizations.id),
  requiresApproval: boolean('requires_approval').notNull().default(false),
  retentionDays: integer('retention_days').notNull().default(30),
  expiryHours: integer('expiry_hours').notNull().default(72),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * One participant's stay in a consultation's video call: `requested_at` on entering (the lobby), `joined_at` once
 * admitted (the expert at once), `left_at` on hanging up or when the session ends. The fee counts the time at least
 * two participants were in (shared `callDuration`). Nothing of the call itself is recorded.
 */
export const consultationCalls = pgTable(
  'tm_call',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    consultationId: integer('consultation_id')
      .notNull()
      .references(() => consultations.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** sender: the inviting organization; expert: the consultation's expert */
    role: varchar('role', { length: 10 }).notNull(),
    requestedAt: ts('requested_at').notNull(),
    joinedAt: ts('joined_at'),
    leftAt: ts('left_at'),
  },
  (t) => [index('tm_call_consultation_idx').on(t.consultationId, t.id)],
);

/**
 * The expert's proposal from a consultation (treat-project, assess-project): a treatment project from one of the
 * inviting organization's project templates, or an assessment with one of its assessment methods. Its content is
 * fixed when proposed; its state changes once (proposed -> accepted | declined | withdrawn), with who and when, and
 * on acceptance the id of what was made in the patient's course. A trigger refuses deletes and any other update.
 */
export const consultationProposals = pgTable(
  'tm_proposal',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    consultationId: integer('consultation_id')
      .notNull()
      .references(() => consultations.id),
    /** treat or assess */
    kind: varchar('kind', { length: 10 }).notNull(),
    /** the project template's or the assessment method's id in the inviting organization (no foreign key: the
     * catalogue is another module's; the name is kept) */
    refId: integer('ref_id').notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    nameEn: varchar('name_en', { length: 100 }),
    scaleCode: varchar('scale_code', { length: 64 }),
    times: integer('times'),
    frequency: varchar('frequency', { length: 10 }),
    quantity: integer('quantity'),
    phase: smallint('phase'),
    remark: varchar('remark', { length: 100 }).notNull().default(''),
    status: varchar('status', { length: 10 }).notNull().default('proposed'),
    proposedBy: integer('proposed_by')
      .notNull()
      .references(() => users.id),
    proposedAt: ts('proposed_at').notNull(),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: ts('decided_at'),
    declineReason: varchar('decline_reason', { length: 200 }),
    /** the prescribed project's or the assessment project's id, once accepted */
    recordId: integer('record_id'),
  },
  (t) => [index('tm_proposal_consultation_idx').on(t.consultationId, t.kind, t.id)],
);
