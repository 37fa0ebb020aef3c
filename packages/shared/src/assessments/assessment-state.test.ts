import { describe, expect, it } from 'vitest';
import {
  ASSESS_ACTIONS,
  ASSESS_STATUSES,
  AssessRefusal,
  AssessStatus,
  isEvaluatorOf,
  isOpenAssessment,
  transitionAssessment,
  type AssessCommand,
  type AssessStatusCode,
} from './assessment-state';

const state = (status: AssessStatusCode, authorizedId: number | null = null) => ({
  status,
  assessorId: 7,
  authorizedId,
});
const command = (action: (typeof ASSESS_ACTIONS)[number]): AssessCommand =>
  action === 'authorize' ? { action, evaluatorId: 9 } : { action };

describe('assessment transitions', () => {
  it('stores a draft from not started and again from in progress', () => {
    expect(transitionAssessment(state(AssessStatus.notStarted), { action: 'storeTemporarily' })).toMatchObject({
      ok: true,
      from: 1,
      to: 2,
    });
    expect(transitionAssessment(state(AssessStatus.inProgress), { action: 'storeTemporarily' })).toMatchObject({
      ok: true,
      to: 2,
    });
  });

  it('submits, ends and cancels an open project', () => {
    for (const from of [AssessStatus.notStarted, AssessStatus.inProgress]) {
      expect(transitionAssessment(state(from), { action: 'submit' })).toMatchObject({ ok: true, to: 3 });
      expect(transitionAssessment(state(from), { action: 'end' })).toMatchObject({ ok: true, to: 4 });
      expect(transitionAssessment(state(from), { action: 'cancel' })).toMatchObject({ ok: true, to: 5 });
    }
  });

  it('authorizes to another evaluator, keeps the status and replaces an earlier authorization', () => {
    const t = transitionAssessment(state(AssessStatus.inProgress, 8), { action: 'authorize', evaluatorId: 9 });
    expect(t).toMatchObject({ ok: true, from: 2, to: 2, state: { authorizedId: 9, assessorId: 7 } });
    expect(transitionAssessment(state(AssessStatus.notStarted), { action: 'authorize', evaluatorId: 7 })).toEqual({
      ok: false,
      key: AssessRefusal.authorizeSelf,
    });
  });

  it('refuses every action on a final status with its reason', () => {
    const reasons = {
      [AssessStatus.completed]: AssessRefusal.alreadyCompleted,
      [AssessStatus.ended]: AssessRefusal.alreadyEnded,
      [AssessStatus.cancelled]: AssessRefusal.alreadyCancelled,
    } as const;
    for (const [from, key] of Object.entries(reasons)) {
      for (const action of ASSESS_ACTIONS) {
        expect(transitionAssessment(state(Number(from) as AssessStatusCode), command(action))).toEqual({
          ok: false,
          key,
        });
      }
    }
  });

  it('has an answer for every status and action (no undefined)', () => {
    for (const s of ASSESS_STATUSES)
      for (const a of ASSESS_ACTIONS) expect(transitionAssessment(state(s), command(a))).toHaveProperty('ok');
  });

  it('knows who may evaluate and which statuses are open', () => {
    expect(isEvaluatorOf({ assessorId: 7, authorizedId: null }, 7)).toBe(true);
    expect(isEvaluatorOf({ assessorId: 7, authorizedId: 9 }, 9)).toBe(true);
    expect(isEvaluatorOf({ assessorId: 7, authorizedId: 9 }, 8)).toBe(false);
    expect(ASSESS_STATUSES.filter(isOpenAssessment)).toEqual([1, 2]);
  });
});
