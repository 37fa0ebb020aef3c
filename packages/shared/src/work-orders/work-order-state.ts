/**
 * The work-order state machine of spec section 4 as ONE transition function.
 *
 * A work order has a status (unfinished, completed, expired, invalidated) and three facts that live beside it: whether
 * the patient has signed it, whether it has been photographed, and to which therapist it is authorized. Every action of
 * the work-order screens goes through `transitionWorkOrder`, which either answers the next state or refuses with an
 * i18n key (namespace `workOrder`) that the server sends back as a 409 (or 400 for missing input).
 *
 * Rules (decisions written down in docs/decisions.md, "jobs"):
 * - execute: only an unfinished order; it becomes completed. A completed order "cannot be executed again"; expired
 *   and invalidated orders cannot be executed.
 * - authorize: an unfinished order is handed to another therapist; therapy group, authorized therapist and authorizer
 *   are all required. Authorizing again replaces the previous authorization.
 * - cancel authorization: only an unfinished order that is authorized; the authorization is cleared.
 * - invalidate: an unfinished or expired order, with a required reason. A completed order must be withdrawn first.
 * - withdraw: takes back an execution: a completed order becomes unfinished again, also when it was signed or
 *   photographed. The signature and photos stay in the order's history; the order's signed and photographed flags
 *   are cleared so that the next execution is signed afresh.
 * - sign: the patient signs a completed order once; a second try is refused with 'This work order has been signed'.
 * - photograph: an unfinished or completed order may get photos (any number).
 */

/** Status codes of a work order as stored and sent by the API. */
export const WorkOrderStatus = {
  unfinished: 1,
  invalidated: 2,
  completed: 3,
  expired: 4,
} as const;
export type WorkOrderStatusCode = (typeof WorkOrderStatus)[keyof typeof WorkOrderStatus];

export const WORK_ORDER_STATUSES: readonly WorkOrderStatusCode[] = Object.values(WorkOrderStatus);

/** The actions of the work-order screens (spec section 4). */
export const WorkOrderAction = {
  execute: 'execute',
  authorize: 'authorize',
  cancelAuthorization: 'cancelAuthorization',
  invalidate: 'invalidate',
  withdraw: 'withdraw',
  sign: 'sign',
  photograph: 'photograph',
} as const;
export type WorkOrderActionName = (typeof WorkOrderAction)[keyof typeof WorkOrderAction];

export const WORK_ORDER_ACTIONS: readonly WorkOrderActionName[] = Object.values(WorkOrderAction);

export type WorkOrderState = {
  status: WorkOrderStatusCode;
  signed: boolean;
  photographed: boolean;
  /** the therapist the order is authorized to, null when not authorized */
  authorizedTherapistId: number | null;
  /** the therapy group of the authorization */
  authorizedTeamId: number | null;
  /** who authorized it */
  authorizerId: number | null;
};

export type WorkOrderCommand =
  | { action: 'execute' }
  | {
      action: 'authorize';
      therapyGroupId?: number | null;
      authorizedTherapistId?: number | null;
      authorizerId?: number | null;
    }
  | { action: 'cancelAuthorization' }
  | { action: 'invalidate'; reason?: string | null }
  | { action: 'withdraw' }
  | { action: 'sign' }
  | { action: 'photograph' };

/** i18n keys of the refusals (namespace `workOrder` of the server catalogs). */
export const WorkOrderRefusal = {
  alreadyExecuted: 'workOrder.alreadyExecuted',
  expired: 'workOrder.expired',
  invalidated: 'workOrder.invalidated',
  notUnfinished: 'workOrder.notUnfinished',
  authorizeFieldsRequired: 'workOrder.authorizeFieldsRequired',
  notAuthorized: 'workOrder.notAuthorized',
  reasonRequired: 'workOrder.reasonRequired',
  completedCannotInvalidate: 'workOrder.completedCannotInvalidate',
  alreadyInvalidated: 'workOrder.alreadyInvalidated',
  notExecuted: 'workOrder.notExecuted',
  alreadySigned: 'workOrder.alreadySigned',
  signNeedsExecution: 'workOrder.signNeedsExecution',
} as const;
export type WorkOrderRefusalKey = (typeof WorkOrderRefusal)[keyof typeof WorkOrderRefusal];

/** Refusals caused by missing input (answered 400) rather than by the order's state (answered 409). */
export const WORK_ORDER_INPUT_REFUSALS: readonly WorkOrderRefusalKey[] = [
  WorkOrderRefusal.authorizeFieldsRequired,
  WorkOrderRefusal.reasonRequired,
];

