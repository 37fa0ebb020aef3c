import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, asc, count, eq } from 'drizzle-orm';
import { dateOn } from '@rehab/shared';
import { sysEquipment } from '../src/modules/master-data/master-data.tables';
import { sessions, userRoles, users } from '../src/db/schema';
import { treatmentProjects } from '../src/modules/patients/patients.tables';
import { ssoNonces } from '../src/modules/auth/auth.tables';
import { schedules, therapistLeaves, therapistShifts } from '../src/modules/scheduling/scheduling.tables';
import { timeSlots } from '../src/modules/time-slots/time-slots.tables';
import { workOrders } from '../src/modules/work-orders/work-orders.tables';
import { DEMO, startTestServer, type TestServer } from './harness';

// Scheduling over HTTP: every call, the 409 conflicts (also two and twenty saves at the same moment), another
// organization's ids (404), the one-patient batch rule, leave and substitutes, and the hospital-system entry.

let s: TestServer;
type Who = { token: string; organizationId: number };
let admin: Who;
let therapist: Who;
let doctor: Who;
let other: Who;
/** the day the current test works on (its own) */
let day: string;
let slots: { id: number; startTime: string; endTime: string }[];
let otherSlotId: number;
let therapistIds: number[];
let equipmentIds: number[];
let otherEquipmentId: number;

const api = (url: string, who: Who, body?: unknown, lang?: string) =>
  s.api('POST', `/api${url}`, { token: who.token, body: body ?? {}, lang });

const scheduleRows = async () => Number((await s.app.db.select({ n: count() }).from(schedules))[0]!.n);

