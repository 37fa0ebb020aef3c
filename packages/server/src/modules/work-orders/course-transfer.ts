import { and, eq, gte, inArray } from 'drizzle-orm';
import { WorkOrderStatus } from '@rehab/shared';
import type { TxOrDb } from '../../db/client';
import { workOrderHistory, workOrders } from './work-orders.tables';

/**
 * Invalidates the future work orders of a course that are not started (unfinished, treatment day today or later)
 * with `reason`, each with its history row (action 'invalidate'): what a transfer of treatment does to the sending
 * side's orders on acceptance. Executed, expired and past orders stay as they are (the history of the course).
 * Runs in the caller's transaction; answers the ids invalidated.
 */
export async function invalidateFutureOrdersOfCourse(
  tx: TxOrDb,
  v: { organizationId: number; treatmentId: number; reason: string; actorId: number; today: string; now: Date },
): Promise<number[]> {
  const open = await tx
    .select({ id: workOrders.id })
    .from(workOrders)
    .where(
      and(
        eq(workOrders.organizationId, v.organizationId),
        eq(workOrders.treatmentId, v.treatmentId),
        eq(workOrders.status, WorkOrderStatus.unfinished),
        gte(workOrders.treatDate, v.today),
      ),
    )
    .for('update');
  const ids = open.map((o) => o.id);
  if (!ids.length) return [];
  await invalidateOrders(tx, { ...v, ids });
  return ids;
}

/**
 * Unfinished orders `ids` of one organization become invalidated with `reason`, each with its history row: the
 * upkeep of a changed project and the transfer of a course both end orders this way.
 */
export async function invalidateOrders(
  tx: TxOrDb,
  v: { organizationId: number; ids: number[]; reason: string; actorId: number | null; now: Date },
) {
  const reason = v.reason.slice(0, 100);
  await tx
    .update(workOrders)
    .set({ status: WorkOrderStatus.invalidated, invalidReason: reason, updatedAt: v.now, updatedBy: v.actorId })
    .where(inArray(workOrders.id, v.ids));
  await tx.insert(workOrderHistory).values(
    v.ids.map((id) => ({
      organizationId: v.organizationId,
      workOrderId: id,
      action: 'invalidate',
      fromStatus: WorkOrderStatus.unfinished,
      toStatus: WorkOrderStatus.invalidated,
      reason,
      actorId: v.actorId,
      at: v.now,
    })),
  );
}
