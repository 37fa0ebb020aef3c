import { z } from 'zod';
import { idSchema, numberFrom, pageQuerySchema } from '../schemas/common.schema';
import { CONSULTATION_ACTIONS, CONSULTATION_STATUSES } from './consultation-state';
import { SIGNATURE_STATES } from '../signatures/signature.schema';

/**
 * Remote consultation (远程会诊, issue 17): permission codes of the /telemedicine screens and the
 * /sys/remoteDiagnosis and /sys/reportMedicalRecord calls. All of them belong to the product `telemedicine`.
 */
export const RemotePerm = {
  /** see the consultations of the organization (sent and received) */
  list: 'sys:remote:list',
  /** request a consultation (initiate, submit, cancel) and countersign the report on receipt */
  request: 'sys:remote:request',
  /** the department head's approval, when the organization asks for it */
  approve: 'sys:remote:approve',
  /** act as the receiving office's expert: receive, take over, reject, hold the session, write and sign the report */
  expert: 'sys:remote:expert',
  /** the organization's consultation settings (approval step, retention, expiry) */
  settings: 'sys:remote:settings',
} as const;

const text = (max: number) => z.string().trim().max(max);
const requiredText = (max: number) => z.string().trim().min(1).max(max);

/** Urgency: 1 routine, 2 urgent (answered within a day), 3 emergency. */
export const URGENCIES = [1, 2, 3] as const;
/** What of the record a request may carry: the patient's card, a course's treatment history, an assessment result. */
export const MATERIAL_KINDS = ['patient', 'treatment', 'assessment'] as const;
export type MaterialKind = (typeof MATERIAL_KINDS)[number];

/** A PNG drawn on the signature pad, as a data URL (at most ~300 kB). */
export const signaturePngSchema = z
  .string()
  .max(400_000)
  .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);

export const consultationInitiateSchema = z.strictObject({
  patientId: idSchema,
  treatmentId: idSchema.nullable().default(null),
  reason: requiredText(200),
  question: requiredText(1000),
  urgency: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(1),
  toOrganizationId: idSchema,
  /** the receiving office, or null for any office of the receiving organization */
  toOfficeId: idSchema.nullable().default(null),
  /** a named expert of the receiving organization, or null for any */
  targetExpertId: idSchema.nullable().default(null),
  proposedAt: z.iso.datetime({ offset: true }),
  /** what of the record goes along: chosen from the candidates of `materials` */
  materials: z
    .array(z.strictObject({ kind: z.enum(MATERIAL_KINDS), refId: idSchema }))
    .min(1)
    .max(30),
  /** the patient's consent, drawn on the signature pad */
  consentSignature: signaturePngSchema,
  feeItem: requiredText(50),
  /** fen (整数分) per half hour */
  feeFen: z.number().int().min(0).max(10_000_000),
  /** submit at once (else it stays a draft) */
  submit: z.boolean().default(true),
});
export type ConsultationInitiate = z.input<typeof consultationInitiateSchema>;

export const consultationListQuerySchema = pageQuerySchema.extend({
  /** sent by my organization, or received by it */
  box: z.enum(['sent', 'received']).default('sent'),
  status: z.enum(CONSULTATION_STATUSES as unknown as [string, ...string[]]).optional(),
});

export const acceptSchema = z.strictObject({ scheduledAt: z.iso.datetime({ offset: true }) });
export const reasonSchema = z.strictObject({ reason: requiredText(200) });
export const optionalReasonSchema = z.strictObject({ reason: text(200).optional() });

export const recordCameraGroupParamsSchema = z.object({
  id: idSchema,
  cameraGroupId: idSchema,
  /** 1 the inviting side's camera group, 2 the expert's */
  type: numberFrom(z.number().int().min(1).max(2)),
});

export const reportSaveSchema = z.strictObject({
  consultationId: idSchema,
  findings: requiredText(2000),
  opinion: requiredText(2000),
  advice: text(2000).default(''),
  followUp: text(500).default(''),
});
export type ReportSave = z.input<typeof reportSaveSchema>;
export const reportQuerySchema = z.strictObject({ consultationId: idSchema });
export const reportSignSchema = z.strictObject({ signature: signaturePngSchema });

