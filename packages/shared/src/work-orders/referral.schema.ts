/**
 * Requests of the work-order calls (spec section 7, Referral: in the spec's API a work order is a "referral", under
 * /api/sys/referral) and their permission codes.
 */
import { z } from 'zod';
import { idSchema, numberFrom } from '../schemas/common.schema';
import { WORK_ORDER_ACTIONS, WorkOrderStatus } from './work-order-state';

export const ReferralPerm = {
  /** my orders (myReferral, myReferral4Workbench, doList) */
  my: 'sys:referral:my',
  /** every order of the organization: list, by patient, expired, export, select lists */
  list: 'sys:referral:list',
  info: 'sys:referral:info',
  /** execute, authorize, cancel authorization, invalidate, withdraw */
  handle: 'sys:referral:handleState',
  /** patient signature and photos */
  upload: 'sys:referral:upload',
  remark: 'sys:referral:remark',
  /** today's lists and patient check-in */
  checkIn: 'sys:referral:checkIn',
  /** the equipment used for an order (TreatmentEquipment) */
  equipment: 'sys:referral:equipment',
  /** the treatment record of an order I executed (editTreatRecord) */
  record: 'sys:referral:record',
  /** scanning a project's executive code: find the project, create today's order (recoveryproject) */
  scan: 'sys:recoveryproject:scan',
} as const;

/** Work-order files: the patient's signature (PNG from the signature pad) and photos (JPG or PNG). */
export const WorkOrderFileKind = { signature: 1, photo: 2 } as const;
export const WORK_ORDER_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const WORK_ORDER_PHOTO_MIME_TYPES = ['image/jpeg', 'image/png'] as const;
export const WORK_ORDER_SIGNATURE_MIME_TYPES = ['image/png'] as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const optDate = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.string().regex(DATE, { error: 'validation.date' }).optional(),
);
const optId = z.preprocess((v) => (v === '' || v === null ? undefined : v), idSchema.optional());
const optText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v === null ? undefined : v),
    z.string().trim().max(max).optional(),
  );
const page = {
  page: numberFrom(z.number().int().min(1).max(100000)).default(1),
  limit: numberFrom(z.number().int().min(1).max(1000)).default(10),
};
const statusCode = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  numberFrom(
    z.union([
      z.literal(WorkOrderStatus.unfinished),
      z.literal(WorkOrderStatus.invalidated),
      z.literal(WorkOrderStatus.completed),
      z.literal(WorkOrderStatus.expired),
    ]),
  ).optional(),
);

/** Filters shared by the order lists. Dates are treatment days, YYYY-MM-DD, inclusive. */
const filters = {
  keyword: optText(50),
  patientId: optId,
  projectId: optId,
  therapistId: optId,
  status: statusCode,
  startDate: optDate,
  endDate: optDate,
  /** 1 signed only, 0 not signed only */
  signed: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    numberFrom(z.union([z.literal(0), z.literal(1)])).optional(),
  ),
};

/** POST list, doList, exportReferralByPatient, selectReferralByPatient */
export const referralListSchema = z.object({ ...page, ...filters });
export type ReferralListInput = z.input<typeof referralListSchema>;

/** POST myReferral: my orders (assigned to me or authorized to me); `unfinish` or `finished`. */
export const myReferralSchema = z.object({
  ...page,
  ...filters,
  action: z.enum(['unfinish', 'finished']).default('unfinish'),
});
export type MyReferralInput = z.input<typeof myReferralSchema>;

/** POST selectReferralComboboxByPatient, incomplete lists: one patient */
export const patientReferralSchema = z.object({ ...page, ...filters, patientId: idSchema });

/** POST overdueProjectSelectList, cancelProjectSelectList: optionally one patient. */
export const projectSelectSchema = z.object({ patientId: optId });

/** PUT handleState: one action on one order (mode SINGLE, the default) or on several (BATCH, all or none). */
export const handleStateSchema = z
  .object({
    mode: z.enum(['SINGLE', 'BATCH']).default('SINGLE'),
    id: optId,
    ids: z.array(idSchema).max(200).optional(),
    action: z.enum(WORK_ORDER_ACTIONS.filter((a) => a !== 'sign' && a !== 'photograph') as [string, ...string[]]),
    reason: optText(100),
    therapyGroupId: optId,
    authorizedTherapistId: optId,
  })
  .superRefine((v, ctx) => {
    if (v.mode === 'SINGLE' && v.id === undefined)
      ctx.addIssue({ code: 'custom', path: ['id'], message: 'validation.required' });
    if (v.mode === 'BATCH' && !v.ids?.length)
      ctx.addIssue({ code: 'custom', path: ['ids'], message: 'validation.required' });
  });
