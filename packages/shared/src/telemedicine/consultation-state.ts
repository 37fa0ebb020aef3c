/**
 * The remote-consultation state machine (issue 17) as ONE pure transition function.
 *
 * draft -> submitted -> approved (only when the sending organization asks for a department-head approval) ->
 * received (the receiving office has taken note) -> accepted (an expert took it over and set the time; the first of
 * two concurrent accepts wins) -> in_progress -> report_draft -> signed (the expert signed the report) -> closed (the
 * inviting side countersigned its receipt). Side exits: rejected (with a reason), cancelled (by the inviting side),
 * expired (the expiry job: unanswered requests past their deadline, abandoned sessions).
 *
 * A signed report is never edited: `revise` sends a signed consultation back to report_draft, and the next signed
 * version supersedes the earlier one, which stays.
 *
 * Every action names the party that may take it (`actorOf`) and the party that acts next (`nextParty`), to whom the
 * product sends a message.
 */

export const ConsultationStatus = {
  draft: 'draft',
  submitted: 'submitted',
  approved: 'approved',
  received: 'received',
  accepted: 'accepted',
  inProgress: 'in_progress',
  reportDraft: 'report_draft',
  signed: 'signed',
  closed: 'closed',
  rejected: 'rejected',
  cancelled: 'cancelled',
  expired: 'expired',
} as const;
export type ConsultationStatusCode = (typeof ConsultationStatus)[keyof typeof ConsultationStatus];
export const CONSULTATION_STATUSES = Object.values(ConsultationStatus) as readonly ConsultationStatusCode[];

/** States in which nothing happens any more: the receiving side's access runs out after the retention. */
export const TERMINAL_STATUSES: readonly ConsultationStatusCode[] = ['closed', 'rejected', 'cancelled', 'expired'];
export const isTerminal = (s: ConsultationStatusCode) => TERMINAL_STATUSES.includes(s);

export const ConsultationAction = {
  submit: 'submit',
  approve: 'approve',
  receive: 'receive',
  accept: 'accept',
  start: 'start',
  saveReport: 'saveReport',
  sign: 'sign',
  revise: 'revise',
  countersign: 'countersign',
  reject: 'reject',
  cancel: 'cancel',
  expire: 'expire',
} as const;
export type ConsultationActionName = (typeof ConsultationAction)[keyof typeof ConsultationAction];
export const CONSULTATION_ACTIONS = Object.values(ConsultationAction) as readonly ConsultationActionName[];

/**
 * Who takes an action: the inviting side (`sender`), its department head (`approver`), the receiving office
 * (`receiver`: a member holding the expert permission), the expert who took the consultation over (`expert`), or
 * the product (`system`, the expiry job).
 */
export type ConsultationParty = 'sender' | 'approver' | 'receiver' | 'expert' | 'system';

export const actorOf: Record<ConsultationActionName, ConsultationParty> = {
  submit: 'sender',
  approve: 'approver',
  receive: 'receiver',
  accept: 'receiver',
  start: 'expert',
  saveReport: 'expert',
  sign: 'expert',
  revise: 'expert',
  countersign: 'sender',
  reject: 'receiver',
  cancel: 'sender',
  expire: 'system',
};

type Rule = { from: readonly ConsultationStatusCode[]; to: ConsultationStatusCode };

const RULES: Record<Exclude<ConsultationActionName, 'submit' | 'receive' | 'reject'>, Rule> = {
  approve: { from: ['submitted'], to: 'approved' },
  accept: { from: ['received'], to: 'accepted' },
  start: { from: ['accepted'], to: 'in_progress' },
  // a consultation on the materials alone needs no session: the expert may write from accepted
  saveReport: { from: ['accepted', 'in_progress', 'report_draft'], to: 'report_draft' },
  sign: { from: ['report_draft'], to: 'signed' },
  revise: { from: ['signed'], to: 'report_draft' },
  countersign: { from: ['signed'], to: 'closed' },
  cancel: { from: ['draft', 'submitted', 'approved', 'received', 'accepted'], to: 'cancelled' },
  expire: { from: ['submitted', 'approved', 'received', 'accepted', 'in_progress'], to: 'expired' },
};

export type TransitionOptions = {
  /** the sending organization asks for a department-head approval before the request leaves */
  requiresApproval: boolean;
  /** the reason of a rejection (required) */
  reason?: string | null;
};

export type TransitionResult =
  | { ok: true; from: ConsultationStatusCode; to: ConsultationStatusCode; next: ConsultationParty | null }
  | { ok: false; key: string };

/** Who acts after a consultation reached `status` (null: nobody, it is over). */
export function nextParty(status: ConsultationStatusCode, requiresApproval: boolean): ConsultationParty | null {
  switch (status) {
    case 'draft':
      return 'sender';
    case 'submitted':
      return requiresApproval ? 'approver' : 'receiver';
    case 'approved':
    case 'received':
      return 'receiver';
    case 'accepted':
    case 'in_progress':
    case 'report_draft':
      return 'expert';
    case 'signed':
      return 'sender';
    default:
      return null;
  }
}

/**
 * The next state of a consultation for an action, or the i18n key (namespace `remote`) of the refusal: the server
 * answers it as a 409 (400 for a missing reason).
 */
export function transitionConsultation(
  status: ConsultationStatusCode,
  action: ConsultationActionName,
  options: TransitionOptions,
): TransitionResult {
  const done = (to: ConsultationStatusCode): TransitionResult => ({
    ok: true,
    from: status,
    to,
    next: nextParty(to, options.requiresApproval),
  });
  switch (action) {
    case 'submit':
      return status === 'draft' ? done('submitted') : { ok: false, key: 'remote.notDraft' };
    case 'approve':
      if (!options.requiresApproval) return { ok: false, key: 'remote.noApprovalStep' };
      break;
    case 'receive':
      // without the approval step a submitted request goes straight to the receiving office
      if (status === 'approved' || (status === 'submitted' && !options.requiresApproval)) return done('received');
      return { ok: false, key: status === 'submitted' ? 'remote.awaitingApproval' : 'remote.wrongState' };
    case 'reject': {
      if (!['submitted', 'approved', 'received'].includes(status)) return { ok: false, key: 'remote.wrongState' };
      if (!options.reason?.trim()) return { ok: false, key: 'remote.reasonRequired' };
      return done('rejected');
    }
  }
  const rule = RULES[action as keyof typeof RULES];
  if (!rule.from.includes(status)) {
    if (action === 'accept' && status === 'accepted') return { ok: false, key: 'remote.alreadyTaken' };
    return { ok: false, key: 'remote.wrongState' };
  }
  return done(rule.to);
}
