import { z } from 'zod';
import { idSchema, numberFrom, pageQuerySchema } from '../schemas/common.schema';
import { dateSchema } from '../workload/workload.schema';
import { STATISTICS_MAX_DAYS, STATISTICS_RANGE_KINDS, statisticsDaysBetween } from './range';

/** Permission codes of the statistics screens (/dataStatistical/*). */
export const StatisticsPerm = {
  /** department and therapist workload, and the work orders they count (officeWorkLoad, therapistWork*) */
  workload: 'sys:statistics:workload',
  /** sessions and revenue per project template (projectAnalysisLoad and its detail) */
  project: 'sys:statistics:project',
  /** sessions and busy minutes per piece of equipment (equipmentUseLoad and its detail) */
  equipment: 'sys:statistics:equipment',
  /** money per patient and course (treatmentCostLoad, hospitalizedCostLoad and their detail) */
  cost: 'sys:statistics:cost',
  /** turnover by day, pay type and cashier (turnOver) */
  turnover: 'sys:statistics:turnover',
  /** the operations overview: registrations, work and income against the period before (operational-data) */
  operations: 'sys:statistics:operations',
} as const;

const optId = numberFrom(idSchema.optional());

/**
 * The filter of every statistics query: a range (day, week, month around `date`, the clinic's today when absent, or
 * custom `startDate`..`endDate`, at most 366 days) and optional office, therapist, project template, equipment and
 * patient type (1 outpatient, 2 inpatient).
 */
export const statisticsFilterShape = {
  range: z.enum(STATISTICS_RANGE_KINDS, { error: 'statistics.rangeKind' }).default('month'),
  date: dateSchema.optional(),
  startDate: dateSchema.optional(),
  endDate: dateSchema.optional(),
  officeId: optId,
  therapistId: optId,
  projectId: optId,
  equipmentId: optId,
  patientType: numberFrom(z.union([z.literal(1), z.literal(2)], { error: 'validation.invalidOption' }).optional()),
};

/** The range fields alone (the money and overview queries take no work filter). */
const rangeShape = {
  range: statisticsFilterShape.range,
  date: statisticsFilterShape.date,
  startDate: statisticsFilterShape.startDate,
  endDate: statisticsFilterShape.endDate,
};

type RangeFields = { range: string; startDate?: string; endDate?: string };
const checkRange = (v: RangeFields, ctx: z.RefinementCtx) => {
  if (v.range !== 'custom') return;
  if (!v.startDate || !v.endDate) {
    ctx.addIssue({
      code: 'custom',
      path: [v.startDate ? 'endDate' : 'startDate'],
      message: 'statistics.rangeRequired',
    });
    return;
  }
  const days = statisticsDaysBetween(v.startDate, v.endDate);
  if (days < 0) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'statistics.rangeReversed' });
  else if (days >= STATISTICS_MAX_DAYS)
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'statistics.rangeTooLong' });
};

export const statisticsFilterSchema = z.object(statisticsFilterShape).superRefine(checkRange);
export type StatisticsFilterInput = z.input<typeof statisticsFilterSchema>;
export type StatisticsFilter = z.output<typeof statisticsFilterSchema>;

/** The work orders a figure counts (the drill-down): the filter plus one day and a page. */
export const statisticsWorkOrdersQuerySchema = z
  .object({ ...statisticsFilterShape, ...pageQuerySchema.shape, day: dateSchema.optional() })
  .superRefine(checkRange);
export type StatisticsWorkOrdersQuery = z.output<typeof statisticsWorkOrdersQuerySchema>;

/** The turnover filter: the range and optionally one cashier. */
export const turnoverFilterSchema = z
  .object({
    ...rangeShape,
    cashierId: optId,
  })
  .superRefine(checkRange);
export type TurnoverFilter = z.output<typeof turnoverFilterSchema>;

