import type { TxOrDb } from '../../db/client';
import { workOrderHistory } from './work-orders.tables';

/** One entry of a work order's history: what happened (a shared `WorkOrderAction` or the product's own), by whom. */
export type HistoryEntry = Omit<typeof workOrderHistory.$inferInsert, 'id' | 'at'>;

/**
 * Appends entries to the history of work orders, in the caller's transaction: the one way other modules (scheduling's
 * bookings) record what they did to an order.
 */
export async function recordHistory(tx: TxOrDb, entries: HistoryEntry | HistoryEntry[]) {
  if (Array.isArray(entries)) await tx.insert(workOrderHistory).values(entries);
  else await tx.insert(workOrderHistory).values(entries);
}
