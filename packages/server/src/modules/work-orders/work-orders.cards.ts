import { eq } from 'drizzle-orm';
import type { PgSelectBase, PgSelectDynamic, SelectedFields } from 'drizzle-orm/pg-core';
import type { Db, TxOrDb } from '../../db/client';
import { courseRows, patientNameRows, projectRows } from '../patients';
import { workOrders } from './work-orders.tables';

/**
 * The patients' rows the card join joins, named as their tables (each plans as a join on the table itself): their
 * columns are what lists of orders select, filter, sort and search by beyond `cardColumns`.
 */
export const cardPatient = patientNameRows('pat_patient');
export const cardCourse = courseRows('pat_treatment');
export const cardProject = projectRows('pat_treatment_project');

/**
 * The columns of a work-order card: the order, its patient, its treatment (bed, doctor) and its project. What the
 * boards, lists and schedules of other modules select, filter and sort work orders by.
 */
export const cardColumns = {
  id: workOrders.id,
  organizationId: workOrders.organizationId,
  patientId: workOrders.patientId,
  treatmentId: workOrders.treatmentId,
  projectId: workOrders.projectId,
  treatDate: workOrders.treatDate,
  seq: workOrders.seq,
  status: workOrders.status,
  execOfficeId: workOrders.execOfficeId,
  equipmentId: workOrders.equipmentId,
  therapistId: workOrders.therapistId,
  teamId: workOrders.teamId,
  authorizedTherapistId: workOrders.authorizedTherapistId,
  authorizedTeamId: workOrders.authorizedTeamId,
  checkedInAt: workOrders.checkedInAt,
  completedAt: workOrders.completedAt,
  patientName: cardPatient.name,
  patientSex: cardPatient.sex,
  bedNo: cardCourse.bedNo,
  doctorId: cardCourse.doctorId,
  projectName: cardProject.name,
};

/** The tables (rows named as their tables) of the card join: all inner joins, so none of their columns is nullable by the join. */
type CardJoins = {
  wo_work_order: 'not-null';
  pat_patient: 'not-null';
  pat_treatment: 'not-null';
  pat_treatment_project: 'not-null';
};

/** A query of work-order cards selecting `T`, to which a caller adds joins, conditions and order. */
export type CardQuery<T extends SelectedFields> = PgSelectDynamic<
  PgSelectBase<'wo_work_order', T, 'partial', CardJoins>
>;

/**
 * Work orders with their patient, treatment and project (`cardColumns`): the one card join, to which a caller adds
 * its own joins (the booking, the therapist), conditions and order.
 */
export function workOrderCards<T extends SelectedFields>(db: TxOrDb, fields: T): CardQuery<T> {
  // drizzle cannot type a join on a selection still generic here; the declared type is what it infers for a
  // concrete one
  return (db as Db)
    .select(fields as SelectedFields)
    .from(workOrders)
    .$dynamic()
    .innerJoin(cardPatient, eq(cardPatient.id, workOrders.patientId))
    .innerJoin(cardCourse, eq(cardCourse.id, workOrders.treatmentId))
    .innerJoin(cardProject, eq(cardProject.id, workOrders.projectId)) as unknown as CardQuery<T>;
}
