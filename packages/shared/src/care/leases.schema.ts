import { z } from 'zod';
import { idSchema, pageQuerySchema } from '../schemas/common.schema';
import { daysBetween } from '../workload/workload.schema';
import { calendarDateSchema } from './tubes.schema';

/**
 * Equipment lease (设备租赁, /customerService/lease): home-rehab equipment of the equipment register lent to a
 * patient, priced per day from the equipment's lease price, with a deposit; states leased -> returned, and overdue
 * (set by a job) when the planned return day has passed.
 */
export const LeasePerm = {
  list: 'sys:lease:list',
  save: 'sys:lease:save',
  /** take the equipment back (settles the rent) */
  return: 'sys:lease:return',
} as const;

export const LEASE_STATUSES = ['leased', 'overdue', 'returned'] as const;
export type LeaseStatus = (typeof LEASE_STATUSES)[number];

/** Deposit: 0 up to 99,999.99 yuan, in fen. */
const depositSchema = z
  .number({ error: 'validation.invalid' })
  .int({ error: 'validation.notInteger' })
  .min(0, { error: 'validation.moneyNotNegative' })
  .max(9_999_999, { error: 'validation.tooBig' });

export const leaseSaveSchema = z
  .strictObject({
    patientId: idSchema,
    equipmentId: idSchema,
    startOn: calendarDateSchema,
    plannedReturnOn: calendarDateSchema,
    depositFen: depositSchema.default(0),
    remark: z.string().trim().max(200, { error: 'validation.tooLong' }).nullable().default(null),
  })
  .refine((v) => v.plannedReturnOn > v.startOn, { error: 'lease.returnBeforeStart', path: ['plannedReturnOn'] });

export const leaseReturnSchema = z.strictObject({
  id: idSchema,
  returnedOn: calendarDateSchema,
});

export const leasePageQuerySchema = pageQuerySchema.extend({
  patientName: z.string().trim().max(30).optional(),
  status: z.enum(LEASE_STATUSES, { error: 'validation.invalidOption' }).optional(),
});

export const leaseRowSchema = z.strictObject({
  id: z.number().int(),
  patientId: z.number().int(),
  patientName: z.string(),
  equipmentId: z.number().int(),
  equipmentName: z.string(),
  startOn: z.string(),
  plannedReturnOn: z.string(),
  returnedOn: z.string().nullable(),
  status: z.enum(LEASE_STATUSES),
  /** the daily price when it was leased, fen */
  dailyPriceFen: z.number().int(),
  depositFen: z.number().int(),
  /** days charged: from start to the return (or today while out), at least 1 */
  days: z.number().int(),
  /** days * daily price; final once returned */
  rentFen: z.number().int(),
  /** days past the planned return (0 when on time) */
  lateDays: z.number().int(),
  remark: z.string().nullable(),
  /** the deposit's and the rent's lines on the patient's bill (shared PayStatus), null while there is none */
  depositPayStatus: z.number().int().nullable(),
  rentPayStatus: z.number().int().nullable(),
});
export type LeaseRow = z.infer<typeof leaseRowSchema>;

/** The rent of a lease up to `until` (its return day, or today): whole days from the start, at least one. */
export function leaseRent(startOn: string, until: string, dailyPriceFen: number) {
  const days = Math.max(1, daysBetween(startOn, until));
  return { days, rentFen: days * dailyPriceFen };
}

export const equipmentOptionSchema = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  /** null: the equipment has no lease price and cannot be leased */
  dailyPriceFen: z.number().int().nullable(),
});
