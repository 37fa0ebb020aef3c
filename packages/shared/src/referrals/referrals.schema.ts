import { z } from 'zod';
import { idSchema, pageQuerySchema } from '../schemas/common.schema';
import { MATERIAL_KINDS, materialSchema } from '../telemedicine/telemedicine.schema';
import { REFERRAL_ACTIONS, REFERRAL_KINDS, REFERRAL_STATUSES } from './referral-state';

/**
 * Referral of a patient (转诊, issue 17): permission codes of the /patient/patientReferral screen and the
 * /sys/patientReferral calls. The work orders' codes (`sys:referral:list` and the like, spec section 7 "Referral")
 * name work orders, the original product's word for them: these codes are apart. They belong to the product
 * `telemedicine`, with remote consultation.
 */
export const PatientReferralPerm = {
  /** see the referrals of the organization (sent and received) */
  list: 'sys:referral:patientList',
  /** refer a patient, cancel a referral of one's own side */
  request: 'sys:referral:request',
  /** act as the receiving office: receive, accept, reject, record the arrival, complete */
  receive: 'sys:referral:receive',
} as const;

export const referralRequestSchema = z.strictObject({
  /** a referral, or a transfer of treatment (its acceptance moves the course's plan to the receiving side) */
  kind: z.enum(REFERRAL_KINDS).default('referral'),
  patientId: idSchema,
  /** the course referred: one open referral per patient and course */
  treatmentId: idSchema,
  /** the own organization (to another office of it) or a related one */
  toOrganizationId: idSchema,
  /** the receiving office: required inside the own organization, else null for any office */
  toOfficeId: idSchema.nullable().default(null),
  reason: z.string().trim().min(1).max(200),
  /** what of the record goes along: chosen from the candidates of `materials` */
  materials: z
    .array(z.strictObject({ kind: z.enum(MATERIAL_KINDS), refId: idSchema }))
    .min(1)
    .max(30),
});
export type ReferralRequest = z.input<typeof referralRequestSchema>;

export const referralListQuerySchema = pageQuerySchema.extend({
  /** sent by my organization, or received by it */
  box: z.enum(['sent', 'received']).default('sent'),
  kind: z.enum(REFERRAL_KINDS).default('referral'),
  status: z.enum(REFERRAL_STATUSES as unknown as [string, ...string[]]).optional(),
});

export const referralReasonSchema = z.strictObject({ reason: z.string().trim().min(1).max(200) });
export const referralOptionalReasonSchema = z.strictObject({ reason: z.string().trim().max(200).optional() });

// ---------------------------------------------------------------------------------------------------------------
// Answers

const statusSchema = z.enum(REFERRAL_STATUSES as unknown as [string, ...string[]]);
const ref = z.strictObject({ id: z.number().int(), name: z.string() });

/** Where a referral may go: the own organization (another office) first, then the related organizations. */
export const referralTargetSchema = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  own: z.boolean(),
  offices: z.array(ref),
});

export const referralRowSchema = z.strictObject({
  id: z.number().int(),
  kind: z.enum(REFERRAL_KINDS),
  status: statusSchema,
  /** which side the reader is on */
  side: z.enum(['sender', 'receiver']),
  patientName: z.string(),
  reason: z.string(),
  fromOrganization: ref,
  fromOffice: ref.nullable(),
  toOrganization: ref,
  toOffice: ref.nullable(),
  requesterName: z.string().nullable(),
  receiverName: z.string().nullable(),
  createdAt: z.string(),
});
export type ReferralRow = z.infer<typeof referralRowSchema>;

export const referralHistorySchema = z.strictObject({
  action: z.enum(['request', ...REFERRAL_ACTIONS] as unknown as [string, ...string[]]),
  fromStatus: statusSchema.nullable(),
  toStatus: statusSchema,
  actorName: z.string().nullable(),
  reason: z.string().nullable(),
  at: z.string(),
});

const unmappedSchema = z.strictObject({
  what: z.enum(['projectTemplate', 'office', 'part', 'equipment']),
  name: z.string(),
});

/**
 * One project of a transfer of treatment, as the preview plans it and the acceptance copies it: its remaining
 * sessions, whether its template, body part, equipment and offices have a counterpart (by name) at the receiving
 * side (true when it names none), and its price. A project whose template maps takes the receiving template's price
 * (`priceFrom: 'receiving'`); one whose template does not map, or that has none, keeps the sender's. Prices in yuan
 * with 2 decimals, totals for the remaining sessions.
 */
export const transferProjectSchema = z.strictObject({
  name: z.string(),
  sessions: z.number().int(),
  templateMapped: z.boolean(),
  partMapped: z.boolean(),
  equipmentMapped: z.boolean(),
  officeMapped: z.boolean(),
  senderUnitPrice: z.number(),
  senderTotalPrice: z.number(),
  unitPrice: z.number(),
  totalPrice: z.number(),
  priceFrom: z.enum(['receiving', 'sender']),
});
export type TransferProject = z.infer<typeof transferProjectSchema>;

/**
 * What a transfer of treatment moved (written when it was accepted, kept on the transfer: the sending side reads it
 * for good, never the receiving organization's tables): the receiving side's patient card and new course, the
 * projects with the sessions copied, the sending side's orders invalidated and what had no counterpart there.
 */
export const transferOutcomeSchema = z.strictObject({
  patientId: z.number().int(),
  treatmentId: z.number().int(),
  /** the sending side's course the new one continues */
  fromTreatmentId: z.number().int(),
  /** the projects copied (a transfer accepted before the receiving prices applied keeps name, sessions, template) */
  projects: z.array(transferProjectSchema.partial().required({ name: true, sessions: true, templateMapped: true })),
  /** the latest submitted assessments attached as snapshots (materials of kind assessment) */
  assessments: z.number().int(),
  invalidatedOrders: z.number().int(),
  /** what the receiving organization had no counterpart of (by name): left empty or replaced by the course's */
  unmapped: z.array(unmappedSchema),
  at: z.string(),
});
export type TransferOutcome = z.infer<typeof transferOutcomeSchema>;

/**
 * What accepting a transfer would do, read before accepting (the receiving side, while it may accept): the same plan
 * the acceptance carries out. `refusal` is the message accepting would answer now (a diagnosis without counterpart,
 * no current office, an active course there), else null; `office` where the new course is registered.
 */
export const transferPreviewSchema = z.strictObject({
  refusal: z.string().nullable(),
  diagnosis: z.array(
    z.strictObject({ what: z.enum(['disease', 'functioning']), name: z.string(), mapped: z.boolean() }),
  ),
  office: ref.nullable(),
  projects: z.array(transferProjectSchema),
  unmapped: z.array(unmappedSchema),
});
export type TransferPreview = z.infer<typeof transferPreviewSchema>;

export const referralDetailSchema = referralRowSchema.extend({
  rejectReason: z.string().nullable(),
  /** a transfer of treatment once accepted: what moved */
  transfer: transferOutcomeSchema.nullable(),
  /** the actions the reader may take now */
  actions: z.array(z.enum(REFERRAL_ACTIONS as unknown as [string, ...string[]])),
  materials: z.array(materialSchema),
  history: z.array(referralHistorySchema),
});
export type ReferralDetail = z.infer<typeof referralDetailSchema>;
