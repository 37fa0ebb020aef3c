import { z } from 'zod';
import { idSchema, numberFrom, pageQuerySchema } from '../schemas/common.schema';

/** Permission codes of the assessment meeting screens and calls (/api/sys/meeting/*). */
export const MeetingPerm = {
  list: 'sys:meeting:list',
  info: 'sys:meeting:info',
  /** arrange, edit and cancel (as applicant or host) */
  save: 'sys:meeting:save',
  /** confirm attendance or ask for leave (as a participant) */
  attend: 'sys:meeting:attend',
  /** record presence (as host) */
  presence: 'sys:meeting:presence',
  /** write and submit the report (as host) */
  report: 'sys:meeting:report',
  review: 'sys:meeting:review',
} as const;

/** The lists of `/recovery/meeting/list/:userType?`: 0 all of the organization, 1 I host, 2 I take part, 3 I applied. */
export const MeetingUserType = { all: 0, host: 1, participant: 2, applicant: 3 } as const;
export const MEETING_USER_TYPES = Object.values(MeetingUserType);

export const MEETING_THEME_MAX = 100;
export const MEETING_LOCATION_MAX = 100;
export const MEETING_REASON_MAX = 200;
export const MEETING_PARTICIPANTS_MAX = 30;
/** the report as sanitized HTML */
export const MEETING_REPORT_MAX = 20_000;

const text = (max: number, required: string) =>
  z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: 'validation.tooLong' });
const optText = (max: number) =>
  z.preprocess(
    (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
    z.string().trim().max(max, { error: 'validation.tooLong' }).optional(),
  );
const isoTime = z.iso.datetime({ offset: true, error: 'meeting.timeRequired' });

export const meetingListSchema = pageQuerySchema.extend({
  userType: numberFrom(
    z
      .number()
      .int()
      .refine((v) => (MEETING_USER_TYPES as number[]).includes(v), { error: 'validation.invalidOption' }),
  ).default(0),
  /** patient name or theme */
  keyword: optText(50),
  status: numberFrom(z.number().int().min(1).max(3)).optional(),
});

/** Arranging a meeting. The time must not be earlier than now (checked by the server against its clock). */
export const meetingSaveSchema = z.strictObject({
  patientId: idSchema,
  /** the course the meeting is about; the patient's active course when left out */
  treatmentId: idSchema.optional(),
  theme: text(MEETING_THEME_MAX, 'meeting.themeRequired'),
  location: text(MEETING_LOCATION_MAX, 'meeting.locationRequired'),
  hostId: idSchema,
  participantIds: z
    .array(idSchema)
    .min(1, { error: 'meeting.participantsRequired' })
    .max(MEETING_PARTICIPANTS_MAX, { error: 'validation.tooMany' }),
  startTime: isoTime,
});
export const meetingUpdateSchema = meetingSaveSchema
  .omit({ patientId: true, treatmentId: true })
  .extend({ id: idSchema });

export const meetingIdSchema = z.strictObject({ id: idSchema });
export const meetingCancelSchema = z.strictObject({ id: idSchema, reason: optText(MEETING_REASON_MAX) });
export const meetingLeaveSchema = z.strictObject({ id: idSchema, reason: optText(MEETING_REASON_MAX) });
export const meetingPresenceSchema = z.strictObject({
  id: idSchema,
  records: z
    .array(z.strictObject({ userId: idSchema, present: z.boolean() }))
    .min(1)
    .max(MEETING_PARTICIPANTS_MAX),
});
export const meetingReportSchema = z.strictObject({
  id: idSchema,
  content: z.string().max(MEETING_REPORT_MAX, { error: 'validation.tooLong' }).default(''),
  /**
   * Not signing temporarily (暂不签名): where the organization has CA on, a submitted report is signed with the host's
   * certificate as it is submitted; `true` submits it unsigned, to be signed later (POST /sys/meeting/report/sign/:id)
   */
  signLater: z.boolean({ error: 'validation.invalid' }).optional(),
});
export const meetingReviewSchema = z.strictObject({
  id: idSchema,
  approve: z.boolean(),
  opinion: optText(MEETING_REASON_MAX),
});
export const meetingPatientSearchSchema = z.strictObject({ keyword: optText(50) });

export type MeetingListQuery = z.output<typeof meetingListSchema>;
export type MeetingSaveInput = z.output<typeof meetingSaveSchema>;
export type MeetingUpdateInput = z.output<typeof meetingUpdateSchema>;

const int = z.number().int();
const listRowFields = {
  id: int,
  theme: z.string(),
  location: z.string(),
  startTime: z.string(),
  status: int,
  reportStatus: int,
  patientId: int,
  patientName: z.string(),
  treatmentId: int.nullable(),
  hostId: int,
  hostName: z.string(),
  applicantId: int,
  applicantName: z.string(),
  participantCount: int,
  confirmedCount: int,
  leaveCount: int,
  /** the caller's own attendance when they take part, else null */
  myAttendance: int.nullable(),
};

/** A row of the meeting list. */
export const meetingListRowSchema = z.strictObject(listRowFields);
export type MeetingListRow = z.output<typeof meetingListRowSchema>;

export const meetingParticipantSchema = z.strictObject({
  userId: int,
  name: z.string(),
  attendance: int,
  leaveReason: z.string().nullable(),
  respondedAt: z.string().nullable(),
});
export type MeetingParticipant = z.output<typeof meetingParticipantSchema>;

/** The detail of `/recovery/meeting/detail/:id`. */
export const meetingInfoSchema = z.strictObject({
  ...listRowFields,
  participants: z.array(meetingParticipantSchema),
  reportContent: z.string(),
  reportUpdatedAt: z.string().nullable(),
  reportSubmittedAt: z.string().nullable(),
  reviewerId: int.nullable(),
  reviewerName: z.string().nullable(),
  auditTime: z.string().nullable(),
  reviewOpinion: z.string().nullable(),
  cancelReason: z.string().nullable(),
  patientSex: int.nullable(),
  patientAge: int.nullable(),
  inpatientNo: z.string().nullable(),
  outpatientNo: z.string().nullable(),
  bedNo: z.string().nullable(),
});
export type MeetingInfo = z.output<typeof meetingInfoSchema>;

/** A patient with an active course, for the arrange dialog. */
export const meetingPatientOptionSchema = z.strictObject({
  patientId: int,
  treatmentId: int,
  name: z.string(),
  sex: int,
  inpatientNo: z.string().nullable(),
  outpatientNo: z.string().nullable(),
  bedNo: z.string().nullable(),
});
export type MeetingPatientOption = z.output<typeof meetingPatientOptionSchema>;

/** A member of the organization, for host and participants. */
export const meetingStaffOptionSchema = z.strictObject({ id: int, name: z.string() });
export type MeetingStaffOption = z.output<typeof meetingStaffOptionSchema>;
