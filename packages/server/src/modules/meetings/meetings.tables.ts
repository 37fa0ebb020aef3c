import { index, integer, pgTable, primaryKey, text, varchar } from 'drizzle-orm/pg-core';
import { organizations } from '../organizations/organizations.tables';
import { users } from '../users/users.tables';
import { ts } from '../../db/columns';
import { audit } from '../../db/audit';
import { patients, treatments } from '../patients/patients.tables';

/**
 * An assessment meeting (评估会议, spec section 3): a case conference about one patient (and course) with theme,
 * location, host, applicant and time; its report (sanitized HTML) with report status, reviewer and audit time.
 * Status 1 arranged, 2 finished, 3 cancelled; report status 0 none, 1 draft, 2 submitted, 3 reviewed (shared
 * `meeting-state.ts`).
 */
export const meetings = pgTable(
  'rec_meeting',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id),
    treatmentId: integer('treatment_id').references(() => treatments.id),
    theme: varchar('theme', { length: 100 }).notNull(),
    location: varchar('location', { length: 100 }).notNull(),
    hostId: integer('host_id')
      .notNull()
      .references(() => users.id),
    applicantId: integer('applicant_id')
      .notNull()
      .references(() => users.id),
    startTime: ts('start_time').notNull(),
    status: integer('status').notNull().default(1),
    cancelReason: varchar('cancel_reason', { length: 200 }),
    reportContent: text('report_content').notNull().default(''),
    reportStatus: integer('report_status').notNull().default(0),
    reportUpdatedAt: ts('report_updated_at'),
    reportSubmittedAt: ts('report_submitted_at'),
    reviewerId: integer('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    auditTime: ts('audit_time'),
    reviewOpinion: varchar('review_opinion', { length: 200 }),
    ...audit(),
  },
  (t) => [
    index('rec_meeting_org_time_idx').on(t.organizationId, t.startTime),
    index('rec_meeting_host_idx').on(t.hostId, t.organizationId),
    index('rec_meeting_applicant_idx').on(t.applicantId, t.organizationId),
    index('rec_meeting_patient_idx').on(t.patientId),
  ],
);

/**
 * A participant of a meeting and their attendance: 0 invited, 1 confirmed, 2 cannot attend (leave, with a reason),
 * 3 present, 4 not present.
 */
export const meetingParticipants = pgTable(
  'rec_meeting_participant',
  {
    meetingId: integer('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    attendance: integer('attendance').notNull().default(0),
    leaveReason: varchar('leave_reason', { length: 200 }),
    respondedAt: ts('responded_at'),
    presenceAt: ts('presence_at'),
  },
  (t) => [primaryKey({ columns: [t.meetingId, t.userId] }), index('rec_meeting_participant_user_idx').on(t.userId)],
);
