import { and, count, eq, inArray } from 'drizzle-orm';
import { WorkOrderStatus } from '@rehab/shared';
import type { TxOrDb } from '../../db/client';
import { workOrders } from './work-orders.tables';

/**
 * What outpatient billing reads of work orders (the work-orders module's face for it): one work order, the completed
 * ones of a patient, and how many sessions of each project were executed (completed or signed), which no refund may
 * take back until the execution is voided.
 */
export type WorkOrderFact = {
  id: number;
  patientId: number;
  treatmentId: number;
  projectId: number;
  treatDate: string;
  status: number;
  signed: boolean;
  completedAt: Date | null;
};

const fields = {
  id: workOrders.id,
  patientId: workOrders.patientId,
  treatmentId: workOrders.treatmentId,
  projectId: workOrders.projectId,
  treatDate: workOrders.treatDate,
  status: workOrders.status,
  signed: workOrders.signed,
  completedAt: workOrders.completedAt,
};

/** Whether a work order counts as executed: completed, or signed by the patient. */
export const isExecuted = (o: { status: number; signed: boolean }) =>
  o.status === WorkOrderStatus.completed || o.signed;

export async function workOrderFact(db: TxOrDb, organizationId: number, id: number): Promise<WorkOrderFact | null> {
  const [row] = await db
    .select(fields)
    .from(workOrders)
    .where(and(eq(workOrders.id, id), eq(workOrders.organizationId, organizationId)));
  return row ?? null;
}

/** Work orders of the organization by id (those that exist), for a list that names them. */
export async function workOrderFactsByIds(
  db: TxOrDb,
  organizationId: number,
  ids: readonly number[],
): Promise<WorkOrderFact[]> {
  if (!ids.length) return [];
  return db
    .select(fields)
    .from(workOrders)
    .where(and(inArray(workOrders.id, [...new Set(ids)]), eq(workOrders.organizationId, organizationId)));
}

/** The completed work orders of a patient (the sessions a per-session charge takes). */
export async function completedWorkOrdersOfPatient(
  db: TxOrDb,
  organizationId: number,
  patientId: number,
): Promise<WorkOrderFact[]> {
  return db
    .select(fields)
    .from(workOrders)
    .where(
      and(
        eq(workOrders.patientId, patientId),
        eq(workOrders.organizationId, organizationId),
        eq(workOrders.status, WorkOrderStatus.completed),
      ),
    )
    .orderBy(workOrders.treatDate, workOrders.id);
}

/** Executed sessions per project (completed or signed work orders). */
export async function executedSessionsByProject(
  db: TxOrDb,
  projectIds: readonly number[],
): Promise<Map<number, number>> {
  if (!projectIds.length) return new Map();
  const rows = await db
    .select({ projectId: workOrders.projectId, n: count() })
    .from(workOrders)
    .where(and(inArray(workOrders.projectId, [...projectIds]), eq(workOrders.status, WorkOrderStatus.completed)))
    .groupBy(workOrders.projectId);
  const signed = await db
    .select({ projectId: workOrders.projectId, n: count() })
    .from(workOrders)
    .where(
      and(
        inArray(workOrders.projectId, [...projectIds]),
        eq(workOrders.signed, true),
        inArray(workOrders.status, [WorkOrderStatus.unfinished, WorkOrderStatus.expired]),
      ),
    )
    .groupBy(workOrders.projectId);
  const out = new Map<number, number>();
  for (const r of [...rows, ...signed]) out.set(r.projectId, (out.get(r.projectId) ?? 0) + Number(r.n));
  return out;
}
