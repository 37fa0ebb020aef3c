/**
 * The referral state machine (转诊, issue 17) as ONE pure transition function.
 *
 * requested (the sending side made it) -> received (the receiving office took note: the person who received it
 * takes it over) -> accepted or rejected (with a reason) -> arrived (the patient came to the receiving side) ->
 * completed. The sending side may cancel it until the patient arrived (a transfer of treatment: until accepted).
 *
 * Every action names the party that may take it (`referralActorOf`) and the party that acts next
 * (`referralNextParty`), to whom the product sends a message.
 */

export const ReferralStatus = {
  requested: 'requested',
  received: 'received',
  accepted: 'accepted',
  rejected: 'rejected',
  arrived: 'arrived',
  completed: 'completed',
  cancelled: 'cancelled',
} as const;
export type ReferralStatusCode = (typeof ReferralStatus)[keyof typeof ReferralStatus];
export const REFERRAL_STATUSES = Object.values(ReferralStatus) as readonly ReferralStatusCode[];

/** States in which nothing happens any more: the receiving side's access runs out after the retention. */
export const REFERRAL_TERMINAL_STATUSES: readonly ReferralStatusCode[] = ['rejected', 'completed', 'cancelled'];
export const isReferralTerminal = (s: ReferralStatusCode) => REFERRAL_TERMINAL_STATUSES.includes(s);
/** The open states: a patient's course has at most one referral in them (a unique index in the database). */
export const REFERRAL_OPEN_STATUSES: readonly ReferralStatusCode[] = ['requested', 'received', 'accepted', 'arrived'];

export const ReferralAction = {
  receive: 'receive',
  accept: 'accept',
  reject: 'reject',
  arrive: 'arrive',
  complete: 'complete',
  cancel: 'cancel',
} as const;
export type ReferralActionName = (typeof ReferralAction)[keyof typeof ReferralAction];
export const REFERRAL_ACTIONS = Object.values(ReferralAction) as readonly ReferralActionName[];

/**
 * What a referral is: a referral of the patient (the receiving side sees the materials), or a transfer of treatment
 * (转诊治疗), whose acceptance moves the plan: the course's projects with their remaining sessions and the latest
 * assessments go to a new course at the receiving side, the sending side's future work orders are invalidated.
 */
export const REFERRAL_KINDS = ['referral', 'transfer'] as const;
export type ReferralKind = (typeof REFERRAL_KINDS)[number];

/** Who takes an action: the sending side or the receiving side. */
export type ReferralParty = 'sender' | 'receiver';

export const referralActorOf: Record<ReferralActionName, ReferralParty> = {
  receive: 'receiver',
  accept: 'receiver',
  reject: 'receiver',
  arrive: 'receiver',
  complete: 'receiver',
  cancel: 'sender',
};

const RULES: Record<ReferralActionName, { from: readonly ReferralStatusCode[]; to: ReferralStatusCode }> = {
  receive: { from: ['requested'], to: 'received' },
  accept: { from: ['received'], to: 'accepted' },
  reject: { from: ['requested', 'received'], to: 'rejected' },
  arrive: { from: ['accepted'], to: 'arrived' },
  complete: { from: ['arrived'], to: 'completed' },
  cancel: { from: ['requested', 'received', 'accepted'], to: 'cancelled' },
};

/**
 * Who acts after a referral reached `status`: the receiving side until the patient is in its care, the sending side
 * once accepted (it sends the patient over); null when it is over (the requester is told).
 */
export function referralNextParty(status: ReferralStatusCode): ReferralParty | null {
  switch (status) {
    case 'requested':
    case 'received':
    case 'arrived':
      return 'receiver';
    case 'accepted':
      return 'sender';
    default:
      return null;
  }
}

export type ReferralTransition =
  | { ok: true; from: ReferralStatusCode; to: ReferralStatusCode; next: ReferralParty | null }
  | { ok: false; key: string };

/**
 * The next state of a referral for an action, or the i18n key (namespace `referral`) of the refusal: the server
 * answers it as a 409 (400 for a missing reason).
 */
export function transitionReferral(
  status: ReferralStatusCode,
  action: ReferralActionName,
  options: { reason?: string | null; kind?: ReferralKind } = {},
): ReferralTransition {
  const rule = RULES[action];
  // a transfer's acceptance moved the treatment: there is nothing left to cancel on the sending side
  if (options.kind === 'transfer' && action === 'cancel' && status === 'accepted')
    return { ok: false, key: 'referral.transferMoved' };
  if (!rule.from.includes(status)) return { ok: false, key: 'referral.wrongState' };
  if (action === 'reject' && !options.reason?.trim()) return { ok: false, key: 'referral.reasonRequired' };
  return { ok: true, from: status, to: rule.to, next: referralNextParty(rule.to) };
}
