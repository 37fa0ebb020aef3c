import { describe, expect, it } from 'vitest';
import { dateOn, findConflicts, leaveCovers, recommendSchedule, slotInShift, type Booking } from './recommend';
import { leaveSaveSchema, scheduleViewSchema, schedulingSelectorSchema } from './scheduling.schema';

const b = (
  workOrderId: number,
  slotId: number,
  therapistId: number,
  patientId: number,
  equipmentId: number | null = null,
): Booking => ({
  workOrderId,
  slotId,
  therapistId,
  patientId,
  equipmentId,
});

describe('findConflicts', () => {
  it('finds nothing when therapist, equipment and patient are free in the slot', () => {
    expect(findConflicts([b(2, 1, 10, 100, 5)], [b(1, 1, 11, 101, 6), b(3, 2, 10, 100, 5)])).toEqual([]);
  });
  it('names the therapist, the equipment and the patient taken in the same slot, in that order', () => {
    const found = findConflicts([b(2, 1, 10, 100, 5)], [b(1, 1, 10, 100, 5)]);
    expect(found.map((c) => [c.kind, c.id, c.slotId, c.withWorkOrderId])).toEqual([
      ['therapist', 10, 1, 1],
      ['equipment', 5, 1, 1],
      ['patient', 100, 1, 1],
    ]);
  });
  it('ignores the order’s own booking (moving an order is no clash with itself)', () => {
    expect(findConflicts([b(1, 1, 10, 100, 5)], [b(1, 1, 10, 100, 5)])).toEqual([]);
  });
  it('checks a batch against itself', () => {
    const found = findConflicts([b(1, 1, 10, 100), b(2, 1, 10, 101)], []);
    expect(found).toEqual([{ kind: 'therapist', id: 10, slotId: 1, workOrderId: 2, withWorkOrderId: 1 }]);
  });
  it('treats no equipment as no equipment clash', () => {
    expect(findConflicts([b(2, 1, 11, 101, null)], [b(1, 1, 10, 100, null)])).toEqual([]);
  });
});

describe('recommendSchedule', () => {
  const slots = [1, 2, 3];
  it('places each order in the earliest slot where therapist, equipment and patient are free', () => {
    const r = recommendSchedule({
      slotIds: slots,
      orders: [
        { workOrderId: 1, patientId: 100, therapistId: 10, equipmentId: 5 },
        { workOrderId: 2, patientId: 100, therapistId: 11, equipmentId: null }, // same patient: next slot
        { workOrderId: 3, patientId: 101, therapistId: 12, equipmentId: 5 }, // same equipment: next free
        { workOrderId: 4, patientId: 102, therapistId: 10, equipmentId: null }, // therapist busy in 1
      ],
      booked: [],
    });
    expect(r.placed.map((p) => [p.workOrderId, p.slotId])).toEqual([
      [1, 1],
      [2, 2],
      [3, 2],
      [4, 2],
    ]);
    expect(r.unplaced).toEqual([]);
  });
  it('respects what is already booked and skips orders already scheduled', () => {
    const r = recommendSchedule({
      slotIds: slots,
      orders: [
        { workOrderId: 1, patientId: 100, therapistId: 10, equipmentId: null },
        { workOrderId: 2, patientId: 101, therapistId: 10, equipmentId: null },
      ],
      booked: [b(1, 3, 10, 100), b(9, 1, 10, 109)],
    });
    expect(r.placed).toEqual([b(2, 2, 10, 101)]);
  });
  it('leaves an order without a therapist, and one with no free slot, unplaced with the reason', () => {
    const r = recommendSchedule({
      slotIds: [1],
      orders: [
        { workOrderId: 1, patientId: 100, therapistId: null, equipmentId: null },
        { workOrderId: 2, patientId: 101, therapistId: 10, equipmentId: null },
        { workOrderId: 3, patientId: 102, therapistId: 10, equipmentId: null },
      ],
      booked: [],
    });
    expect(r.placed).toEqual([b(2, 1, 10, 101)]);
    expect(r.unplaced).toEqual([
      { workOrderId: 1, reason: 'noTherapist' },
      { workOrderId: 3, reason: 'noFreeSlot' },
    ]);
  });
  it('gives the orders of a therapist on leave to the substitute, or leaves them when there is none', () => {
    const orders = [
      { workOrderId: 1, patientId: 100, therapistId: 10, equipmentId: null },
      { workOrderId: 2, patientId: 101, therapistId: 12, equipmentId: null },
    ];
    const r = recommendSchedule({
      slotIds: slots,
      orders,
      booked: [b(7, 1, 11, 107)],
      leaves: [
        { therapistId: 10, substituteId: 11 },
        { therapistId: 12, substituteId: null },
      ],
    });
    expect(r.placed).toEqual([b(1, 2, 11, 100)]);
    expect(r.unplaced).toEqual([{ workOrderId: 2, reason: 'onLeave' }]);
    // a substitute on leave too covers nothing
    const both = recommendSchedule({
      slotIds: slots,
      orders: orders.slice(0, 1),
      booked: [],
      leaves: [
        { therapistId: 10, substituteId: 11 },
        { therapistId: 11, substituteId: null },
      ],
    });
    expect(both.unplaced).toEqual([{ workOrderId: 1, reason: 'onLeave' }]);
  });
  it('never books anything twice in a slot across a large day', () => {
    const orders = Array.from({ length: 2000 }, (_, i) => ({
      workOrderId: i + 1,
      patientId: 1000 + (i % 300),
      therapistId: 10 + (i % 40),
      equipmentId: i % 3 === 0 ? 500 + (i % 30) : null,
    }));
    const r = recommendSchedule({ slotIds: Array.from({ length: 20 }, (_, i) => i + 1), orders, booked: [] });
    expect(findConflicts(r.placed, [])).toEqual([]);
    expect(r.placed.length + r.unplaced.length).toBe(2000);
  });
});

