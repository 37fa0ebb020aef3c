import { z } from 'zod';
import { idSchema, numberFrom, pageQuerySchema } from '../schemas/common.schema';

/** Permission code of the prescription management screen (/mypatient/prescription/manage). */
export const PrescriptionPerm = { list: 'sys:treatment:prescriptionList' } as const;

const blank = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);
const optId = z.preprocess(blank, idSchema.optional());
const optDate = z.preprocess(
  blank,
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.dateFormat' })
    .optional(),
);

/**
 * POST /api/sys/treatment/prescriptionPage: the treatment projects prescribed in the organization. `scope` 1 (default)
 * only those I prescribed, 0 all; `status` 1 in progress, 2 completed, 3 disabled; dates bound the prescription day.
 */
export const prescriptionPageSchema = pageQuerySchema
  .extend({
    keyword: z.preprocess(blank, z.string().trim().max(64).optional()),
    templateId: optId,
    status: z.preprocess(
      blank,
      numberFrom(
        z
          .number()
          .int()
          .refine((v) => [1, 2, 3].includes(v), { error: 'validation.invalidOption' }),
      ).optional(),
    ),
    execOfficeId: optId,
    therapistId: optId,
    mine: z.preprocess(
      blank,
      numberFrom(
        z
          .number()
          .int()
          .refine((v) => v === 0 || v === 1, { error: 'validation.invalidOption' }),
      ).default(1),
    ),
    dateFrom: optDate,
    dateTo: optDate,
  })
  .strict()
  .refine((q) => !q.dateFrom || !q.dateTo || q.dateFrom <= q.dateTo, {
    error: 'scheduling.leaveEndBeforeStart',
    path: ['dateTo'],
  });
export type PrescriptionPageQuery = z.input<typeof prescriptionPageSchema>;

/** One prescribed project of the prescription list, with its patient, course, offices and staff. */
export const prescriptionRowSchema = z.strictObject({
  id: z.number().int(),
  patientId: z.number().int(),
  patientName: z.string(),
  treatmentId: z.number().int(),
  patientType: z.number().int(),
  courseStatus: z.number().int(),
  outpatientNo: z.string().nullable(),
  inpatientNo: z.string().nullable(),
  templateId: z.number().int().nullable(),
  name: z.string(),
  comboName: z.string().nullable(),
  status: z.number().int(),
  frequency: z.string(),
  times: z.number().int(),
  totalTimes: z.number().int(),
  treatedTimes: z.number().int(),
  totalPrice: z.number(),
  execOfficeId: z.number().int(),
  execOfficeName: z.string(),
  therapistId: z.number().int().nullable(),
  therapistName: z.string().nullable(),
  teamName: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.number().int().nullable(),
  prescriberName: z.string().nullable(),
});
export type PrescriptionRow = z.output<typeof prescriptionRowSchema>;
