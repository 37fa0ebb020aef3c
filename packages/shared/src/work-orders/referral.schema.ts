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