export type WorkOrderTransition =
  | { ok: true; from: WorkOrderStatusCode; to: WorkOrderStatusCode; state: WorkOrderState; reason?: string }
  | { ok: false; key: WorkOrderRefusalKey };

const refuse = (key: WorkOrderRefusalKey): WorkOrderTransition => ({ ok: false, key });

/** The refusal for an action that needs an unfinished order, by the order's actual status. */
function notUnfinished(status: WorkOrderStatusCode): WorkOrderTransition {
  if (status === WorkOrderStatus.completed) return refuse(WorkOrderRefusal.alreadyExecuted);
  if (status === WorkOrderStatus.expired) return refuse(WorkOrderRefusal.expired);
  if (status === WorkOrderStatus.invalidated) return refuse(WorkOrderRefusal.invalidated);
  return refuse(WorkOrderRefusal.notUnfinished);
}

const isId = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0;

/**
 * The one transition function: the order's state and a command give the next state, or a refusal key. Pure: the
 * caller stores the next state and writes the history row (from, to, reason) in one transaction.
 */
export function transitionWorkOrder(state: WorkOrderState, command: WorkOrderCommand): WorkOrderTransition {
  const from = state.status;
  const ok = (next: Partial<WorkOrderState>, reason?: string): WorkOrderTransition => {
    const nextState = { ...state, ...next };
    return { ok: true, from, to: nextState.status, state: nextState, ...(reason !== undefined ? { reason } : {}) };
  };
  switch (command.action) {
    case 'execute':
      if (from !== WorkOrderStatus.unfinished) return notUnfinished(from);
      return ok({ status: WorkOrderStatus.completed });
    case 'authorize': {
      if (from !== WorkOrderStatus.unfinished) return notUnfinished(from);
      const { therapyGroupId, authorizedTherapistId, authorizerId } = command;
      if (!isId(therapyGroupId) || !isId(authorizedTherapistId) || !isId(authorizerId)) {
        return refuse(WorkOrderRefusal.authorizeFieldsRequired);
      }
      return ok({ authorizedTeamId: therapyGroupId, authorizedTherapistId, authorizerId });
    }
    case 'cancelAuthorization':
      if (from !== WorkOrderStatus.unfinished) return notUnfinished(from);
      if (state.authorizedTherapistId === null) return refuse(WorkOrderRefusal.notAuthorized);
      return ok({ authorizedTherapistId: null, authorizedTeamId: null, authorizerId: null });
    case 'invalidate': {
      if (from === WorkOrderStatus.completed) return refuse(WorkOrderRefusal.completedCannotInvalidate);
      if (from === WorkOrderStatus.invalidated) return refuse(WorkOrderRefusal.alreadyInvalidated);
      const reason = (command.reason ?? '').trim();
      if (reason === '') return refuse(WorkOrderRefusal.reasonRequired);
      return ok({ status: WorkOrderStatus.invalidated }, reason);
    }
    case 'withdraw':
      if (from !== WorkOrderStatus.completed) return refuse(WorkOrderRefusal.notExecuted);
      return ok({ status: WorkOrderStatus.unfinished, signed: false, photographed: false });
    case 'sign':
      if (state.signed) return refuse(WorkOrderRefusal.alreadySigned);
      if (from === WorkOrderStatus.unfinished) return refuse(WorkOrderRefusal.signNeedsExecution);
      if (from !== WorkOrderStatus.completed) return notUnfinished(from);
      return ok({ signed: true });
    case 'photograph':
      if (from !== WorkOrderStatus.unfinished && from !== WorkOrderStatus.completed) return notUnfinished(from);
      return ok({ photographed: true });
  }
}

/** Whether an action is possible at all in a state (for enabling buttons); input checks are left to the call. */
export function canWorkOrder(state: WorkOrderState, action: WorkOrderActionName): boolean {
  const probe: WorkOrderCommand =
    action === 'authorize'
      ? { action, therapyGroupId: 1, authorizedTherapistId: 1, authorizerId: 1 }
      : action === 'invalidate'
        ? { action, reason: '-' }
        : { action };
  return transitionWorkOrder(state, probe).ok;
}

/** A fresh order as the generator creates it. */
export const newWorkOrderState = (): WorkOrderState => ({
  status: WorkOrderStatus.unfinished,
  signed: false,
  photographed: false,
  authorizedTherapistId: null,
  authorizedTeamId: null,
  authorizerId: null,
});