export type HandleStateInput = z.input<typeof handleStateSchema>;

/** PUT uploadReferralConfirmation?ids=1,2&kind=1 (multipart, field `file`) */
export const uploadConfirmationQuerySchema = z.object({
  ids: z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split(',')
            .filter((x) => x.trim() !== '')
            .map((x) => Number(x))
        : v,
    z.array(idSchema).min(1, { error: 'validation.required' }).max(50),
  ),
  kind: numberFrom(z.union([z.literal(WorkOrderFileKind.signature), z.literal(WorkOrderFileKind.photo)])),
});

/** PUT updateReferralRemark */
export const referralRemarkSchema = z.object({ id: idSchema, remark: z.string().trim().max(30) });

/** POST today lists and check-in */
export const todayListSchema = z.object({ ...page, keyword: optText(50), checkedIn: filters.signed });
export const checkInSchema = z.object({ ids: z.array(idSchema).min(1).max(100) });

/** POST TreatmentEquipment: the piece of equipment used for an order; null clears it. */
export const treatmentEquipmentSchema = z.object({ id: idSchema, equipmentId: z.union([idSchema, z.null()]) });

/** POST editTreatRecord: the treatment record (what was done, how the patient responded) of an executed order. */
export const TREAT_RECORD_MAX = 500;
export const treatRecordSchema = z.object({
  id: idSchema,
  record: z.string().trim().min(1, { error: 'validation.required' }).max(TREAT_RECORD_MAX),
});

/** POST queryComboBox: the option lists of the order filters, from the organization's orders. */
export const ReferralComboType = { project: 1, patient: 2, equipment: 3, therapist: 4 } as const;
export const comboBoxSchema = z.object({
  type: numberFrom(z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)])),
  keyword: optText(50),
  startDate: optDate,
  endDate: optDate,
});

/** GET querySelectTh / querySelectDoctor ?type=1 every one of the organization, 2 only those with orders today. */
export const staffSelectQuerySchema = z.object({
  type: numberFrom(z.union([z.literal(1), z.literal(2)])).default(1),
});

/** POST querySelectTh4PatientScheduling, getTodayPatientScheduling: one patient (today unless a date is given). */
export const patientSchedulingSchema = z.object({ patientId: idSchema, date: optDate });

/**
 * The executive code (执行码) of a treatment project: `X`, the project id padded to 8 digits and a check digit
 * (weights 3 and 1 from the right, as EAN), so a misread barcode is refused rather than finding another project.
 */
const checkDigit = (digits: string) => {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[digits.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return String((10 - (sum % 10)) % 10);
};
export function executiveCode(projectId: number): string {
  const digits = String(projectId).padStart(8, '0');
  return `X${digits}${checkDigit(digits)}`;
}
/** The project id of an executive code, or null when it is not one (wrong form or check digit). */
export function parseExecutiveCode(code: string): number | null {
  const m = /^X(\d{8,10})(\d)$/i.exec(code.trim());
  if (!m || checkDigit(m[1]!) !== m[2]) return null;
  const id = Number(m[1]);
  return id > 0 ? id : null;
}
/** POST selectProjectByExecutiveCode, createReferralByExecutiveCode */
export const executiveCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .min(1, { error: 'validation.required' })
    .max(20)
    .refine((c) => parseExecutiveCode(c) !== null, { error: 'validation.executiveCode' }),
});

// ---- answers ------------------------------------------------------------------------------------------------------

const int = z.number().int();
const text = z.string();
const nullableText = z.string().nullable();
const nullableInt = z.number().int().nullable();

/** One work order as the lists answer it (ids, state, patient, project, the staff involved). */
export const orderRowSchema = z.strictObject({
  id: int,
  patientId: int,
  treatmentId: int,
  projectId: int,
  treatDate: text,
  seq: int,
  status: int,
  signed: z.boolean(),
  photographed: z.boolean(),
  completedAt: nullableText,
  checkedInAt: nullableText,
  invalidReason: nullableText,
  remark: nullableText,
  treatRecord: nullableText,
  equipmentId: nullableInt,
  therapistId: nullableInt,
  teamId: nullableInt,
  authorizedTherapistId: nullableInt,
  authorizedTeamId: nullableInt,
  authorizerId: nullableInt,
  executorId: nullableInt,
  patientName: text,
  sex: int,
  phone: text,
  bedNumber: nullableText,
  outpatientNo: nullableText,
  inpatientNo: nullableText,
  cardNo: text,
  patientType: int,
  projectName: text,
  frequency: text,
  duration: z.number(),
  treatedTimes: int,
  totalTimes: int,
  execOfficeName: text,
  equipmentName: nullableText,
  therapistName: nullableText,
  treatmentTeamName: nullableText,
  authorizedTherapistName: nullableText,
  authorizedTeamName: nullableText,
  authorizerName: nullableText,
  executorName: nullableText,
});
export type OrderRow = z.infer<typeof orderRowSchema>;