/** The settlements a turnover figure counts: the turnover filter and a page. */
export const turnoverDetailQuerySchema = z
  .object({
    ...rangeShape,
    cashierId: optId,
    /** one patient's or one course's settlements (the cost detail) */
    patientId: optId,
    treatmentId: optId,
    ...pageQuerySchema.shape,
  })
  .superRefine(checkRange);
export type TurnoverDetailQuery = z.output<typeof turnoverDetailQuerySchema>;

const int = z.number().int();
export const resolvedRangeSchema = z.strictObject({ from: z.string(), to: z.string() });

const workShape = {
  sessions: int,
  visits: int,
  patients: int,
  minutes: int,
  authorizedSessions: int,
  substituteSessions: int,
  orders: int,
  expired: int,
  invalidated: int,
};
export const workFiguresSchema = z.strictObject(workShape);
export type WorkFigures = z.infer<typeof workFiguresSchema>;

export const officeStatisticsSchema = z.strictObject({
  range: resolvedRangeSchema,
  totals: z.strictObject({ ...workShape, newPatients: int }),
  rows: z.array(z.strictObject({ officeId: int, officeName: z.string(), ...workShape, newPatients: int })),
});
export type OfficeStatistics = z.infer<typeof officeStatisticsSchema>;

export const therapistStatisticsSchema = z.strictObject({
  range: resolvedRangeSchema,
  totals: workFiguresSchema,
  rows: z.array(z.strictObject({ therapistId: int, name: z.string(), ...workShape })),
  days: z.array(z.strictObject({ date: z.string(), sessions: int, minutes: int })),
  /** per project template (the therapist detail's breakdown) */
  projects: z.array(z.strictObject({ projectId: int.nullable(), name: z.string(), sessions: int, minutes: int })),
});
export type TherapistStatistics = z.infer<typeof therapistStatisticsSchema>;

export const statisticsWorkOrderRowSchema = z.strictObject({
  id: int,
  treatDate: z.string(),
  completedAt: z.string().nullable(),
  patientId: int,
  patientName: z.string(),
  patientType: int,
  projectName: z.string(),
  minutes: int,
  officeName: z.string(),
  therapistName: z.string().nullable(),
  executorName: z.string().nullable(),
  authorizedTherapistName: z.string().nullable(),
  substitute: z.boolean(),
});
export type StatisticsWorkOrderRow = z.infer<typeof statisticsWorkOrderRowSchema>;

const moneyShape = {
  receivableFen: int,
  /** member discounts and round-off given at settlement (positive: what was taken off the charges) */
  discountsFen: int,
  receivedFen: int,
  refundsFen: int,
  netIncomeFen: int,
  settlementCount: int,
};
export const turnoverSchema = z.strictObject({
  range: resolvedRangeSchema,
  totals: z.strictObject(moneyShape),
  days: z.array(z.strictObject({ date: z.string(), ...moneyShape })),
  byPayType: z.array(z.strictObject({ payType: z.string(), receivedFen: int, refundsFen: int })),
  byCashier: z.array(z.strictObject({ cashierId: int, name: z.string(), ...moneyShape })),
});
export type Turnover = z.infer<typeof turnoverSchema>;

export const projectStatisticsSchema = z.strictObject({
  range: resolvedRangeSchema,
  totals: z.strictObject({ sessions: int, patients: int, minutes: int, revenueFen: int }),
  rows: z.array(
    z.strictObject({
      /** the project template; null for projects prescribed without one */
      projectId: int.nullable(),
      name: z.string(),
      sessions: int,
      patients: int,
      minutes: int,
      revenueFen: int,
      /** share of the sessions and of the revenue, in percent with one decimal */
      sessionShare: z.number(),
      revenueShare: z.number(),
    }),
  ),
});
export type ProjectStatistics = z.infer<typeof projectStatisticsSchema>;

export const equipmentStatisticsSchema = z.strictObject({
  range: resolvedRangeSchema,
  totals: z.strictObject({ sessions: int, patients: int, minutes: int }),
  rows: z.array(z.strictObject({ equipmentId: int, name: z.string(), sessions: int, patients: int, minutes: int })),
});
export type EquipmentStatistics = z.infer<typeof equipmentStatisticsSchema>;

