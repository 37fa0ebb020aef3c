import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq } from 'drizzle-orm';
import { dateOn, weekDays, weekStartOf } from '@rehab/shared';
import { userRoles, users } from '../src/db/schema';
import { treatmentProjects, treatments } from '../src/modules/patients/patients.tables';
import { schedules, therapistShifts } from '../src/modules/scheduling/scheduling.tables';
import { timeSlots } from '../src/modules/time-slots/time-slots.tables';
import { workOrders } from '../src/modules/work-orders/work-orders.tables';
import { DEMO, startTestServer, type TestServer } from './harness';

// Shift management (/sys/shift/list, /sys/shift/save) and the doctor's schedule
// (/schedulingManagement/doctorSchedule): every call, the refusals (400 bad dates, 404 staff of another organization,
// 403 without the permission) in the user's language with nothing written, and an off shift keeping the
// recommendation and the booking away from the therapist like leave.

let s: TestServer;
type Who = { token: string; organizationId: number };
let admin: Who;
let therapist: Who;
let doctor: Who;
let other: Who;
let therapistIds: number[];
let otherTherapistId: number;
let doctorId: number;

const api = (url: string, who: Who, body?: unknown, lang?: string) =>
  s.api('POST', `/api${url}`, { token: who.token, body: body ?? {}, lang });
const shiftRows = async () => Number((await s.app.db.select({ n: count() }).from(therapistShifts))[0]!.n);

