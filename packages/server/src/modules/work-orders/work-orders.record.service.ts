import { eq } from 'drizzle-orm';
import { ResultCode, WorkOrderStatus } from '@rehab/shared';
import type { Db } from '../../db/client';
import { enabledEquipment } from '../master-data';
import { AppError } from '../../http/errors';
import { workOrderHistory, workOrders } from './work-orders.tables';
import { lockOrders, orderView, type OrderScope } from './work-orders.service';
import { clockNow } from '../../kernel/clock';

// What is recorded on an executed or open order besides its state: the equipment used and the treatment record
// (calls of the spec's Referral list, docs/decisions.md).

/** TreatmentEquipment: the piece of equipment used for an order (unfinished or completed); null clears it. */
export async function setOrderEquipment(db: Db, scope: OrderScope, id: number, equipmentId: number | null) {
  await db.transaction(async (tx) => {
    const [o] = await lockOrders(tx, scope, [id]);
    if (o.status === WorkOrderStatus.invalidated || o.status === WorkOrderStatus.expired)
      throw new AppError(ResultCode.conflict, 'workOrder.equipmentClosed');
    let name: string | null = null;
    if (equipmentId !== null) {
      const [e] = await enabledEquipment(tx, scope.organizationId, { id: equipmentId });
      if (!e) throw new AppError(ResultCode.badRequest, 'workOrder.equipmentUnknown', {}, { field: 'equipmentId' });
      name = e.name;
    }
    const now = clockNow();
    await tx
      .update(workOrders)
      .set({ equipmentId, updatedAt: now, updatedBy: scope.userId })
      .where(eq(workOrders.id, id));
    await tx.insert(workOrderHistory).values({
      organizationId: scope.organizationId,
      workOrderId: id,
      action: 'equipment',
      fromStatus: o.status,
      toStatus: o.status,
      reason: name,
      actorId: scope.userId,
      at: now,
    });
  });
  return orderView(db, scope, id);
}

/**
 * editTreatRecord: the treatment record of a completed order, written only by the therapist who executed it. Each
 * change is a history row (action `record`, its first 100 characters as the reason).
 */
export async function editTreatRecord(db: Db, scope: OrderScope, id: number, record: string) {
  await db.transaction(async (tx) => {
    const [o] = await lockOrders(tx, scope, [id]);
    if (o.status !== WorkOrderStatus.completed) throw new AppError(ResultCode.conflict, 'workOrder.recordNotExecuted');
    if (o.executorId !== scope.userId) throw new AppError(ResultCode.forbidden, 'workOrder.recordNotYours');
    const now = clockNow();
    await tx
      .update(workOrders)
      .set({ treatRecord: record, updatedAt: now, updatedBy: scope.userId })
      .where(eq(workOrders.id, id));
    await tx.insert(workOrderHistory).values({
      organizationId: scope.organizationId,
      workOrderId: id,
      action: 'record',
      fromStatus: o.status,
      toStatus: o.status,
      reason: record.slice(0, 100),
      actorId: scope.userId,
      at: now,
    });
  });
  return orderView(db, scope, id);
}
