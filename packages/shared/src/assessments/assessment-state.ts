/**
 * The assessment-project state machine of spec section 4 as ONE transition function.
 *
 * Spec section 4 names the words "not rated, evaluated, in progress, not started, temporarily stored, completed,
 * cancelled, not cancelled" and the actions end, cancel and authorize to another evaluator. They map onto five stored
 * status codes (decisions.md, "Assessments"):
 * - 1 not started (未开始): planned, nothing recorded yet ("not rated").
 * - 2 in progress (进行中 / 暂存): answers were stored temporarily (a draft); still "not rated".
 * - 3 completed (已完成 / 已评估): submitted and scored by the server ("evaluated"); the record is read-only.
 * - 4 ended (已结束): closed early without a result (the patient left, the course ended); a draft stays readable.
 * - 5 cancelled (已取消): planned by mistake or no longer wanted; left out of the default lists ("not cancelled").
 *
 * Allowed transitions:
 * - storeTemporarily: not started or in progress → in progress.
 * - submit: not started or in progress → completed.
 * - end: not started or in progress → ended.
 * - cancel: not started or in progress → cancelled.
 * - authorize: not started or in progress, to an evaluator other than the assessor; the status stays; authorizing
 *   again replaces the earlier authorization.
 * Completed, ended and cancelled are final: every action on them is refused (409) with the reason.
 */

export const AssessStatus = {
  notStarted: 1,
  inProgress: 2,
  completed: 3,
  ended: 4,
  cancelled: 5,
} as const;
export type AssessStatusCode = (typeof AssessStatus)[keyof typeof AssessStatus];
export const ASSESS_STATUSES: readonly AssessStatusCode[] = Object.values(AssessStatus);

/** Statuses still waiting for an evaluation (the home card's "unfinished assessments"). */
export const UNFINISHED_ASSESS_STATUSES: readonly AssessStatusCode[] = [
  AssessStatus.notStarted,
  AssessStatus.inProgress,
];

export const AssessAction = {
  storeTemporarily: 'storeTemporarily',
  submit: 'submit',
  end: 'end',
  cancel: 'cancel',
  authorize: 'authorize',
} as const;
export type AssessActionName = (typeof AssessAction)[keyof typeof AssessAction];
export const ASSESS_ACTIONS: readonly AssessActionName[] = Object.values(AssessAction);

export type AssessState = {
  status: AssessStatusCode;
  assessorId: number;
  /** the evaluator the project is authorized to, null when not authorized */
  authorizedId: number | null;
};

export type AssessCommand =
  | { action: 'storeTemporarily' }
  | { action: 'submit' }
  | { action: 'end' }
  | { action: 'cancel' }
  | { action: 'authorize'; evaluatorId: number };

/** i18n keys of the refusals (namespace `assess` of the server catalogs). */
export const AssessRefusal = {
  alreadyCompleted: 'assess.alreadyCompleted',
  alreadyEnded: 'assess.alreadyEnded',
  alreadyCancelled: 'assess.alreadyCancelled',
  authorizeSelf: 'assess.authorizeToAssessor',
} as const;
export type AssessRefusalKey = (typeof AssessRefusal)[keyof typeof AssessRefusal];

export type AssessTransition =
  { ok: true; from: AssessStatusCode; to: AssessStatusCode; state: AssessState } | { ok: false; key: AssessRefusalKey };

const FINAL_REFUSAL: Partial<Record<AssessStatusCode, AssessRefusalKey>> = {
  [AssessStatus.completed]: AssessRefusal.alreadyCompleted,
  [AssessStatus.ended]: AssessRefusal.alreadyEnded,
  [AssessStatus.cancelled]: AssessRefusal.alreadyCancelled,
};

export const isOpenAssessment = (status: number) => (UNFINISHED_ASSESS_STATUSES as readonly number[]).includes(status);

/** The one transition function: pure; the caller stores the next state in one transaction. */
export function transitionAssessment(state: AssessState, command: AssessCommand): AssessTransition {
  const from = state.status;
  const final = FINAL_REFUSAL[from];
  if (final) return { ok: false, key: final };
  const ok = (next: Partial<AssessState>): AssessTransition => {
    const s = { ...state, ...next };
    return { ok: true, from, to: s.status, state: s };
  };
  switch (command.action) {
    case 'storeTemporarily':
      return ok({ status: AssessStatus.inProgress });
    case 'submit':
      return ok({ status: AssessStatus.completed });
    case 'end':
      return ok({ status: AssessStatus.ended });
    case 'cancel':
      return ok({ status: AssessStatus.cancelled });
    case 'authorize':
      if (command.evaluatorId === state.assessorId) return { ok: false, key: AssessRefusal.authorizeSelf };
      return ok({ authorizedId: command.evaluatorId });
  }
}

/** Whether a user may record answers: the assessor, or the evaluator it is authorized to. */
export const isEvaluatorOf = (state: Pick<AssessState, 'assessorId' | 'authorizedId'>, userId: number) =>
  state.assessorId === userId || state.authorizedId === userId;