/** A Monday some weeks ahead (each test its own week). */
let weeksAhead = 2;
function nextWeek() {
  const d = new Date(`${weekStartOf(dateOn(new Date()))}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 7 * weeksAhead++);
  return d.toISOString().slice(0, 10);
}

async function staffOf(organizationId: number) {
  return (
    await s.app.db
      .select({ id: users.id })
      .from(users)
      .innerJoin(userRoles, eq(userRoles.userId, users.id))
      .where(and(eq(userRoles.organizationId, organizationId), eq(userRoles.roleId, 10)))
      .orderBy(asc(users.id))
  ).map((r) => r.id);
}

beforeAll(async () => {
  s = await startTestServer();
  admin = await s.loginInto(DEMO.orgAdmin);
  therapist = await s.loginInto(DEMO.therapist);
  doctor = await s.loginInto(DEMO.doctor);
  other = await s.loginInto(DEMO.superAdmin, 1);
  if (other.organizationId === admin.organizationId) other = await s.loginInto(DEMO.superAdmin, 0);
  therapistIds = await staffOf(admin.organizationId);
  // a therapist of the other organization only (some demo staff work in both)
  const theirs = (await staffOf(other.organizationId)).filter((id) => !therapistIds.includes(id));
  otherTherapistId = theirs[0] ?? 0;
  const [d] = await s.app.db.select({ id: users.id }).from(users).where(eq(users.phone, DEMO.doctor));
  doctorId = d!.id;
});
afterAll(async () => {
  await s?.close();
});

describe('shift management', () => {
  it('lists the week, saves shifts, changes and clears them', async () => {
    const week = nextWeek();
    const days = weekDays(week);
    const empty = await api('/sys/shift/list', therapist, { weekStart: week });
    expect(empty.status).toBe(200);
    expect(empty.body.data.days).toEqual(days);
    expect(empty.body.data.list.map((r: { therapistId: number }) => r.therapistId)).toEqual(
      expect.arrayContaining(therapistIds),
    );
    // issue 21: only therapists are planned; the doctor is not among them, nor can a shift be given to them
    expect(empty.body.data.list.map((r: { therapistId: number }) => r.therapistId)).not.toContain(doctorId);
    const toDoctor = await api('/sys/shift/save', admin, {
      weekStart: week,
      list: [{ therapistId: doctorId, date: days[0], shift: 'day' }],
    });
    expect(toDoctor.status).toBe(404);
    const save = await api('/sys/shift/save', admin, {
      weekStart: week,
      list: [
        { therapistId: therapistIds[0], date: days[0], shift: 'day' },
        { therapistId: therapistIds[0], date: days[1], shift: 'off' },
        { therapistId: therapistIds[1], date: days[6], shift: 'morning' },
      ],
    });
    expect(save.status).toBe(200);
    expect(save.body.data).toEqual({ saved: 3, cleared: 0 });
    const change = await api('/sys/shift/save', admin, {
      weekStart: week,
      list: [
        { therapistId: therapistIds[0], date: days[0], shift: 'afternoon' },
        { therapistId: therapistIds[1], date: days[6], shift: null },
      ],
    });
    expect(change.body.data).toEqual({ saved: 1, cleared: 1 });
    const list = await api('/sys/shift/list', admin, { weekStart: week });
    const row = (id: number) => list.body.data.list.find((r: { therapistId: number }) => r.therapistId === id);
    expect(row(therapistIds[0]!).shifts).toEqual({ [days[0]!]: 'afternoon', [days[1]!]: 'off' });
    expect(row(therapistIds[1]!).shifts).toEqual({});
    // the other organization sees none of it
    const theirs = await api('/sys/shift/list', other, { weekStart: week });
    expect(
      theirs.body.data.list.every((r: { shifts: Record<string, string> }) => Object.keys(r.shifts).length === 0),
    ).toBe(true);
  });

  it('refuses bad weeks and dates (400), staff of another organization (404) and writes nothing', async () => {
    const week = nextWeek();
    const days = weekDays(week);
    const before = await shiftRows();
    const tuesday = days[1]!;
    const notMonday = await api('/sys/shift/list', admin, { weekStart: tuesday }, 'en');
    expect(notMonday.status).toBe(400);
    expect(notMonday.body.msg).toContain('Monday');
    const zh = await api('/sys/shift/list', admin, { weekStart: tuesday }, 'zh-CN');
    expect(zh.body.msg).toContain('星期一');
    expect((await api('/sys/shift/list', admin, { weekStart: '2026-13-40' })).status).toBe(400);
    const outside = await api(
      '/sys/shift/save',
      admin,
      {
        weekStart: week,
        list: [
          { therapistId: therapistIds[0], date: days[0], shift: 'day' },
          { therapistId: therapistIds[0], date: nextWeek(), shift: 'day' },
        ],
      },
      'en',
    );
    expect(outside.status).toBe(400);
    expect(outside.body.msg).toContain('not in the chosen week');
    const twice = await api('/sys/shift/save', admin, {
      weekStart: week,
      list: [
        { therapistId: therapistIds[0], date: days[0], shift: 'day' },
        { therapistId: therapistIds[0], date: days[0], shift: 'off' },
      ],
    });
    expect(twice.status).toBe(400);
    const badShift = await api('/sys/shift/save', admin, {
      weekStart: week,
      list: [{ therapistId: therapistIds[0], date: days[0], shift: 'night' }],
    });
    expect(badShift.status).toBe(400);
    const foreign = await api(
      '/sys/shift/save',
      admin,
      {
        weekStart: week,
        list: [
          { therapistId: therapistIds[0], date: days[0], shift: 'day' },
          { therapistId: otherTherapistId, date: days[1], shift: 'off' },
        ],
      },
      'en',
    );
    if (otherTherapistId) expect(foreign.status).toBe(404);
    expect(foreign.body.msg).toBeTruthy();
    const unknown = await api('/sys/shift/save', admin, {
      weekStart: week,
      list: [{ therapistId: 987654, date: days[0], shift: 'day' }],
    });
    expect(unknown.status).toBe(404);
    // a doctor or therapist without the save permission
    expect(
      (
        await api('/sys/shift/save', therapist, {
          weekStart: week,
          list: [{ therapistId: therapistIds[0], date: days[0], shift: 'day' }],
        })
      ).status,
    ).toBe(403);
    expect((await api('/sys/shift/list', doctor, { weekStart: week })).status).toBe(403);
    expect((await api('/sys/shift/save', admin, { weekStart: week, list: [] })).status).toBe(400);
    expect(await shiftRows()).toBe(before);
  });

  it('keeps a therapist who is off away from the recommendation and refuses booking them (409)', async () => {
    const week = nextWeek();
    const day = weekDays(week)[2]!;
    const [project] = await s.app.db
      .select()
      .from(treatmentProjects)
      .where(eq(treatmentProjects.organizationId, admin.organizationId))
      .orderBy(asc(treatmentProjects.id));
    const [order] = await s.app.db
      .insert(workOrders)
      .values({
        organizationId: admin.organizationId,
        patientId: project!.patientId,
        treatmentId: project!.treatmentId,
        projectId: project!.id,
        execOfficeId: project!.execOfficeId,
        therapistId: therapistIds[0],
        treatDate: day,
        seq: 91,
        status: 1,
      })
      .returning();
    const off = await api('/sys/shift/save', admin, {
      weekStart: week,
      list: [{ therapistId: therapistIds[0], date: day, shift: 'off' }],
    });
    expect(off.status).toBe(200);
    const rec = await api('/schedulingManagement/getTodayAllSchedulingRecommend', admin, { date: day });
    expect(rec.status).toBe(200);
    expect(rec.body.data.list.some((p: { therapistId: number }) => p.therapistId === therapistIds[0])).toBe(false);
    const board = await api('/schedulingManagement/getTodayAllScheduling', admin, { date: day });
    expect(
      board.body.data.therapists.find((t: { therapistId: number }) => t.therapistId === therapistIds[0]),
    ).toMatchObject({ onLeave: true });
    const [slot] = await s.app.db
      .select()
      .from(timeSlots)
      .where(eq(timeSlots.organizationId, admin.organizationId))
      .orderBy(asc(timeSlots.startTime));
    const booked = await api(
      '/schedulingManagement/saveScheduling',
      admin,
      { list: [{ workOrderId: order!.id, slotId: slot!.id, therapistId: therapistIds[0] }] },
      'en',
    );
    expect(booked.status).toBe(409);
    expect(
      Number((await s.app.db.select({ n: count() }).from(schedules).where(eq(schedules.workOrderId, order!.id)))[0]!.n),
    ).toBe(0);
  });
});

describe('half-day shifts limit the slots', () => {
  it('the recommendation keeps a morning therapist in morning slots; an afternoon booking is refused naming the shift', async () => {
    const week = nextWeek();
    const day = weekDays(week)[4]!;
    const [project] = await s.app.db
      .select()
      .from(treatmentProjects)
      .where(eq(treatmentProjects.organizationId, admin.organizationId))
      .orderBy(asc(treatmentProjects.id));
    const orders = [];
    for (const seq of [71, 72, 73]) {
      const [o] = await s.app.db
        .insert(workOrders)
        .values({
          organizationId: admin.organizationId,
          patientId: project!.patientId,
          treatmentId: project!.treatmentId,
          projectId: project!.id,
          execOfficeId: project!.execOfficeId,
          therapistId: therapistIds[1],
          treatDate: day,
          seq,
          status: 1,
        })
        .returning();
      orders.push(o!);
    }
    const slots = await s.app.db
      .select()
      .from(timeSlots)
      .where(eq(timeSlots.organizationId, admin.organizationId))
      .orderBy(asc(timeSlots.startTime));
    const morning = slots.filter((x) => x.startTime < '12:00');
    const afternoon = slots.filter((x) => x.startTime >= '12:00');
    expect(morning.length).toBeGreaterThan(0);
    expect(afternoon.length).toBeGreaterThan(0);
    const saved = await api('/sys/shift/save', admin, {
      weekStart: week,
      list: [{ therapistId: therapistIds[1], date: day, shift: 'afternoon' }],
    });
    expect(saved.status).toBe(200);
    const rec = await api('/schedulingManagement/getTodayAllSchedulingRecommend', admin, { date: day });
    const mine = rec.body.data.list.filter((p: { therapistId: number }) => p.therapistId === therapistIds[1]);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((p: { startTime: string }) => p.startTime >= '12:00')).toBe(true);
    await api('/sys/shift/save', admin, {
      weekStart: week,
      list: [{ therapistId: therapistIds[1], date: day, shift: 'morning' }],
    });
    const rec2 = await api('/schedulingManagement/getTodayAllSchedulingRecommend', admin, { date: day });
    const mine2 = rec2.body.data.list.filter((p: { therapistId: number }) => p.therapistId === therapistIds[1]);
    expect(mine2.length).toBeGreaterThan(0);
    expect(mine2.every((p: { startTime: string }) => p.startTime < '12:00')).toBe(true);
    const refused = await api(
      '/schedulingManagement/saveScheduling',
      admin,
      { list: [{ workOrderId: orders[0]!.id, slotId: afternoon[0]!.id, therapistId: therapistIds[1] }] },
      'en',
    );
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toContain('works only the morning shift');
    expect(refused.body.msg).toContain(afternoon[0]!.startTime);
    const refusedZh = await api('/schedulingManagement/saveScheduling', admin, {
      list: [{ workOrderId: orders[0]!.id, slotId: afternoon[0]!.id, therapistId: therapistIds[1] }],
    });
    expect(refusedZh.body.msg).toContain('只上上午班');
    expect(
      Number(
        (await s.app.db.select({ n: count() }).from(schedules).where(eq(schedules.workOrderId, orders[0]!.id)))[0]!.n,
      ),
    ).toBe(0);
    const ok = await api('/schedulingManagement/saveScheduling', admin, {
      list: [{ workOrderId: orders[0]!.id, slotId: morning[0]!.id, therapistId: therapistIds[1] }],
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });
});

describe("the doctor's schedule", () => {
  it("lists the doctor's patients' orders of a day, booked and not, filtered by patient", async () => {
    const week = nextWeek();
    const day = weekDays(week)[3]!;
    const projects = await s.app.db
      .select()
      .from(treatmentProjects)
      .where(eq(treatmentProjects.organizationId, admin.organizationId))
      .orderBy(asc(treatmentProjects.id));
    const perPatient = [...new Map(projects.map((p) => [p.patientId, p])).values()].slice(0, 2);
    for (const p of perPatient) {
      await s.app.db.update(treatments).set({ doctorId }).where(eq(treatments.id, p.treatmentId));
    }
    const orders = [];
    for (const [i, p] of perPatient.entries()) {
      const [o] = await s.app.db
        .insert(workOrders)
        .values({
          organizationId: admin.organizationId,
          patientId: p.patientId,
          treatmentId: p.treatmentId,
          projectId: p.id,
          execOfficeId: p.execOfficeId,
          therapistId: therapistIds[0],
          treatDate: day,
          seq: 80 + i,
          status: 1,
        })
        .returning();
      orders.push(o!);
    }
    const [slot] = await s.app.db
      .select()
      .from(timeSlots)
      .where(eq(timeSlots.organizationId, admin.organizationId))
      .orderBy(asc(timeSlots.startTime));
    const book = await api('/schedulingManagement/saveScheduling', admin, {
      list: [{ workOrderId: orders[0]!.id, slotId: slot!.id, therapistId: therapistIds[1] }],
    });
    expect(book.status).toBe(200);
    const res = await api('/schedulingManagement/doctorSchedule', doctor, { date: day });
    expect(res.status).toBe(200);
    expect(res.body.data.scheduled).toEqual([
      expect.objectContaining({ workOrderId: orders[0]!.id, startTime: slot!.startTime, therapistId: therapistIds[1] }),
    ]);
    expect(res.body.data.unscheduled.map((o: { workOrderId: number }) => o.workOrderId)).toEqual([orders[1]!.id]);
    expect(res.body.data.patients.map((p: { patientId: number }) => p.patientId)).toEqual(
      expect.arrayContaining(perPatient.map((p) => p.patientId)),
    );
    const one = await api('/schedulingManagement/doctorSchedule', doctor, {
      date: day,
      patientId: perPatient[1]!.patientId,
    });
    expect(one.body.data.scheduled).toEqual([]);
    expect(one.body.data.unscheduled).toHaveLength(1);
    // not the doctor of these patients: nothing; another organization: nothing of this one
    const mine = await api('/schedulingManagement/doctorSchedule', admin, { date: day });
    expect(mine.status).toBe(200);
    expect(mine.body.data.scheduled).toEqual([]);
    const theirs = await api('/schedulingManagement/doctorSchedule', other, { date: day });
    expect([...theirs.body.data.scheduled, ...theirs.body.data.unscheduled]).toEqual([]);
    // refusals
    expect((await api('/schedulingManagement/doctorSchedule', doctor, { date: '2026-02-30' })).status).toBe(400);
    expect((await api('/schedulingManagement/doctorSchedule', therapist, { date: day })).status).toBe(403);
  });
});