let seq = 40;
let rotate = 0;
let dayOffset = 1;
/** A day of its own for each test (day, the day after ...), so that tests do not share slots. */
function nextDay() {
  const d = new Date(`${dateOn(new Date())}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + dayOffset++);
  return d.toISOString().slice(0, 10);
}
/** Work orders made directly in the database (the generation is another feature's), one per project given. */
async function makeOrders(organizationId: number, n: number, options: { date?: string; samePatient?: boolean } = {}) {
  const projects = await s.app.db
    .select()
    .from(treatmentProjects)
    .where(eq(treatmentProjects.organizationId, organizationId))
    .orderBy(asc(treatmentProjects.id));
  // one project per patient, so that consecutive orders are of different patients
  const perPatient = [...new Map(projects.map((p) => [p.patientId, p])).values()];
  const made: (typeof workOrders.$inferSelect)[] = [];
  for (let i = 0; i < n; i++) {
    const p = options.samePatient ? perPatient[0]! : perPatient[rotate++ % perPatient.length]!;
    seq++;
    const [row] = await s.app.db
      .insert(workOrders)
      .values({
        organizationId,
        patientId: p.patientId,
        treatmentId: p.treatmentId,
        projectId: p.id,
        execOfficeId: p.execOfficeId,
        therapistId: therapistIds[0],
        treatDate: options.date ?? day,
        seq,
        status: 1,
      })
      .returning();
    made.push(row!);
  }
  return made;
}

beforeAll(async () => {
  s = await startTestServer();
  admin = await s.loginInto(DEMO.orgAdmin);
  therapist = await s.loginInto(DEMO.therapist);
  doctor = await s.loginInto(DEMO.doctor);
  other = await s.loginInto(DEMO.superAdmin, 1);
  if (other.organizationId === admin.organizationId) other = await s.loginInto(DEMO.superAdmin, 0);
  slots = await s.app.db
    .select()
    .from(timeSlots)
    .where(eq(timeSlots.organizationId, admin.organizationId))
    .orderBy(asc(timeSlots.startTime));
  otherSlotId = (await s.app.db.select().from(timeSlots).where(eq(timeSlots.organizationId, other.organizationId)))[0]!
    .id;
  therapistIds = (
    await s.app.db
      .select({ id: users.id })
      .from(users)
      .innerJoin(userRoles, eq(userRoles.userId, users.id))
      .where(and(eq(userRoles.organizationId, admin.organizationId), eq(userRoles.roleId, 10)))
      .orderBy(asc(users.id))
  ).map((r) => r.id);
  equipmentIds = (
    await s.app.db.select().from(sysEquipment).where(eq(sysEquipment.organizationId, admin.organizationId))
  ).map((r) => r.id as number);
  otherEquipmentId = (
    await s.app.db.select().from(sysEquipment).where(eq(sysEquipment.organizationId, other.organizationId))
  )[0]!.id;
  // the demo's shifts (Saturday mornings only, one day off) would make a booking's outcome depend on the weekday the
  // tests' days fall on; shifts.test.ts covers them
  await s.app.db.delete(therapistShifts).where(eq(therapistShifts.organizationId, admin.organizationId));
});
afterAll(async () => {
  await s?.close();
});
beforeEach(() => {
  day = nextDay();
});

describe('the board, the selector and the recommendation', () => {
  it('answers the day with slots, therapists (two in the demo hospital) and unscheduled orders', async () => {
    expect(therapistIds.length).toBeGreaterThanOrEqual(2);
    const [order] = await makeOrders(admin.organizationId, 1);
    const res = await api('/schedulingManagement/getTodayAllScheduling', admin, { date: day });
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.slots.map((x: { startTime: string }) => x.startTime)).toEqual(slots.map((x) => x.startTime));
    expect(data.slots.every((x: { status: string }) => x.status === 'undo')).toBe(true);
    expect(data.therapists.map((t: { therapistId: number }) => t.therapistId)).toEqual(
      expect.arrayContaining(therapistIds),
    );
    expect(data.unscheduled.map((o: { workOrderId: number }) => o.workOrderId)).toContain(order!.id);
    expect(data.sufficient).toBe(false);
    // today by default
    const today = await api('/schedulingManagement/getTodayAllScheduling', admin);
    expect(today.body.data.date).toBe(dateOn(new Date()));
  });

  it('answers the four option lists and refuses another type', async () => {
    await makeOrders(admin.organizationId, 2);
    const lists = await Promise.all(
      [1, 2, 3, 4].map((type) => api('/schedulingManagement/getSchedulingSelector', doctor, { type, date: day })),
    );
    expect(lists.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(Object.keys(lists[0]!.body.data.list[0])).toEqual(['projectId', 'projectName']);
    expect(Object.keys(lists[1]!.body.data.list[0])).toEqual(['patientId', 'patientName']);
    expect(Object.keys(lists[2]!.body.data.list[0])).toEqual(['equipmentId', 'equipmentName']);
    expect(lists[3]!.body.data.list.map((t: { therapistId: number }) => t.therapistId)).toEqual(
      expect.arrayContaining(therapistIds),
    );
    const bad = await api('/schedulingManagement/getSchedulingSelector', doctor, { type: 5 }, 'en');
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('type');
  });

  it('recommends free slots without writing, and the doctor may not plan', async () => {
    await makeOrders(admin.organizationId, 3);
    const before = await scheduleRows();
    const res = await api('/schedulingManagement/getTodayAllSchedulingRecommend', therapist, { date: day });
    expect(res.status).toBe(200);
    expect(res.body.data.list.length).toBeGreaterThan(0);
    const keys = res.body.data.list.map(
      (p: { therapistId: number; startTime: string }) => `${p.therapistId}@${p.startTime}`,
    );
    expect(new Set(keys).size).toBe(keys.length);
    expect(await scheduleRows()).toBe(before);
    expect((await api('/schedulingManagement/getTodayAllSchedulingRecommend', doctor, {})).status).toBe(403);
    expect((await api('/schedulingManagement/saveScheduling', doctor, { list: [] })).status).toBe(403);
    const past = await api('/schedulingManagement/getTodayAllSchedulingRecommend', admin, { date: '2020-01-01' });
    expect(past.status).toBe(409);
  });
});

describe('saving, conflicts and updates', () => {
  it('books an order, then refuses a second booking of the therapist in that slot naming therapist and slot', async () => {
    const [a, b] = await makeOrders(admin.organizationId, 2);
    expect(a!.patientId).not.toBe(b!.patientId);
    const slot = slots[0]!;
    const ok = await api('/schedulingManagement/saveScheduling', admin, {
      list: [{ workOrderId: a!.id, slotId: slot.id, therapistId: therapistIds[0] }],
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const before = await scheduleRows();
    const zh = await api('/schedulingManagement/saveScheduling', admin, {
      list: [{ workOrderId: b!.id, slotId: slot.id, therapistId: therapistIds[0] }],
    });
    expect(zh.status).toBe(409);
    expect(zh.body.msg).toContain('李治疗师');
    expect(zh.body.msg).toContain(`${slot.startTime}-${slot.endTime}`);
    expect(zh.body.msg).toContain('已有排班');
    expect(zh.body.conflict.kind).toBe('therapist');
    const en = await api(
      '/schedulingManagement/saveScheduling',
      admin,
      { list: [{ workOrderId: b!.id, slotId: slot.id, therapistId: therapistIds[0] }] },
      'en',
    );
    expect(en.body.msg).toBe(`Therapist "李治疗师" is already booked at ${slot.startTime}-${slot.endTime}`);
    expect(await scheduleRows()).toBe(before);
    // booked once only
    const again = await api('/schedulingManagement/saveScheduling', admin, {
      list: [{ workOrderId: a!.id, slotId: slots[1]!.id, therapistId: therapistIds[1] }],
    });
    expect(again.status).toBe(409);
    expect(again.body.msgKey).toBe('scheduling.alreadyScheduled');
  });

  it('refuses equipment and patient taken in the slot', async () => {
    const [a, b] = await makeOrders(admin.organizationId, 2);
    const slot = slots[2]!;
    const ok = await api('/schedulingManagement/saveScheduling', admin, {
      list: [{ workOrderId: a!.id, slotId: slot.id, therapistId: therapistIds[0], equipmentId: equipmentIds[0] }],
    });
    expect(ok.status).toBe(200);
    const eq1 = await api(
      '/schedulingManagement/saveScheduling',
      admin,
      { list: [{ workOrderId: b!.id, slotId: slot.id, therapistId: therapistIds[1], equipmentId: equipmentIds[0] }] },
      'en',
    );
    expect(eq1.status).toBe(409);
    expect(eq1.body.conflict.kind).toBe('equipment');
    expect(eq1.body.msg).toMatch(/^Equipment ".+" is already in use at /);
    const [c] = await makeOrders(admin.organizationId, 1, { samePatient: true });
    const [first] = await makeOrders(admin.organizationId, 1, { samePatient: true });
    await api('/schedulingManagement/saveScheduling', admin, {
      list: [{ workOrderId: first!.id, slotId: slots[3]!.id, therapistId: therapistIds[0] }],
    });
    const pat = await api(
      '/schedulingManagement/saveScheduling',
      admin,
      { list: [{ workOrderId: c!.id, slotId: slots[3]!.id, therapistId: therapistIds[1] }] },
      'en',
    );
    expect(pat.status).toBe(409);
    expect(pat.body.conflict.kind).toBe('patient');
    expect(pat.body.msg).toMatch(/^Patient ".+" is already booked at /);
  });

  it('refuses a batch of two patients, other organizations’ ids, and writes nothing', async () => {
    const [a, b] = await makeOrders(admin.organizationId, 2);
    const [foreign] = await makeOrders(other.organizationId, 1);
    const before = await scheduleRows();
    const two = await api(
      '/schedulingManagement/saveScheduling',
      admin,
      {
        list: [
          { workOrderId: a!.id, slotId: slots[5]!.id, therapistId: therapistIds[0] },
          { workOrderId: b!.id, slotId: slots[6]!.id, therapistId: therapistIds[0] },
        ],
      },
      'en',
    );
    expect(two.status).toBe(400);
    expect(two.body.msg).toBe('A batch scheduling selection must be work orders of one patient');
    const cases = [
      { workOrderId: foreign!.id, slotId: slots[5]!.id, therapistId: therapistIds[0] },
      { workOrderId: a!.id, slotId: otherSlotId, therapistId: therapistIds[0] },
      { workOrderId: a!.id, slotId: slots[5]!.id, therapistId: therapistIds[0], equipmentId: otherEquipmentId },
    ];
    for (const item of cases) {
      const res = await api('/schedulingManagement/saveScheduling', admin, { list: [item] });
      expect(res.status, JSON.stringify(item)).toBe(404);
    }
    // a user who is not treating staff of this organization (the super administrator)
    const [superUser] = await s.app.db.select().from(users).where(eq(users.phone, DEMO.superAdmin));
    const notStaff = await api('/schedulingManagement/saveScheduling', admin, {
      list: [{ workOrderId: a!.id, slotId: slots[5]!.id, therapistId: superUser!.id }],
    });
    expect(notStaff.status).toBe(404);
    const invalid = await api('/schedulingManagement/saveScheduling', admin, { list: [{ workOrderId: a!.id }] });
    expect(invalid.status).toBe(400);
    expect(await scheduleRows()).toBe(before);
    // an order that is not unfinished
    await s.app.db.update(workOrders).set({ status: 3 }).where(eq(workOrders.id, b!.id));
    const done = await api('/schedulingManagement/saveScheduling', admin, {
      list: [{ workOrderId: b!.id, slotId: slots[5]!.id, therapistId: therapistIds[0] }],
    });
    expect(done.status).toBe(409);
    // the other organization sees none of this organization's bookings
    expect(
      (
        await api('/schedulingManagement/saveScheduling', admin, {
          list: [{ workOrderId: a!.id, slotId: slots[5]!.id, therapistId: therapistIds[0] }],
        })
      ).status,
    ).toBe(200);
    const view = await api('/schedulingManagement/viewList', other, { date: day, executeStatus: 2 });
    expect(view.body.data.list.flatMap((e: { referral: unknown[] }) => e.referral)).toEqual([]);
  });

  it('lets exactly one of two saves at the same moment win', async () => {
    const [a, b] = await makeOrders(admin.organizationId, 2);
    const slot = slots[7]!;
    const results = await Promise.all(
      [a!, b!].map((o) =>
        api('/schedulingManagement/saveScheduling', admin, {
          list: [{ workOrderId: o.id, slotId: slot.id, therapistId: therapistIds[1] }],
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.body.msg).toContain('陈治疗师');
  });

  it('lets exactly one of twenty parallel bookings of one equipment slot win', async () => {
    const orders = await makeOrders(admin.organizationId, 20);
    const slot = slots[8]!;
    const results = await Promise.all(
      orders.map((o, i) =>
        api('/schedulingManagement/saveScheduling', admin, {
          list: [
            { workOrderId: o.id, slotId: slot.id, therapistId: therapistIds[i % 2]!, equipmentId: equipmentIds[1] },
          ],
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    const rows = await s.app.db
      .select()
      .from(schedules)
      .where(and(eq(schedules.treatDate, day), eq(schedules.equipmentId, equipmentIds[1]!)));
    expect(rows).toHaveLength(1);
  });

  it('checks and updates a booking, refusing a move into a conflict', async () => {
    const [a, b] = await makeOrders(admin.organizationId, 2, { date: day });
    const s1 = await api('/schedulingManagement/saveScheduling', admin, {
      list: [{ workOrderId: a!.id, slotId: slots[4]!.id, therapistId: therapistIds[0] }],
    });
    const s2 = await api('/schedulingManagement/saveScheduling', admin, {
      list: [{ workOrderId: b!.id, slotId: slots[4]!.id, therapistId: therapistIds[1] }],
    });
    expect([s1.status, s2.status]).toEqual([200, 200]);
    const id = s2.body.data[0].id;
    const check = await api(
      '/schedulingManagement/checkUpdateScheduling',
      admin,
      {
        id,
        slotId: slots[4]!.id,
        therapistId: therapistIds[0],
      },
      'en',
    );
    expect(check.status).toBe(200);
    expect(check.body.data.ok).toBe(false);
    expect(check.body.data.conflicts[0]).toMatchObject({ kind: 'therapist', name: '李治疗师' });
    const refused = await api('/schedulingManagement/updateScheduling', admin, {
      id,
      slotId: slots[4]!.id,
      therapistId: therapistIds[0],
    });
    expect(refused.status).toBe(409);
    const free = await api('/schedulingManagement/checkUpdateScheduling', admin, {
      id,
      slotId: slots[4]!.id,
      therapistId: therapistIds[1],
      equipmentId: equipmentIds[2],
    });
    expect(free.body.data).toEqual({ ok: true, conflicts: [] });
    const moved = await api('/schedulingManagement/updateScheduling', admin, {
      id,
      slotId: slots[4]!.id,
      therapistId: therapistIds[1],
      equipmentId: equipmentIds[2],
    });
    expect(moved.status).toBe(200);
    const [row] = await s.app.db.select().from(schedules).where(eq(schedules.id, id));
    expect(row!.equipmentId).toBe(equipmentIds[2]);
    expect(
      (
        await api('/schedulingManagement/updateScheduling', other, {
          id,
          slotId: otherSlotId,
          therapistId: therapistIds[0],
        })
      ).status,
    ).toBe(404);
    // cancel: another organization's id answers 404 and nothing is removed
    expect((await api('/schedulingManagement/deleteScheduling', other, { ids: [id] })).status).toBe(404);
    const del = await api('/schedulingManagement/deleteScheduling', admin, { ids: [id] });
    expect(del.body.data).toEqual({ removed: 1 });
  });

  it('applies the recommendation for one patient', async () => {
    const [a] = await makeOrders(admin.organizationId, 1);
    const res = await api('/schedulingManagement/applyRecommend', admin, { date: day, patientId: a!.patientId });
    expect(res.status).toBe(200);
    expect(res.body.data.booked).toBeGreaterThan(0);
    const [row] = await s.app.db.select().from(schedules).where(eq(schedules.workOrderId, a!.id));
    expect(row).toBeTruthy();
  });
});

describe('the schedule view lists', () => {
  it('answers one entry per slot with cards, filters and the default execution status', async () => {
    const [a, b] = await makeOrders(admin.organizationId, 2);
    for (const [o, i] of [
      [a!, 0],
      [b!, 1],
    ] as const) {
      const r = await api('/schedulingManagement/saveScheduling', admin, {
        list: [{ workOrderId: o.id, slotId: slots[i]!.id, therapistId: therapistIds[i], equipmentId: equipmentIds[i] }],
      });
      expect(r.status).toBe(200);
    }
    await s.app.db.update(workOrders).set({ status: 3 }).where(eq(workOrders.id, b!.id));
    const res = await api('/schedulingManagement/viewList', doctor, { date: day });
    expect(res.status).toBe(200);
    const list = res.body.data.list;
    expect(list.map((e: { timeQuantum: string }) => e.timeQuantum)).toEqual(
      slots.map((x) => `${x.startTime}-${x.endTime}`),
    );
    const cards = list.flatMap((e: { referral: unknown[] }) => e.referral);
    expect(cards.length).toBeGreaterThan(0);
    expect(Object.keys(cards[0])).toEqual(
      expect.arrayContaining([
        'id',
        'patientName',
        'bedNumber',
        'sex',
        'projectName',
        'equipmentName',
        'therapistName',
        'treatmentTeamName',
        'status',
      ]),
    );
    // executeStatus 0 by default: no completed card
    expect(cards.every((c: { status: number }) => c.status === 1)).toBe(true);
    const mine = await api('/schedulingManagement/viewMasterList', doctor, {
      date: day,
      therapistId: therapistIds[1],
      executeStatus: 2,
    });
    const masterCards = mine.body.data.list.flatMap((e: { referral: { therapistId: number }[] }) => e.referral);
    expect(masterCards.length).toBeGreaterThan(0);
    expect(masterCards.every((c: { therapistId: number }) => c.therapistId === therapistIds[1])).toBe(true);
    expect((await api('/schedulingManagement/viewList', doctor, { executeStatus: 7 })).status).toBe(400);
  });
});

describe('leave and substitutes', () => {
  it('removes the therapist’s bookings of those days and proposes the substitute', async () => {
    const [a] = await makeOrders(admin.organizationId, 1);
    const saved = await api('/schedulingManagement/saveScheduling', admin, {
      list: [{ workOrderId: a!.id, slotId: slots[0]!.id, therapistId: therapistIds[0] }],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const res = await api('/sys/therapistLeave/save', admin, {
      therapistId: therapistIds[0],
      startDate: day,
      endDate: day,
      reason: '病假',
      substituteId: therapistIds[1],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data, JSON.stringify(res.body)).toBeTruthy();
    expect(res.body.data.removed).toBeGreaterThan(0);
    expect(res.body.data.proposal.proposals.length).toBeGreaterThan(0);
    expect(
      res.body.data.proposal.proposals.every((p: { therapistId: number }) => p.therapistId === therapistIds[1]),
    ).toBe(true);
    const left = await s.app.db
      .select()
      .from(schedules)
      .where(and(eq(schedules.treatDate, day), eq(schedules.therapistId, therapistIds[0]!)));
    expect(left.filter((r) => r.workOrderId === a!.id)).toHaveLength(0);
    // the therapist on leave cannot be booked that day
    const blocked = await api(
      '/schedulingManagement/saveScheduling',
      admin,
      { list: [{ workOrderId: a!.id, slotId: slots[0]!.id, therapistId: therapistIds[0] }] },
      'en',
    );
    expect(blocked.status).toBe(409);
    expect(blocked.body.msg).toBe(`Therapist "李治疗师" is on leave on ${day}`);
    // overlapping leave
    const overlap = await api('/sys/therapistLeave/save', admin, {
      therapistId: therapistIds[0],
      startDate: day,
      endDate: day,
      reason: '重复',
    });
    expect(overlap.status).toBe(409);
    // the board marks the leave; applying the substitute books the orders
    const board = await api('/schedulingManagement/getTodayAllScheduling', admin, { date: day });
    expect(
      board.body.data.therapists.find((t: { therapistId: number }) => t.therapistId === therapistIds[0]),
    ).toMatchObject({
      onLeave: true,
      substituteId: therapistIds[1],
    });
    const applied = await api('/sys/therapistLeave/applySubstitute', admin, { id: res.body.data.id });
    expect(applied.status).toBe(200);
    expect(applied.body.data.booked).toBeGreaterThan(0);
    const [row] = await s.app.db.select().from(schedules).where(eq(schedules.workOrderId, a!.id));
    expect(row!.therapistId).toBe(therapistIds[1]);
    // list, substitute change, refusals, delete
    const list = await api('/sys/therapistLeave/list', therapist, { page: 1, limit: 10 });
    expect(list.body.data.list.some((l: { id: number }) => l.id === res.body.data.id)).toBe(true);
    const current = await api('/sys/therapistLeave/list', therapist, { current: true });
    expect(current.body.data.list.map((l: { id: number }) => l.id)).toContain(res.body.data.id);
    expect(current.body.data.list.every((l: { current: boolean }) => l.current)).toBe(true);
    expect(
      list.body.data.list.some((l: { reason: string; current: boolean }) => l.reason === '年假' && !l.current),
    ).toBe(true);
    expect((await api('/sys/therapistLeave/save', therapist, {})).status).toBe(403);
    const self = await api('/sys/therapistLeave/substitute', admin, {
      id: res.body.data.id,
      substituteId: therapistIds[0],
    });
    expect(self.status).toBe(400);
    const cleared = await api('/sys/therapistLeave/substitute', admin, { id: res.body.data.id, substituteId: null });
    expect(cleared.body.data.proposal).toBeNull();
    expect(
      (await api('/sys/therapistLeave/substitute', other, { id: res.body.data.id, substituteId: null })).status,
    ).toBe(404);
    const bad = await api('/sys/therapistLeave/save', admin, {
      therapistId: therapistIds[0],
      startDate: '2026-03-05',
      endDate: '2026-03-01',
      reason: '',
    });
    expect(bad.status).toBe(400);
    expect((await api('/sys/therapistLeave/delete', other, { ids: [res.body.data.id] })).status).toBe(404);
    expect((await api('/sys/therapistLeave/delete', admin, { ids: [res.body.data.id] })).status).toBe(200);
    expect(await s.app.db.select().from(therapistLeaves).where(eq(therapistLeaves.id, res.body.data.id))).toHaveLength(
      0,
    );
  });
});

describe('the hospital-system entry (POST /sys/ssoLogin)', () => {
  it('is refused while no secret is configured', async () => {
    const [user] = await s.app.db.select().from(users).where(eq(users.phone, DEMO.therapist));
    const res = await s.api('POST', '/api/sys/ssoLogin', { body: { loginSystem: 1, userId: user!.id }, lang: 'en' });
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe('The hospital-system entry is not configured');
    expect(res.body.token).toBeUndefined();
  });

  it('with a secret: a bare or forged user id gets nothing; a signed one gets a working session; refresh by token', async () => {
    const secret = 'his-shared-secret-for-tests';
    const his = await startTestServer({}, { HIS_SSO_SECRET: secret });
    try {
      const [user] = await his.app.db.select().from(users).where(eq(users.phone, DEMO.therapist));
      const userId = user!.id;
      const bare = await his.api('POST', '/api/sys/ssoLogin', { body: { loginSystem: 1, userId } });
      expect(bare.status).toBe(403);
      expect(bare.body.token).toBeUndefined();
      const ts = Date.now();
      const sign = (u: number, t: number, k = secret) =>
        crypto.createHmac('sha256', k).update(`${u}.${t}`).digest('hex');
      const forged = await his.api('POST', '/api/sys/ssoLogin', {
        body: { loginSystem: 1, userId, ts, sign: sign(userId, ts, 'guess') },
      });
      expect(forged.status).toBe(403);
      const stale = await his.api('POST', '/api/sys/ssoLogin', {
        body: { loginSystem: 1, userId, ts: ts - 3_600_000, sign: sign(userId, ts - 3_600_000) },
      });
      expect(stale.status).toBe(403);
      const wrongSystem = await his.api('POST', '/api/sys/ssoLogin', {
        body: { loginSystem: 2, userId, ts, sign: sign(userId, ts) },
      });
      expect(wrongSystem.status).toBe(400);
      const ok = await his.api('POST', '/api/sys/ssoLogin', {
        body: { loginSystem: 1, userId, ts, sign: sign(userId, ts) },
      });
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      expect(ok.body.token).toEqual(expect.any(String));
      expect(ok.body.data.token).toBe(ok.body.token);
      // the same signed request again (a replay within the age window) is refused and opens no session
      const sessionsBefore = await his.app.db.$count(sessions, eq(sessions.userId, userId));
      const replay = await his.api('POST', '/api/sys/ssoLogin', {
        body: { loginSystem: 1, userId, ts, sign: sign(userId, ts).toUpperCase() },
        lang: 'en',
      });
      expect(replay.status).toBe(403);
      expect(replay.body.msg).toBe('This hospital-system sign-in request was already used: start a new one');
      expect(replay.body.token).toBeUndefined();
      expect(await his.app.db.$count(sessions, eq(sessions.userId, userId))).toBe(sessionsBefore);
      const replayZh = await his.api('POST', '/api/sys/ssoLogin', {
        body: { loginSystem: 1, userId, ts, sign: sign(userId, ts) },
      });
      expect(replayZh.body.msg).toBe('该医院系统登录请求已使用过，请重新发起');
      const [nonce] = await his.app.db.select().from(ssoNonces).where(eq(ssoNonces.userId, userId));
      expect(nonce!.expiresAt.getTime()).toBe(ts + 300_000);
      // a new request (new ts) is accepted
      const next = await his.api('POST', '/api/sys/ssoLogin', {
        body: { loginSystem: 1, userId, ts: ts + 1, sign: sign(userId, ts + 1) },
      });
      expect(next.status).toBe(200);
      const view = await his.api('POST', '/api/schedulingManagement/viewMasterList', {
        token: ok.body.token,
        body: {},
      });
      expect(view.status).toBe(200);
      // the timed refresh: the current token of the same user, no signature
      const refreshed = await his.api('POST', '/api/sys/ssoLogin', {
        token: ok.body.token,
        body: { loginSystem: 1, userId },
      });
      expect(refreshed.status).toBe(200);
      expect(refreshed.body.token).not.toBe(ok.body.token);
      // a token of another user does not refresh this one
      const [doc] = await his.app.db.select().from(users).where(eq(users.phone, DEMO.doctor));
      const otherUser = await his.api('POST', '/api/sys/ssoLogin', {
        token: ok.body.token,
        body: { loginSystem: 1, userId: doc!.id },
      });
      expect(otherUser.status).toBe(403);
      const unknown = await his.api('POST', '/api/sys/ssoLogin', {
        body: { loginSystem: 1, userId: 999999, ts, sign: sign(999999, ts) },
      });
      expect(unknown.status).toBe(403);
    } finally {
      await his.close();
    }
  });
});
