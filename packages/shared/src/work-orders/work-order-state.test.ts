import { describe, expect, it } from 'vitest';
import {
  WORK_ORDER_ACTIONS,
  WORK_ORDER_STATUSES,
  WorkOrderRefusal as R,
  WorkOrderStatus as S,
  canWorkOrder,
  newWorkOrderState,
  transitionWorkOrder,
  type WorkOrderActionName,
  type WorkOrderCommand,
  type WorkOrderState,
  type WorkOrderStatusCode,
} from './work-order-state';

const state = (status: WorkOrderStatusCode, extra: Partial<WorkOrderState> = {}): WorkOrderState => ({
  ...newWorkOrderState(),
  status,
  ...extra,
});

const complete: Record<WorkOrderActionName, WorkOrderCommand> = {
  execute: { action: 'execute' },
  authorize: { action: 'authorize', therapyGroupId: 3, authorizedTherapistId: 7, authorizerId: 2 },
  cancelAuthorization: { action: 'cancelAuthorization' },
  invalidate: { action: 'invalidate', reason: '患者出院' },
  withdraw: { action: 'withdraw' },
  sign: { action: 'sign' },
  photograph: { action: 'photograph' },
};

/**
 * Every status x action with valid input, on an order that is authorized (so cancel authorization can apply) and
 * not yet signed: the expected next status or refusal key.
 */
const TABLE: Record<WorkOrderStatusCode, Record<WorkOrderActionName, WorkOrderStatusCode | string>> = {
  [S.unfinished]: {
    execute: S.completed,
    authorize: S.unfinished,
    cancelAuthorization: S.unfinished,
    invalidate: S.invalidated,
    withdraw: R.notExecuted,
    sign: R.signNeedsExecution,
    photograph: S.unfinished,
  },
  [S.completed]: {
    execute: R.alreadyExecuted,
    authorize: R.alreadyExecuted,
    cancelAuthorization: R.alreadyExecuted,
    invalidate: R.completedCannotInvalidate,
    withdraw: S.unfinished,
    sign: S.completed,
    photograph: S.completed,
  },
  [S.expired]: {
    execute: R.expired,
    authorize: R.expired,
    cancelAuthorization: R.expired,
    invalidate: S.invalidated,
    withdraw: R.notExecuted,
    sign: R.expired,
    photograph: R.expired,
  },
  [S.invalidated]: {
    execute: R.invalidated,
    authorize: R.invalidated,
    cancelAuthorization: R.invalidated,
    invalidate: R.alreadyInvalidated,
    withdraw: R.notExecuted,
    sign: R.invalidated,
    photograph: R.invalidated,
  },
};

