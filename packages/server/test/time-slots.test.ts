import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timePeriods, timeSlots } from '../src/db/schema';
import { DEMO, startTestServer, type TestServer } from './harness';

let s: TestServer;
let admin: { token: string; organizationId: number };
let adminOther: { token: string; organizationId: number };
let orgAdmin: string;
// one sign-in per account at a time: the organization administrator works in the first organization, the super
// administrator in the second
let doctor: string;

beforeAll(async () => {
  s = await startTestServer();
  admin = await s.loginInto(DEMO.orgAdmin);
  adminOther = await s.loginInto(DEMO.superAdmin, 1);
  orgAdmin = admin.token;
  doctor = (await s.loginInto(DEMO.doctor)).token;
});
afterAll(async () => {
  await s?.close();
});

const list = (token: string) => s.api('GET', '/api/sys/time/list', { token });
const save = (token: string, body: unknown, lang?: string) =>
  s.api('POST', '/api/sys/time/saveTimes', { token, body, lang });
const slotText = (l: { startTime: string; endTime: string }[]) => l.map((x) => `${x.startTime}-${x.endTime}`);

const MORNING = { startTime: '08:00', endTime: '11:30', sessionMinutes: 30, restMinutes: 10 };

describe('time slots of the day', () => {
  it('lists the demo periods and their slots', async () => {
    const res = await list(orgAdmin);
    expect(res.status).toBe(200);
    expect(res.body.data.periods).toEqual([
      MORNING,
      { startTime: '14:00', endTime: '17:00', sessionMinutes: 30, restMinutes: 10 },
    ]);
    expect(slotText(res.body.data.list)).toEqual([
      '08:00-08:30',
      '08:40-09:10',
      '09:20-09:50',
      '10:00-10:30',
      '10:40-11:10',
      '14:00-14:30',
      '14:40-15:10',
      '15:20-15:50',
      '16:00-16:30',
    ]);
  });

  it('saves new periods: unchanged slots keep their ids, the others are replaced', async () => {
    const before = (await list(orgAdmin)).body.data.list as { id: number; startTime: string }[];
    const res = await save(orgAdmin, {
      periods: [{ startTime: '13:30', endTime: '15:00', sessionMinutes: 45, restMinutes: 0 }, MORNING],
    });
    expect(res.status).toBe(200);
    expect(slotText(res.body.data.list)).toEqual([
      '08:00-08:30',
      '08:40-09:10',
      '09:20-09:50',
      '10:00-10:30',
      '10:40-11:10',
      '13:30-14:15',
      '14:15-15:00',
    ]);
    const after = res.body.data.list as { id: number; startTime: string; sort: number }[];
    expect(after.slice(0, 5).map((x) => x.id)).toEqual(before.slice(0, 5).map((x) => x.id));
    expect(after.map((x) => x.sort)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(res.body.data.periods.map((p: { startTime: string }) => p.startTime)).toEqual(['08:00', '13:30']);
  });

  it('keeps each organization’s slots apart', async () => {
    const other = await list(adminOther.token);
    expect(slotText(other.body.data.list)).toContain('16:00-16:30');
    await save(adminOther.token, { periods: [{ ...MORNING, endTime: '09:00' }] });
    expect(slotText((await list(adminOther.token)).body.data.list)).toEqual(['08:00-08:30']);
    const mine = await list(admin.token);
    expect(slotText(mine.body.data.list)).toContain('13:30-14:15');
  });

  it('refuses bad input with the field and a clear message, writing nothing', async () => {
    const rowsBefore = await s.app.db
      .select()
      .from(timeSlots)
      .where(eq(timeSlots.organizationId, admin.organizationId));
    const cases: [unknown, string, string][] = [
      [
        { periods: [{ ...MORNING, startTime: '8:00' }] },
        'periods.0.startTime',
        'Times are 24-hour HH:MM, such as 08:00',
      ],
      [
        { periods: [{ ...MORNING, sessionMinutes: 90 }] },
        'periods.0.sessionMinutes',
        'The session length is a whole number of minutes from 1 to 60',
      ],
      [
        { periods: [{ ...MORNING, sessionMinutes: 0 }] },
        'periods.0.sessionMinutes',
        'The session length is a whole number of minutes from 1 to 60',
      ],
      [
        { periods: [{ ...MORNING, restMinutes: 31 }] },
        'periods.0.restMinutes',
        'The rest time is a whole number of minutes from 0 to 30',
      ],
      [
        { periods: [{ ...MORNING, endTime: '07:00' }] },
        'periods.0.endTime',
        'The end time must be later than the start time',
      ],
      [
        { periods: [MORNING, { ...MORNING, startTime: '11:00', endTime: '12:00' }] },
        'periods.1.startTime',
        'This period overlaps the one before it: change its start time',
      ],
      [{ periods: [{ ...MORNING, endTime: undefined }] }, 'periods.0.endTime', 'End time cannot be empty'],
      [{}, 'periods', 'Treatment periods cannot be empty'],
    ];
    for (const [body, field, msg] of cases) {
      const res = await save(admin.token, body, 'en');
      expect(res.status, field).toBe(400);
      expect(res.body.field, field).toBe(field);
      expect(res.body.msg, field).toBe(msg);
    }
    const zh = await save(admin.token, { periods: [{ ...MORNING, restMinutes: 40 }] });
    expect(zh.body.msg).toBe('休息时长为 0-30 分钟的整数');
    const rowsAfter = await s.app.db.select().from(timeSlots).where(eq(timeSlots.organizationId, admin.organizationId));
    expect(rowsAfter).toEqual(rowsBefore);
  });

  it('refuses too many slots', async () => {
    const periods = Array.from({ length: 12 }, (_, i) => ({
      startTime: `${String(i * 2).padStart(2, '0')}:00`,
      endTime: `${String(i * 2 + 1).padStart(2, '0')}:59`,
      sessionMinutes: 1,
      restMinutes: 0,
    }));
    const res = await save(admin.token, { periods }, 'en');
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('Too many time slots (at most 200)');
  });

  it('saving no periods clears the day', async () => {
    const res = await save(adminOther.token, { periods: [] });
    expect(res.body.data).toEqual({ periods: [], list: [] });
    const rows = await s.app.db
      .select()
      .from(timePeriods)
      .where(eq(timePeriods.organizationId, adminOther.organizationId));
    expect(rows).toEqual([]);
  });

  it('needs the permissions', async () => {
    expect((await list(doctor)).status).toBe(403);
    expect((await save(doctor, { periods: [] })).status).toBe(403);
    expect((await s.api('GET', '/api/sys/time/list')).status).toBe(401);
  });
});
