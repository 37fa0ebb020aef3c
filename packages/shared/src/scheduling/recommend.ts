import { clinicDate } from '../work-orders/generation';
/**
 * Scheduling rules as pure functions (issue 5, Scheduling): the conflicts of a booking and the recommendation that
 * fills the free slots of a day. A therapist, a piece of equipment or a patient is never booked twice in one slot.
 * The server checks the same rules before writing, and unique indexes refuse what two saves at the same moment
 * would both get past the check.
 */

/** One booking: a work order in a slot of a day, with its therapist, equipment (optional) and patient. */
export type Booking = {
  workOrderId: number;
  slotId: number;
  therapistId: number;
  equipmentId: number | null;
  patientId: number;
};

export type ConflictKind = 'therapist' | 'equipment' | 'patient';
/** A clash: who (`id` of the therapist, equipment or patient) is already taken in `slotId`, and by which order. */
export type Conflict = { kind: ConflictKind; id: number; slotId: number; workOrderId: number; withWorkOrderId: number };

const keyOf = (kind: ConflictKind, slotId: number, id: number) => `${kind}:${slotId}:${id}`;

function resources(b: Booking): [ConflictKind, number][] {
  const list: [ConflictKind, number][] = [
    ['therapist', b.therapistId],
    ['patient', b.patientId],
  ];
  if (b.equipmentId != null) list.push(['equipment', b.equipmentId]);
  return list;
}

/**
 * The conflicts of `wanted` bookings against the `existing` ones and against each other (a batch cannot book one
 * therapist twice in a slot either). An existing booking of the same work order is ignored: moving an order is not
 * a clash with itself. Therapist first, then equipment, then patient, in the order of `wanted`.
 */
export function findConflicts(wanted: readonly Booking[], existing: readonly Booking[]): Conflict[] {
  const moving = new Set(wanted.map((b) => b.workOrderId));
  const taken = new Map<string, number>();
  for (const b of existing) {
    if (moving.has(b.workOrderId)) continue;
    for (const [kind, id] of resources(b)) taken.set(keyOf(kind, b.slotId, id), b.workOrderId);
  }
  const order: Record<ConflictKind, number> = { therapist: 0, equipment: 1, patient: 2 };
  const conflicts: Conflict[] = [];
  for (const b of wanted) {
    const found: Conflict[] = [];
    for (const [kind, id] of resources(b)) {
      const key = keyOf(kind, b.slotId, id);
      const other = taken.get(key);
      if (other !== undefined && other !== b.workOrderId) {
        found.push({ kind, id, slotId: b.slotId, workOrderId: b.workOrderId, withWorkOrderId: other });
      }
    }
    found.sort((x, y) => order[x.kind] - order[y.kind]);
    conflicts.push(...found);
    for (const [kind, id] of resources(b)) {
      const key = keyOf(kind, b.slotId, id);
      if (!taken.has(key)) taken.set(key, b.workOrderId);
    }
  }
  return conflicts;
}

/** A work order waiting for a slot: its patient, the therapist it belongs to (if any) and its equipment. */
export type OpenOrder = {
  workOrderId: number;
  patientId: number;
  therapistId: number | null;
  equipmentId: number | null;
};

/** A therapist's leave on the day, with the substitute who covers it (if one is named). */
export type LeaveOnDay = { therapistId: number; substituteId: number | null };

export type UnplacedReason = 'noTherapist' | 'onLeave' | 'noFreeSlot';

export type RecommendInput = {
  /** the slots that may still be filled, in time order (the caller leaves out slots already over) */
  slotIds: readonly number[];
  /** the orders to place, in priority order */
  orders: readonly OpenOrder[];
  /** what is already booked that day */
  booked: readonly Booking[];
  /** leaves covering the day */
  leaves?: readonly LeaveOnDay[];
  /** therapists working half a day (shift management): never placed in a slot outside it */
  halfDays?: ReadonlyMap<number, HalfDayShift>;
};

/** A half-day shift: the morning holds the slots starting before 12:00, the afternoon those from 12:00 on. */
export type HalfDayShift = 'morning' | 'afternoon';
export const NOON_MINUTES = 12 * 60;
/** Whether a slot (its start, minutes after midnight) lies in a shift; a day shift or none holds every slot. */
export function slotInShift(shift: string | null | undefined, startMinutes: number): boolean {
  if (shift === 'morning') return startMinutes < NOON_MINUTES;
  if (shift === 'afternoon') return startMinutes >= NOON_MINUTES;
  return shift !== 'off';
}

export type RecommendResult = {
  placed: Booking[];
  unplaced: { workOrderId: number; reason: UnplacedReason }[];
};

/**
 * Fills free slots: each order, in the given order, goes to the earliest slot where its therapist, its equipment and
 * its patient are all free. The therapist is the order's; a therapist on leave is replaced by the leave's substitute
 * (when the substitute is not on leave too), else the order stays unplaced ('onLeave'). An order without a therapist
 * is not placed ('noTherapist'); one with no slot left where all three are free (and inside the therapist's
 * half-day shift, if any) neither ('noFreeSlot').
 * Linear in orders × slots, with set look-ups.
 */
export function recommendSchedule(input: RecommendInput): RecommendResult {
  const taken = new Set<string>();
  for (const b of input.booked) for (const [kind, id] of resources(b)) taken.add(keyOf(kind, b.slotId, id));
  const leave = new Map((input.leaves ?? []).map((l) => [l.therapistId, l.substituteId]));
  const placed: Booking[] = [];
  const unplaced: RecommendResult['unplaced'] = [];
  const scheduled = new Set(input.booked.map((b) => b.workOrderId));
  for (const order of input.orders) {
    if (scheduled.has(order.workOrderId)) continue;
    if (order.therapistId == null) {
      unplaced.push({ workOrderId: order.workOrderId, reason: 'noTherapist' });
      continue;
    }
    let therapistId = order.therapistId;
    if (leave.has(therapistId)) {
      const substitute = leave.get(therapistId) ?? null;
      if (substitute == null || leave.has(substitute)) {
        unplaced.push({ workOrderId: order.workOrderId, reason: 'onLeave' });
        continue;
      }
      therapistId = substitute;
    }
    const booking = {
      workOrderId: order.workOrderId,
      therapistId,
      equipmentId: order.equipmentId,
      patientId: order.patientId,
    };
    const half = input.halfDays?.get(therapistId);
    const slotId = input.slotIds.find(
      (slot) =>
        slotInShift(half, slot) &&
        resources({ ...booking, slotId: slot }).every(([kind, id]) => !taken.has(keyOf(kind, slot, id))),
    );
    if (slotId === undefined) {
      unplaced.push({ workOrderId: order.workOrderId, reason: 'noFreeSlot' });
      continue;
    }
    const b: Booking = { ...booking, slotId };
    for (const [kind, id] of resources(b)) taken.add(keyOf(kind, slotId, id));
    scheduled.add(order.workOrderId);
    placed.push(b);
  }
  return { placed, unplaced };
}

/** The calendar date (`YYYY-MM-DD`) of a moment on the clinic's wall clock (Asia/Shanghai by default). */
export function dateOn(moment: Date, timeZone = 'Asia/Shanghai'): string {
  return clinicDate(moment, timeZone);
}

/** Whether a leave from `startDate` to `endDate` (inclusive, `YYYY-MM-DD`) covers `date`. */
export const leaveCovers = (leave: { startDate: string; endDate: string }, date: string) =>
  leave.startDate <= date && date <= leave.endDate;