describe('dates and leave', () => {
  it('reads the clinic date on the Shanghai clock', () => {
    expect(dateOn(new Date('2026-03-01T16:30:00Z'))).toBe('2026-03-02');
    expect(dateOn(new Date('2026-03-01T15:59:59Z'))).toBe('2026-03-01');
  });
  it('covers the first and the last day of a leave', () => {
    const leave = { startDate: '2026-03-02', endDate: '2026-03-04' };
    expect(['2026-03-01', '2026-03-02', '2026-03-04', '2026-03-05'].map((d) => leaveCovers(leave, d))).toEqual([
      false,
      true,
      true,
      false,
    ]);
  });
});

describe('schemas', () => {
  it('defaults the schedule view filter as spec section 3 says', () => {
    expect(scheduleViewSchema.parse({})).toMatchObject({ expired: false, executeStatus: 0, therapistTeamFilter: 1 });
    expect(scheduleViewSchema.safeParse({ executeStatus: 3 }).success).toBe(false);
  });
  it('accepts the four selector types only', () => {
    expect(schedulingSelectorSchema.parse({ type: '4' }).type).toBe(4);
    expect(schedulingSelectorSchema.safeParse({ type: 5 }).success).toBe(false);
  });
  it('refuses a leave ending before it starts and a therapist substituting themself', () => {
    const r = leaveSaveSchema.safeParse({
      therapistId: 1,
      startDate: '2026-03-03',
      endDate: '2026-03-02',
      reason: 'x',
      substituteId: 1,
    });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.path.join('.')).sort()).toEqual(['endDate', 'substituteId']);
  });
});

describe('half-day shifts', () => {
  it('the morning holds slots starting before 12:00, the afternoon those from 12:00 on; day or none holds all', () => {
    expect(slotInShift('morning', 11 * 60 + 59)).toBe(true);
    expect(slotInShift('morning', 12 * 60)).toBe(false);
    expect(slotInShift('afternoon', 12 * 60)).toBe(true);
    expect(slotInShift('afternoon', 11 * 60 + 59)).toBe(false);
    expect(slotInShift('day', 8 * 60)).toBe(true);
    expect(slotInShift(undefined, 20 * 60)).toBe(true);
    expect(slotInShift('off', 9 * 60)).toBe(false);
  });

  it('the recommendation never places a half-day therapist outside the shift', () => {
    const slots = [8 * 60, 9 * 60, 13 * 60, 14 * 60];
    const orders = [1, 2, 3].map((id) => ({ workOrderId: id, patientId: 10 + id, therapistId: 7, equipmentId: null }));
    const afternoon = recommendSchedule({
      slotIds: slots,
      orders,
      booked: [],
      halfDays: new Map([[7, 'afternoon' as const]]),
    });
    expect(afternoon.placed.map((p) => p.slotId)).toEqual([13 * 60, 14 * 60]);
    expect(afternoon.unplaced).toEqual([{ workOrderId: 3, reason: 'noFreeSlot' }]);
    const morning = recommendSchedule({
      slotIds: slots,
      orders,
      booked: [],
      halfDays: new Map([[7, 'morning' as const]]),
    });
    expect(morning.placed.map((p) => p.slotId)).toEqual([8 * 60, 9 * 60]);
  });
});