/** A step of an order's history (created, executed, authorized ...). */
export const orderHistorySchema = z.strictObject({
  id: int,
  action: text,
  fromStatus: nullableInt,
  toStatus: int,
  reason: nullableText,
  fileId: nullableInt,
  actorId: nullableInt,
  actorName: nullableText,
  at: text,
});
export type OrderHistory = z.infer<typeof orderHistorySchema>;
/** A signature or photo of an order (the bytes come from GET /sys/referral/file/:id). */
export const orderFileSchema = z.strictObject({
  id: int,
  kind: int,
  mime: text,
  size: int,
  withdrawnAt: nullableText,
  createdAt: text,
  createdByName: nullableText,
});
export type OrderFile = z.infer<typeof orderFileSchema>;
export const orderDetailSchema = z.strictObject({
  ...orderRowSchema.shape,
  history: z.array(orderHistorySchema),
  files: z.array(orderFileSchema),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** An option of the order filters and pickers. */
export const orderOptionSchema = z.strictObject({ id: int, name: text });
export type OrderOption = z.infer<typeof orderOptionSchema>;
/** A project with orders, for the project pickers of a patient's orders. */
export const orderProjectOptionSchema = z.strictObject({ id: int, name: text, patientId: int });
/** The treatment groups with their therapists (authorizing an order to another therapist). */
export const orderTeamSchema = z.strictObject({ id: int, name: text, therapists: z.array(orderOptionSchema) });
export type OrderTeam = z.infer<typeof orderTeamSchema>;

/** The workbench: today's counts of my orders and the first unfinished ones. */
export const workbenchOrdersSchema = z.strictObject({
  undoneTotal: int,
  doneTotal: int,
  list: z.array(orderRowSchema),
});

/** A patient's bookings of a day (getTodayPatientScheduling). */
export const patientDayScheduleSchema = z.strictObject({
  patientId: int,
  patientName: text,
  date: text,
  list: z.array(
    z.strictObject({
      scheduleId: int,
      workOrderId: int,
      startTime: text,
      endTime: text,
      therapistId: int,
      therapistName: text,
      equipmentId: nullableInt,
      equipmentName: nullableText,
      projectId: int,
      projectName: text,
      status: int,
      checkedInAt: nullableText,
    }),
  ),
});

/** The project of an executive code, with today's orders of it. */
export const executiveProjectSchema = z.strictObject({
  id: int,
  name: text,
  patientId: int,
  patientName: text,
  treatmentId: int,
  execOfficeId: int,
  therapistId: nullableInt,
  teamId: nullableInt,
  equipmentId: nullableInt,
  frequency: text,
  duration: z.number(),
  totalTimes: int,
  treatedTimes: int,
  status: int,
  courseStatus: int,
  executiveCode: text,
  cardNo: text,
  active: z.boolean(),
  todayOrders: z.array(orderRowSchema),
});
/** createReferralByExecutiveCode: today's orders of the scanned project (one created when it had none). */
export const executiveOrdersSchema = z.strictObject({
  created: z.boolean(),
  executiveCode: text,
  list: z.array(orderRowSchema),
});

/**
 * GET /sys/treatmentRecord/patient: the patient's treatment record for the hospital system's frame
 * (`/treatmentRecord/treatmentIframe`). The hospital system names the patient by its own number (outpatient,
 * inpatient or visit number of a course) or, from inside this system, by id; pages of 20 executed orders.
 */
export const treatmentRecordQuerySchema = z
  .object({
    patientNo: optText(30),
    patientId: optId,
    page: page.page,
    limit: numberFrom(z.number().int().min(1).max(100)).default(20),
  })
  .refine((q) => q.patientNo !== undefined || q.patientId !== undefined, {
    error: 'validation.required',
    path: ['patientNo'],
  });

export const treatmentRecordCourseSchema = z.strictObject({
  id: int,
  /** 1 outpatient, 2 inpatient */
  patientType: int,
  /** 1 active, 2 ended, 3 discharged, 4 registration cancelled */
  status: int,
  outpatientNo: nullableText,
  inpatientNo: nullableText,
  registerTime: text,
  endTime: nullableText,
});

export const treatmentRecordSchema = z.strictObject({
  patient: z.strictObject({ id: int, name: text, sex: int, birthday: nullableText }),
  courses: z.array(treatmentRecordCourseSchema),
});
