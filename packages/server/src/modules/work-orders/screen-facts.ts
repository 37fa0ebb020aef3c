import { and, asc, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import { WorkOrderStatus } from '@rehab/shared';
import type { TxOrDb } from '../../db/client';
import { courseRows, patientNameRows, projectRows } from '../patients';
import { countsFor } from './statistics-facts';
import { workOrders } from './work-orders.tables';

// the owners' rows read, named as their tables (each plans as a join on, or a select from, the table itself)
const patients = patientNameRows('pat_patient');
const treatmentProjects = projectRows('pat_treatment_project');
const treatments = courseRows('pat_treatment');

/**
 * What the department's big screen reads of work orders (the work-orders module's face for it): one clinic day's
 * throughput, therapists and queue, and the quality rates of a window. Who an order counts for: the executor once
 * completed, else the authorized therapist, else the therapist responsible (`countsFor`, as on the workload screens).
 */
const waiting = sql`(${workOrders.status} = ${WorkOrderStatus.unfinished} and ${workOrders.checkedInAt} is not null)`;
const int = (v: unknown) => Number(v ?? 0);

export type DayThroughput = {
  total: number;
  completed: number;
  unfinished: number;
  checkedIn: number;
  patients: number;
  inTreatment: number;
  /** completed sessions per hour of the clinic's day (hours without any are left out) */
  hourly: { hour: number; completed: number }[];
};

/** A clinic day's sessions: counts, patients, patients checked in and waiting, completions per hour. */
export async function dayThroughput(
  db: TxOrDb,
  organizationId: number,
  day: string,
  timeZone: string,
): Promise<DayThroughput> {
  const ofDay = and(eq(workOrders.organizationId, organizationId), eq(workOrders.treatDate, day));
  const hour = sql<number>`extract(hour from ${workOrders.completedAt} at time zone ${timeZone})::int`;
  const [[c], hourly] = await Promise.all([
    db
      .select({
        total: sql<number>`(count(*) filter (where ${workOrders.status} <> ${WorkOrderStatus.invalidated}))::int`,
        completed: sql<number>`(count(*) filter (where ${workOrders.status} = ${WorkOrderStatus.completed}))::int`,
        unfinished: sql<number>`(count(*) filter (where ${workOrders.status} = ${WorkOrderStatus.unfinished}))::int`,
        checkedIn: sql<number>`(count(*) filter (where ${waiting}))::int`,
        patients: sql<number>`(count(distinct ${workOrders.patientId}) filter (where ${workOrders.status} <> ${WorkOrderStatus.invalidated}))::int`,
        inTreatment: sql<number>`(count(distinct ${workOrders.patientId}) filter (where ${waiting}))::int`,
      })
      .from(workOrders)
      .where(ofDay),
    db
      .select({ hour, completed: sql<number>`count(*)::int` })
      .from(workOrders)
      .where(and(ofDay, eq(workOrders.status, WorkOrderStatus.completed), isNotNull(workOrders.completedAt)))
      // by position: the time zone is a parameter, so the expression repeated would not be the same one
      .groupBy(sql`1`),
  ]);
  return {
    total: int(c?.total),
    completed: int(c?.completed),
    unfinished: int(c?.unfinished),
    checkedIn: int(c?.checkedIn),
    patients: int(c?.patients),
    inTreatment: int(c?.inTreatment),
    hourly: hourly.map((h) => ({ hour: int(h.hour), completed: int(h.completed) })),
  };
}

export type DayTherapist = { therapistId: number; completed: number; unfinished: number; waiting: number };

/** The therapists with work orders on a clinic day: completed, unfinished and checked-in-and-waiting counts. */
export async function dayTherapists(db: TxOrDb, organizationId: number, day: string): Promise<DayTherapist[]> {
  const rows = await db
    .select({
      therapistId: countsFor,
      completed: sql<number>`(count(*) filter (where ${workOrders.status} = ${WorkOrderStatus.completed}))::int`,
      unfinished: sql<number>`(count(*) filter (where ${workOrders.status} = ${WorkOrderStatus.unfinished}))::int`,
      waiting: sql<number>`(count(*) filter (where ${waiting}))::int`,
    })
    .from(workOrders)
    .where(and(eq(workOrders.organizationId, organizationId), eq(workOrders.treatDate, day)))
    // by position: the rule carries a parameter, so the expression repeated would not be the same one
    .groupBy(sql`1`);
  return rows
    .filter((r) => r.therapistId !== null)
    .map((r) => ({
      therapistId: int(r.therapistId),
      completed: int(r.completed),
      unfinished: int(r.unfinished),
      waiting: int(r.waiting),
    }));
}

/** How many pieces of equipment a checked-in, unfinished order of the day holds. */
export async function dayEquipmentInUse(db: TxOrDb, organizationId: number, day: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${workOrders.equipmentId})::int` })
    .from(workOrders)
    .where(and(eq(workOrders.organizationId, organizationId), eq(workOrders.treatDate, day), waiting));
  return int(row?.n);
}

export type QueueEntry = {
  patientName: string;
  projectName: string;
  therapistId: number | null;
  checkedInAt: Date;
};

/** The day's queue: checked-in, unfinished orders, the longest waiting first (at most `limit`), and how many wait. */
export async function dayQueue(
  db: TxOrDb,
  organizationId: number,
  day: string,
  limit: number,
): Promise<{ waiting: number; rows: QueueEntry[] }> {
  const where = and(eq(workOrders.organizationId, organizationId), eq(workOrders.treatDate, day), waiting);
  const [rows, [n]] = await Promise.all([
    db
      .select({
        patientName: patients.name,
        projectName: treatmentProjects.name,
        therapistId: countsFor,
        checkedInAt: workOrders.checkedInAt,
      })
      .from(workOrders)
      .innerJoin(patients, eq(patients.id, workOrders.patientId))
      .innerJoin(treatmentProjects, eq(treatmentProjects.id, workOrders.projectId))
      .where(where)
      .orderBy(asc(workOrders.checkedInAt), asc(workOrders.id))
      .limit(limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(workOrders)
      .where(where),
  ]);
  return {
    waiting: int(n?.n),
    rows: rows.map((r) => ({
      patientName: r.patientName,
      projectName: r.projectName,
      therapistId: r.therapistId === null ? null : int(r.therapistId),
      checkedInAt: r.checkedInAt!,
    })),
  };
}

export type QualityFacts = {
  /** sessions due in the window (completed + expired) and the completed ones */
  due: number;
  completed: number;
  /** completed sessions the patient signed */
  signed: number;
  /** courses registered in [courseFrom, courseBefore) and those with a completed session within 48 hours */
  courses: number;
  early: number;
};

/**
 * The quality facts of a window of service days [from, to] and of the courses registered in [courseFrom,
 * courseBefore) (instants: a course counts once 48 hours have passed since it was registered).
 */
export async function qualityFacts(
  db: TxOrDb,
  organizationId: number,
  window: { from: string; to: string; courseFrom: Date; courseBefore: Date; timeZone: string },
): Promise<QualityFacts> {
  // a course treated within 48 hours: one of its sessions completed by then (the same as its first one). Written
  // in the WHERE clause, where drizzle names every column with its table (in a single-table select list it drops
  // the names, and the correlated columns would bind to the inner table); by the patient first, which is indexed
  // the days bound the index range: a session completed within 48 hours is of the day of registration or the
  // two after (a session is executed on its own day)
  const registered = sql`(${treatments.registerTime} at time zone ${window.timeZone})::date`;
  const treatedEarly = sql`exists (select 1 from ${workOrders} where ${workOrders.patientId} = ${treatments.patientId}
    and ${workOrders.treatDate} >= ${registered} - 1 and ${workOrders.treatDate} <= ${registered} + 2
    and ${workOrders.treatmentId} = ${treatments.id} and ${workOrders.status} = ${WorkOrderStatus.completed}
    and ${workOrders.completedAt} <= ${treatments.registerTime} + interval '48 hours')`;
  const courses = and(
    eq(treatments.organizationId, organizationId),
    gte(treatments.registerTime, window.courseFrom),
    lt(treatments.registerTime, window.courseBefore),
  );
  const count = sql<number>`count(*)::int`;
  const [[s], [c], [e]] = await Promise.all([
    db
      .select({
        due: sql<number>`(count(*) filter (where ${workOrders.status} in (${WorkOrderStatus.completed}, ${WorkOrderStatus.expired})))::int`,
        completed: sql<number>`(count(*) filter (where ${workOrders.status} = ${WorkOrderStatus.completed}))::int`,
        signed: sql<number>`(count(*) filter (where ${workOrders.status} = ${WorkOrderStatus.completed} and ${workOrders.signed}))::int`,
      })
      .from(workOrders)
      .where(
        and(
          eq(workOrders.organizationId, organizationId),
          gte(workOrders.treatDate, window.from),
          sql`${workOrders.treatDate} <= ${window.to}`,
        ),
      ),
    db.select({ courses: count }).from(treatments).where(courses),
    db.select({ early: count }).from(treatments).where(and(courses, treatedEarly)),
  ]);
  return {
    due: int(s?.due),
    completed: int(s?.completed),
    signed: int(s?.signed),
    courses: int(c?.courses),
    early: int(e?.early),
  };
}