export const remoteSettingsSchema = z.strictObject({
  requiresApproval: z.boolean(),
  /** days the receiving side may still read a consultation after it ended */
  retentionDays: z.number().int().min(0).max(3650),
  /** hours an unanswered request waits before it expires */
  expiryHours: z
    .number()
    .int()
    .min(1)
    .max(24 * 30),
});
export type RemoteSettings = z.infer<typeof remoteSettingsSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Answers

const statusSchema = z.enum(CONSULTATION_STATUSES as unknown as [string, ...string[]]);
const orgRef = z.strictObject({ id: z.number().int(), name: z.string() });

export const remoteOrganizationSchema = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  offices: z.array(orgRef),
});

export const remotePatientSchema = z.strictObject({ id: z.number().int(), name: z.string() });

export const materialCandidateSchema = z.strictObject({
  kind: z.enum(MATERIAL_KINDS),
  refId: z.number().int(),
  title: z.string(),
  detail: z.string(),
});

export const consultationRowSchema = z.strictObject({
  id: z.number().int(),
  status: statusSchema,
  /** which side the reader is on */
  side: z.enum(['sender', 'receiver']),
  patientName: z.string(),
  reason: z.string(),
  urgency: z.number().int(),
  fromOrganization: orgRef,
  toOrganization: orgRef,
  toOffice: orgRef.nullable(),
  expertName: z.string().nullable(),
  proposedAt: z.string(),
  scheduledAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ConsultationRow = z.infer<typeof consultationRowSchema>;

export const materialSchema = z.strictObject({
  id: z.number().int(),
  kind: z.enum(MATERIAL_KINDS),
  title: z.string(),
  /** the lines of the snapshot taken when the request was made */
  lines: z.array(z.strictObject({ label: z.string(), value: z.string() })),
});

export const historyEntrySchema = z.strictObject({
  action: z.enum(['initiate', ...CONSULTATION_ACTIONS] as unknown as [string, ...string[]]),
  fromStatus: statusSchema.nullable(),
  toStatus: statusSchema,
  actorName: z.string().nullable(),
  reason: z.string().nullable(),
  at: z.string(),
});

export const reportVersionSchema = z.strictObject({
  id: z.number().int(),
  version: z.number().int(),
  findings: z.string(),
  opinion: z.string(),
  advice: z.string(),
  followUp: z.string(),
  signedByName: z.string(),
  signedAt: z.string(),
  /** the signature as a PNG data URL */
  signature: z.string(),
  /** a later signed version replaced this one */
  superseded: z.boolean(),
  /**
   * the signing service's check of this version (issue 19): valid, modified since signing (the stored text no longer
   * hashes to what was signed) or invalid; null for a version signed before reports went through the service
   */
  signatureState: z.enum(SIGNATURE_STATES).nullable(),
  countersignedByName: z.string().nullable(),
  countersignedAt: z.string().nullable(),
});
export type ReportVersion = z.infer<typeof reportVersionSchema>;

export const reportDraftSchema = z.strictObject({
  findings: z.string(),
  opinion: z.string(),
  advice: z.string(),
  followUp: z.string(),
  updatedAt: z.string(),
});

export const reportAnswerSchema = z.strictObject({
  draft: reportDraftSchema.nullable(),
  versions: z.array(reportVersionSchema),
});

export const consultationDetailSchema = consultationRowSchema.extend({
  question: z.string(),
  rejectReason: z.string().nullable(),
  feeItem: z.string(),
  feeFen: z.number().int(),
  /**
   * the fee's line on the patient's bill once the inviting side has countersigned (half hours x the fee, shared
   * PayStatus); null before, and always null for the receiving side, which never sees the sender's bill
   */
  feeCharge: z
    .strictObject({
      patientId: z.number().int(),
      treatmentId: z.number().int().nullable(),
      quantity: z.number().int(),
      amountFen: z.number().int(),
      payStatus: z.number().int(),
    })
    .nullable(),
  requiresApproval: z.boolean(),
  deadlineAt: z.string().nullable(),
  /** the actions the reader may take now */
  actions: z.array(z.enum(CONSULTATION_ACTIONS as unknown as [string, ...string[]])),
  materials: z.array(materialSchema),
  history: z.array(historyEntrySchema),
  cameraGroups: z.array(z.strictObject({ cameraGroupId: z.number().int(), type: z.number().int() })),
  report: reportAnswerSchema,
});
export type ConsultationDetail = z.infer<typeof consultationDetailSchema>;
