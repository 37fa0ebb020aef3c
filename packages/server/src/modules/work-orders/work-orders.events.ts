import type { OrderScope } from './work-orders.service';

/**
 * The events of work orders. Their subscribers (billing: a package session paid for the execution goes back) write
 * in the same transaction as the change.
 */
declare module '../../kernel/events' {
  interface DomainEvents {
    /** executions were withdrawn (撤回): the orders are unfinished again, their executor and completion cleared */
    'workOrders.executionWithdrawn': { scope: OrderScope; workOrderIds: number[] };
  }
}

export const WORK_ORDER_EVENTS = ['workOrders.executionWithdrawn'] as const;
