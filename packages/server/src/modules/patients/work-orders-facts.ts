import { and, eq, inArray, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { CourseStatus, ProjectStatus } from '@rehab/shared';
import type { TxOrDb } from '../../db/client';
import { patients, treatmentProjects, treatments } from './patients.tables';

const qb = new QueryBuilder();

/**
 * What work orders read and write of patients' courses and projects (the patients module's face for them): the course
 * columns their lists show, filter and count by, the projects they are generated from, a project by its executive
 * code, and the count of treatments given.
 */

/**
 * Courses' (treatments') `id`, `organizationId`, `patientId`, `patientType`, `status`, the numbers and bed a work
 * order shows and is found by, the doctor and `registerTime`, as a subquery named `alias`, to join (or select from)
 * where a list of work orders or a figure over them shows, filters or counts by the course in its own single query
 * (work orders' card join names it `pat_treatment`): a join on it plans as a join on the courses table itself.
 */
export function courseRows<A extends string>(alias: A) {
  return qb
    .select({
      id: treatments.id,
      organizationId: treatments.organizationId,
      patientId: treatments.patientId,
      patientType: treatments.patientType,
      status: treatments.status,
      bedNo: treatments.bedNo,
      doctorId: treatments.doctorId,
      outpatientNo: treatments.outpatientNo,
      inpatientNo: treatments.inpatientNo,
      registerTime: treatments.registerTime,
    })
    .from(treatments)
    .as(alias);
}

/** What a work order copies of its project: where, by whom and on what it is executed. */
const orderAssignment = {
  execOfficeId: treatmentProjects.execOfficeId,
  therapistId: treatmentProjects.therapistId,
  teamId: treatmentProjects.teamId,
  equipmentId: treatmentProjects.equipmentId,
};

/** What work orders are generated from: a project's plan, assignment and status, and its course's status. */
export type PlannedProject = {
  id: number;
  organizationId: number;
  patientId: number;
  treatmentId: number;
  execOfficeId: number;
  therapistId: number | null;
  teamId: number | null;
  equipmentId: number | null;
  frequency: string;
  totalTimes: number;
  workdaySetting: number;
  status: number;
  createdAt: Date;
  courseStatus: number;
};

/**
 * The projects work orders are generated from, by id: those among `ids` of the organization, or (`inProgress`) those
 * in progress of an active course, of the organization when given, else of every one (the daily extension).
 */
export function projectsToPlan(
  db: TxOrDb,
  only: { organizationId: number; ids: readonly number[] } | { inProgress: true; organizationId?: number },
): Promise<PlannedProject[]> {
  return db
    .select({
      id: treatmentProjects.id,
      organizationId: treatmentProjects.organizationId,
      patientId: treatmentProjects.patientId,
      treatmentId: treatmentProjects.treatmentId,
      ...orderAssignment,
      frequency: treatmentProjects.frequency,
      totalTimes: treatmentProjects.totalTimes,
      workdaySetting: treatmentProjects.workdaySetting,
      status: treatmentProjects.status,
      createdAt: treatmentProjects.createdAt,
      courseStatus: treatments.status,
    })
    .from(treatmentProjects)
    .innerJoin(treatments, eq(treatments.id, treatmentProjects.treatmentId))
    .where(
      and(
        only.organizationId === undefined ? undefined : eq(treatmentProjects.organizationId, only.organizationId),
        'ids' in only ? inArray(treatmentProjects.id, [...only.ids]) : undefined,
        'inProgress' in only ? eq(treatmentProjects.status, ProjectStatus.inProgress) : undefined,
        'inProgress' in only ? eq(treatments.status, CourseStatus.active) : undefined,
      ),
    )
    .orderBy(treatmentProjects.id);
}

/** The ids of the organization's projects of a course (in no set order): whose work orders follow the course. */
export async function projectIdsOfCourse(db: TxOrDb, organizationId: number, treatmentId: number): Promise<number[]> {
  const rows = await db
    .select({ id: treatmentProjects.id })
    .from(treatmentProjects)
    .where(and(eq(treatmentProjects.treatmentId, treatmentId), eq(treatmentProjects.organizationId, organizationId)));
  return rows.map((r) => r.id);
}

/**
 * The organization's project `projectId` with its patient's name and its course's status and numbers, or null: what
 * a scanned executive code shows and creates today's work order from.
 */
export async function projectWithCourse(db: TxOrDb, organizationId: number, projectId: number) {
  const [p] = await db
    .select({
      id: treatmentProjects.id,
      name: treatmentProjects.name,
      patientId: treatmentProjects.patientId,
      patientName: patients.name,
      treatmentId: treatmentProjects.treatmentId,
      ...orderAssignment,
      frequency: treatmentProjects.frequency,
      duration: treatmentProjects.duration,
      totalTimes: treatmentProjects.totalTimes,
      treatedTimes: treatmentProjects.treatedTimes,
      status: treatmentProjects.status,
      courseStatus: treatments.status,
      outpatientNo: treatments.outpatientNo,
      inpatientNo: treatments.inpatientNo,
    })
    .from(treatmentProjects)
    .innerJoin(treatments, eq(treatments.id, treatmentProjects.treatmentId))
    .innerJoin(patients, eq(patients.id, treatmentProjects.patientId))
    .where(and(eq(treatmentProjects.id, projectId), eq(treatmentProjects.organizationId, organizationId)));
  return p ?? null;
}

/** Locks the project's row until the transaction ends: one work order created from it at a time. */
export async function lockProject(tx: TxOrDb, projectId: number): Promise<void> {
  await tx
    .select({ id: treatmentProjects.id })
    .from(treatmentProjects)
    .where(eq(treatmentProjects.id, projectId))
    .for('update');
}

/**
 * Counts a treatment given (`+1`, a work order executed) or taken back (`-1`, an execution withdrawn, never below
 * zero) on the project.
 */
export async function countTreatment(tx: TxOrDb, projectId: number, change: 1 | -1): Promise<void> {
  await tx
    .update(treatmentProjects)
    .set({
      treatedTimes:
        change === 1
          ? sql`${treatmentProjects.treatedTimes} + 1`
          : sql`greatest(${treatmentProjects.treatedTimes} - 1, 0)`,
    })
    .where(eq(treatmentProjects.id, projectId));
}

/**
 * Demo data: the projects `ids` prescribed three days earlier than they were and assigned to the therapist group
 * `teamId`, so that their work orders of the past three days can be generated.
 */
export async function backdateDemoProjects(db: TxOrDb, ids: readonly number[], teamId: number) {
  await db
    .update(treatmentProjects)
    .set({ createdAt: sql`${treatmentProjects.createdAt} - interval '3 days'`, teamId })
    .where(inArray(treatmentProjects.id, [...ids]));
}