export const turnoverSettlementRowSchema = z.strictObject({
  id: int,
  settlementNo: z.string(),
  /** charge: a payment taken; reversal: a refund paid out */
  kind: z.enum(['charge', 'reversal']),
  createdAt: z.string(),
  patientName: z.string(),
  cashierName: z.string(),
  totalFen: int,
  payments: z.array(z.strictObject({ payType: z.string(), amountFen: int })),
});
export type TurnoverSettlementRow = z.infer<typeof turnoverSettlementRowSchema>;

/** The cost query: the range, optionally the patient type (1 outpatient, 2 inpatient), and a page of courses. */
export const costQuerySchema = z
  .object({
    ...rangeShape,
    patientType: statisticsFilterShape.patientType,
    ...pageQuerySchema.shape,
  })
  .superRefine(checkRange);
export type CostQuery = z.output<typeof costQuerySchema>;

const costShape = { chargedFen: int, refundedFen: int, netFen: int, settlementCount: int };
export const costStatisticsSchema = z.strictObject({
  range: resolvedRangeSchema,
  totals: z.strictObject({ ...costShape, courses: int }),
  page: z.strictObject({
    list: z.array(
      z.strictObject({
        patientId: int,
        treatmentId: int.nullable(),
        patientName: z.string(),
        patientType: int.nullable(),
        courseNo: z.string().nullable(),
        ...costShape,
      }),
    ),
    totalCount: int,
    pageSize: int,
    currPage: int,
    totalPage: int,
  }),
});
export type CostStatistics = z.infer<typeof costStatisticsSchema>;

/** The operations overview's query: the range only (the overview is the whole organization's). */
export const operationalFilterSchema = z
  .object({
    ...rangeShape,
  })
  .superRefine(checkRange);
export type OperationalFilter = z.output<typeof operationalFilterSchema>;

const operationalFiguresShape = {
  registrations: int,
  newPatients: int,
  patients: int,
  visits: int,
  sessions: int,
  minutes: int,
  netIncomeFen: int,
  refundsFen: int,
  incomePerVisitFen: int,
  /** completed share of the range's orders (invalidated left out), percent with one decimal */
  completionRate: z.number(),
  /** orders of the range that expired unexecuted (the patient did not come: 爽约) */
  expiredOrders: int,
  /** average clinic days from prescription to the first treatment, of projects first treated in the range */
  waitingDays: z.number(),
};
export const operationalFiguresSchema = z.strictObject(operationalFiguresShape);
export type OperationalFigures = z.infer<typeof operationalFiguresSchema>;

/** Patients registered per department of the visit (POST /sys/patient/selectVisitOfficeAndPatientAmount). */
export const visitOfficeAmountSchema = z.strictObject({
  officeId: int,
  officeName: z.string(),
  /** courses registered in the range (cancelled ones left out) */
  patientAmount: int,
  outpatients: int,
  inpatients: int,
  /** courses of the department in treatment now (whatever their registration day) */
  inTreatment: int,
});
export type VisitOfficeAmount = z.infer<typeof visitOfficeAmountSchema>;

export const operationalDataSchema = z.strictObject({
  /** the range up to today, and the period it is compared with (comparedRanges) */
  range: resolvedRangeSchema,
  previousRange: resolvedRangeSchema,
  current: operationalFiguresSchema,
  previous: operationalFiguresSchema,
  days: z.array(
    z.strictObject({ date: z.string(), registrations: int, visits: int, sessions: int, netIncomeFen: int }),
  ),
  offices: z.array(
    z.strictObject({
      officeId: int,
      officeName: z.string(),
      registrations: int,
      inTreatment: int,
      patients: int,
      visits: int,
      sessions: int,
    }),
  ),
});
export type OperationalData = z.infer<typeof operationalDataSchema>;