describe('work-order transition function', () => {
  it('has the four statuses and seven actions of spec section 4', () => {
    expect(WORK_ORDER_STATUSES).toHaveLength(4);
    expect(new Set(WORK_ORDER_STATUSES).size).toBe(4);
    expect(WORK_ORDER_ACTIONS).toEqual([
      'execute',
      'authorize',
      'cancelAuthorization',
      'invalidate',
      'withdraw',
      'sign',
      'photograph',
    ]);
  });

  for (const status of WORK_ORDER_STATUSES) {
    for (const action of WORK_ORDER_ACTIONS) {
      const expected = TABLE[status][action];
      it(`status ${status} x ${action} → ${expected}`, () => {
        const before = state(status, { authorizedTherapistId: 5, authorizedTeamId: 1, authorizerId: 9 });
        const frozen = structuredClone(before);
        const result = transitionWorkOrder(before, complete[action]);
        expect(before).toEqual(frozen); // pure: the input is not changed
        if (typeof expected === 'string') {
          expect(result).toEqual({ ok: false, key: expected });
          expect(canWorkOrder(before, action)).toBe(false);
        } else {
          expect(result.ok).toBe(true);
          if (!result.ok) return;
          expect(result.from).toBe(status);
          expect(result.to).toBe(expected);
          expect(result.state.status).toBe(expected);
          expect(canWorkOrder(before, action)).toBe(true);
        }
      });
    }
  }

  it('executes once: a second execution is refused', () => {
    const first = transitionWorkOrder(newWorkOrderState(), { action: 'execute' });
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    expect(transitionWorkOrder(first.state, { action: 'execute' })).toEqual({ ok: false, key: R.alreadyExecuted });
  });

  it('authorizes with group, therapist and authorizer, all required', () => {
    const done = transitionWorkOrder(newWorkOrderState(), complete.authorize);
    expect(done).toMatchObject({
      ok: true,
      state: { authorizedTeamId: 3, authorizedTherapistId: 7, authorizerId: 2, status: S.unfinished },
    });
    for (const missing of ['therapyGroupId', 'authorizedTherapistId', 'authorizerId'] as const) {
      for (const bad of [undefined, null, 0, -1, 1.5]) {
        const command = { ...complete.authorize, [missing]: bad } as WorkOrderCommand;
        expect(transitionWorkOrder(newWorkOrderState(), command)).toEqual({
          ok: false,
          key: R.authorizeFieldsRequired,
        });
      }
    }
  });

  it('re-authorizing replaces the authorization; cancelling clears it and needs one', () => {
    const a = transitionWorkOrder(state(S.unfinished, { authorizedTherapistId: 5, authorizedTeamId: 1 }), {
      ...complete.authorize,
    });
    expect(a).toMatchObject({ ok: true, state: { authorizedTherapistId: 7, authorizedTeamId: 3 } });
    const c = transitionWorkOrder(state(S.unfinished, { authorizedTherapistId: 7, authorizedTeamId: 3 }), {
      action: 'cancelAuthorization',
    });
    expect(c).toMatchObject({
      ok: true,
      state: { authorizedTherapistId: null, authorizedTeamId: null, authorizerId: null },
    });
    expect(transitionWorkOrder(newWorkOrderState(), { action: 'cancelAuthorization' })).toEqual({
      ok: false,
      key: R.notAuthorized,
    });
  });

  it('invalidates only with a reason, which it returns trimmed', () => {
    for (const reason of [undefined, null, '', '   ']) {
      expect(transitionWorkOrder(newWorkOrderState(), { action: 'invalidate', reason })).toEqual({
        ok: false,
        key: R.reasonRequired,
      });
      expect(transitionWorkOrder(state(S.expired), { action: 'invalidate', reason })).toEqual({
        ok: false,
        key: R.reasonRequired,
      });
    }
    expect(transitionWorkOrder(newWorkOrderState(), { action: 'invalidate', reason: '  转院 ' })).toMatchObject({
      ok: true,
      to: S.invalidated,
      reason: '转院',
    });
  });

  it('signs once: the second try says the order has been signed', () => {
    const signed = transitionWorkOrder(state(S.completed), { action: 'sign' });
    expect(signed).toMatchObject({ ok: true, state: { signed: true, status: S.completed } });
    if (!signed.ok) return;
    expect(transitionWorkOrder(signed.state, { action: 'sign' })).toEqual({ ok: false, key: R.alreadySigned });
    expect(R.alreadySigned).toBe('workOrder.alreadySigned');
  });

  it('withdraws a signed and photographed execution, clearing the flags for the next execution', () => {
    const before = state(S.completed, { signed: true, photographed: true, authorizedTherapistId: 4 });
    const back = transitionWorkOrder(before, { action: 'withdraw' });
    expect(back).toMatchObject({
      ok: true,
      from: S.completed,
      to: S.unfinished,
      state: { signed: false, photographed: false, authorizedTherapistId: 4 },
    });
    if (!back.ok) return;
    const again = transitionWorkOrder(back.state, { action: 'execute' });
    expect(again).toMatchObject({ ok: true, to: S.completed });
    if (!again.ok) return;
    expect(transitionWorkOrder(again.state, { action: 'sign' })).toMatchObject({ ok: true });
  });

  it('photographs unfinished and completed orders any number of times', () => {
    const once = transitionWorkOrder(newWorkOrderState(), { action: 'photograph' });
    expect(once).toMatchObject({ ok: true, state: { photographed: true } });
    if (!once.ok) return;
    expect(transitionWorkOrder(once.state, { action: 'photograph' })).toMatchObject({ ok: true });
    expect(transitionWorkOrder(state(S.completed, { signed: true }), { action: 'photograph' })).toMatchObject({
      ok: true,
      state: { photographed: true, signed: true },
    });
  });

  it('refuses to sign an already signed order whatever its status', () => {
    for (const status of WORK_ORDER_STATUSES) {
      expect(transitionWorkOrder(state(status, { signed: true }), { action: 'sign' })).toEqual({
        ok: false,
        key: R.alreadySigned,
      });
    }
  });
});
