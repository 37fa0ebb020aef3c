import { aliasedTable, and, asc, between, count, eq, gte, inArray, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import { WorkOrderStatus } from '@rehab/shared';
import type { TxOrDb } from '../../db/client';
import { officeNameRows } from '../offices';
import { courseRows, patientNameRows, projectRows } from '../patients';
import { userNameRows } from '../users';
import { workOrders } from './work-orders.tables';

/**
 * What the statistics read model reads of work orders (the work-orders module's face for it): figures grouped by
 * department, therapist, day or project template, the new patients per department, and the completed orders a figure
 * counts. Every query names the organization and a range of treatment days, so it runs on
 * wo_work_order_org_day_idx (organization_id, treat_date, status).
 */
export type WorkStatisticsFilter = {
  organizationId: number;
  from: string;
  to: string;
  officeId?: number;
  therapistId?: number;
  /** a project template (the prescribed project's template) */
  projectId?: number;
  equipmentId?: number;
  /** 1 outpatient, 2 inpatient: the course's type */
  patientType?: number;
  /** only orders done on a piece of equipment */
  withEquipment?: boolean;
};

const DONE = WorkOrderStatus.completed;

// the owners' rows the figures join, named as their tables (each plans as a join on the table itself)
const treatmentProjects = projectRows('pat_treatment_project');
const treatments = courseRows('pat_treatment');
const patients = patientNameRows('pat_patient');
const offices = officeNameRows('sys_office');

/**
 * Who an order counts for (the workload module's rule): the therapist who executed it once completed, else the
 * authorized therapist, else the therapist responsible.
 */
export const countsFor = sql<
  number | null
>`(case when ${workOrders.status} = ${DONE} and ${workOrders.executorId} is not null then ${workOrders.executorId} else coalesce(${workOrders.authorizedTherapistId}, ${workOrders.therapistId}) end)`;

function whereOf(f: WorkStatisticsFilter): SQL {
  return and(
    eq(workOrders.organizationId, f.organizationId),
    f.from === f.to ? eq(workOrders.treatDate, f.from) : between(workOrders.treatDate, f.from, f.to),
    f.officeId ? eq(workOrders.execOfficeId, f.officeId) : undefined,
    f.therapistId ? sql`${countsFor} = ${f.therapistId}` : undefined,
    f.projectId ? eq(treatmentProjects.templateId, f.projectId) : undefined,
    f.equipmentId ? eq(workOrders.equipmentId, f.equipmentId) : undefined,
    f.patientType ? eq(treatments.patientType, f.patientType) : undefined,
    f.withEquipment ? isNotNull(workOrders.equipmentId) : undefined,
  )!;
}

const done = sql`${workOrders.status} = ${DONE}`;
const FIGURES = {
  sessions: sql<number>`(count(*) filter (where ${done}))::int`,
  visits: sql<number>`(count(distinct (${workOrders.patientId}::text || ':' || ${workOrders.treatDate}::text || ':' || ${workOrders.execOfficeId}::text)) filter (where ${done}))::int`,
  patients: sql<number>`(count(distinct ${workOrders.patientId}) filter (where ${done}))::int`,
  minutes: sql<number>`(coalesce(sum(${treatmentProjects.duration}) filter (where ${done}), 0))::int`,
  authorizedSessions: sql<number>`(count(*) filter (where ${done} and ${workOrders.authorizedTherapistId} is not null))::int`,
  substituteSessions: sql<number>`(count(*) filter (where ${done} and ${workOrders.executorId} <> ${workOrders.therapistId}))::int`,
  orders: sql<number>`count(*)::int`,
  expired: sql<number>`(count(*) filter (where ${workOrders.status} = ${WorkOrderStatus.expired}))::int`,
  invalidated: sql<number>`(count(*) filter (where ${workOrders.status} = ${WorkOrderStatus.invalidated}))::int`,
};
export type WorkFigureRow = { [K in keyof typeof FIGURES]: number };

const figuresOf = (r: Record<string, unknown>): WorkFigureRow =>
  Object.fromEntries(Object.keys(FIGURES).map((k) => [k, Number(r[k] ?? 0)])) as WorkFigureRow;

const GROUPS = {
  none: sql<number>`0`,
  office: sql<number>`${workOrders.execOfficeId}`,
  therapist: countsFor,
  day: sql<string>`${workOrders.treatDate}`,
  project: sql<number | null>`${treatmentProjects.templateId}`,
  equipment: sql<number | null>`${workOrders.equipmentId}`,
};
export type WorkGrouping = keyof typeof GROUPS;

/** The figures of the filter's orders, grouped (`none`: one row of totals, key 0). */
export async function workFigures(
  db: TxOrDb,
  f: WorkStatisticsFilter,
  by: WorkGrouping,
): Promise<(WorkFigureRow & { key: number | string | null; name: string | null })[]> {
  const key = GROUPS[by];
  const query = db
    .select({ key, name: sql<string | null>`min(${treatmentProjects.name})`, ...FIGURES })
    .from(workOrders)
    .innerJoin(treatmentProjects, eq(treatmentProjects.id, workOrders.projectId))
    .innerJoin(treatments, eq(treatments.id, workOrders.treatmentId))
    .where(whereOf(f));
  // grouped by position: the therapist rule carries parameters, so the expression repeated would not be the same one
  const rows = by === 'none' ? await query : await query.groupBy(sql`1`);
  return rows.map((r) => ({
    key: r.key === null ? null : by === 'day' ? String(r.key) : Number(r.key),
    name: by === 'project' ? r.name : null,
    ...figuresOf(r),
  }));
}

/**
 * New patients per executing department: patients whose first completed order in the organization (by treatment day,
 * then id) falls in the range, counted for that order's department. Of the filters, the department applies.
 */
export async function newPatientsByOffice(db: TxOrDb, f: WorkStatisticsFilter): Promise<Map<number, number>> {
  const firsts = firstCompletedOrders(db, f, 'patientId');
  const rows = await db
    .select({ officeId: firsts.officeId, n: count() })
    .from(firsts)
    .where(and(gte(firsts.treatDate, f.from), f.officeId ? eq(firsts.officeId, f.officeId) : undefined))
    .groupBy(firsts.officeId);
  return new Map(rows.map((r) => [Number(r.officeId), Number(r.n)]));
}

/**
 * The first completed order (by treatment day, then id, up to the range's end) of each patient or project that has
 * a completed order in the range, as a subquery `firsts` (key, officeId, treatDate): "new in the range" is a first
 * treatment day not before the range's start.
 */
function firstCompletedOrders(
  db: TxOrDb,
  f: Pick<WorkStatisticsFilter, 'organizationId' | 'from' | 'to'>,
  by: 'patientId' | 'projectId',
) {
  const c = aliasedTable(workOrders, 'candidate');
  const inRange = db
    .select({ key: c[by] })
    .from(c)
    .where(and(eq(c.organizationId, f.organizationId), between(c.treatDate, f.from, f.to), eq(c.status, DONE)));
  return db
    .selectDistinctOn([workOrders[by]], {
      key: workOrders[by],
      officeId: workOrders.execOfficeId,
      treatDate: workOrders.treatDate,
    })
    .from(workOrders)
    .where(
      and(
        eq(workOrders.organizationId, f.organizationId),
        lte(workOrders.treatDate, f.to),
        eq(workOrders.status, DONE),
        inArray(workOrders[by], inRange),
      ),
    )
    .orderBy(workOrders[by], workOrders.treatDate, workOrders.id)
    .as('firsts');
}

/**
 * Waiting from prescription to first treatment (等待天数): the prescribed projects whose first completed order (by
 * treatment day, then id) falls in the range, and the clinic days summed from each project's prescription day to
 * that first treatment day. The average is `days / projects`.
 */
export async function waitingToFirstSession(
  db: TxOrDb,
  f: Pick<WorkStatisticsFilter, 'organizationId' | 'from' | 'to'>,
  timeZone: string,
): Promise<{ projects: number; days: number }> {
  const firsts = firstCompletedOrders(db, f, 'projectId');
  const [row] = await db
    .select({
      projects: sql<number>`count(*)::int`,
      days: sql<number>`coalesce(sum(greatest(${firsts.treatDate}::date - (${treatmentProjects.createdAt} at time zone ${timeZone})::date, 0)), 0)::int`,
    })
    .from(firsts)
    .innerJoin(treatmentProjects, eq(treatmentProjects.id, firsts.key))
    .where(gte(firsts.treatDate, f.from));
  return { projects: Number(row?.projects ?? 0), days: Number(row?.days ?? 0) };
}

const responsible = userNameRows('responsible');
const executor = userNameRows('executor');
const authorized = userNameRows('authorized');

/** The completed orders the filter counts (optionally of one treatment day), a page of them, oldest first. */
export async function countedWorkOrders(
  db: TxOrDb,
  f: WorkStatisticsFilter & { day?: string },
  page: { page: number; limit: number },
  locale: string,
) {
  const where = and(whereOf(f), eq(workOrders.status, DONE), f.day ? eq(workOrders.treatDate, f.day) : undefined);
  const [total, rows] = await Promise.all([
    db
      .select({ n: count() })
      .from(workOrders)
      .innerJoin(treatmentProjects, eq(treatmentProjects.id, workOrders.projectId))
      .innerJoin(treatments, eq(treatments.id, workOrders.treatmentId))
      .where(where),
    db
      .select({
        id: workOrders.id,
        treatDate: workOrders.treatDate,
        completedAt: workOrders.completedAt,
        patientId: workOrders.patientId,
        patientName: patients.name,
        patientType: treatments.patientType,
        projectName: treatmentProjects.name,
        minutes: treatmentProjects.duration,
        officeName: offices.name,
        officeNameLang: offices.nameLang,
        therapistId: workOrders.therapistId,
        executorId: workOrders.executorId,
        therapistName: responsible.name,
        executorName: executor.name,
        authorizedTherapistName: authorized.name,
      })
      .from(workOrders)
      .innerJoin(treatmentProjects, eq(treatmentProjects.id, workOrders.projectId))
      .innerJoin(treatments, eq(treatments.id, workOrders.treatmentId))
      .innerJoin(patients, eq(patients.id, workOrders.patientId))
      .innerJoin(offices, eq(offices.id, workOrders.execOfficeId))
      .leftJoin(responsible, eq(responsible.id, workOrders.therapistId))
      .leftJoin(executor, eq(executor.id, workOrders.executorId))
      .leftJoin(authorized, eq(authorized.id, workOrders.authorizedTherapistId))
      .where(where)
      .orderBy(asc(workOrders.treatDate), asc(workOrders.completedAt), asc(workOrders.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
  ]);
  return {
    total: Number(total[0]?.n ?? 0),
    list: rows.map(({ officeNameLang, therapistId, executorId, ...r }) => ({
      ...r,
      completedAt: r.completedAt ? r.completedAt.toISOString() : null,
      officeName: (officeNameLang as Record<string, string>)[locale] || r.officeName,
      substitute: executorId !== null && therapistId !== null && executorId !== therapistId,
    })),
  };
}
