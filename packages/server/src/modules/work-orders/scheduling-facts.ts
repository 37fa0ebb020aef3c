import { and, eq, inArray, type SQLWrapper } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { TxOrDb } from '../../db/client';
import { workOrders } from './work-orders.tables';

const qb = new QueryBuilder();

/**
 * Work orders' own columns (no patient, project or treatment joined: `workOrderCards` has those) as a subquery named
 * `alias`, for a board or an aggregate that joins or counts orders in its own single query (a patient's bookings of
 * the day, the day's pickers, the workload figures): a join on it, or a select from it, plans as one on the work
 * orders table itself.
 */
export function workOrderRows<A extends string>(alias: A) {
  return qb
    .select({
      id: workOrders.id,
      organizationId: workOrders.organizationId,
      patientId: workOrders.patientId,
      projectId: workOrders.projectId,
      treatDate: workOrders.treatDate,
      status: workOrders.status,
      execOfficeId: workOrders.execOfficeId,
      therapistId: workOrders.therapistId,
      teamId: workOrders.teamId,
      authorizedTherapistId: workOrders.authorizedTherapistId,
      authorizedTeamId: workOrders.authorizedTeamId,
      executorId: workOrders.executorId,
      checkedInAt: workOrders.checkedInAt,
      completedAt: workOrders.completedAt,
    })
    .from(workOrders)
    .as(alias);
}

/** What booking needs of a work order: its patient, day and status. */
export type BookableOrder = { id: number; patientId: number; treatDate: string; status: number };

/** The organization's work orders among `ids` (in no set order; ids of other organizations' orders are left out). */
export function ordersOfOrganization(
  db: TxOrDb,
  organizationId: number,
  ids: readonly number[],
): Promise<BookableOrder[]> {
  return db
    .select({
      id: workOrders.id,
      patientId: workOrders.patientId,
      treatDate: workOrders.treatDate,
      status: workOrders.status,
    })
    .from(workOrders)
    .where(and(inArray(workOrders.id, [...ids]), eq(workOrders.organizationId, organizationId)));
}

/**
 * The ids of the organization's work orders in `status`, as a subquery for `inArray(column, ...)`: how scheduling
 * removes the bookings of open orders (a leave) in one statement.
 */
export function orderIdsWithStatus(organizationId: number, status: number): SQLWrapper {
  return qb
    .select({ id: workOrders.id })
    .from(workOrders)
    .where(and(eq(workOrders.organizationId, organizationId), eq(workOrders.status, status)));
}
