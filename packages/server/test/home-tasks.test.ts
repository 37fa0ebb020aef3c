// Home-training tasks (issue 20): assign an exercise or a published item, the list's filters and completion rate,
// the patient's reports through the public API with the task's link (only that task; a wrong or renewed link is
// refused), complete and stop with a reason, another organization's ids, permissions, bad input writes nothing,
// reads in the access log; editing an active task (frequency, last day, instructions) with its history, the link
// kept, refused on a closed task, a bad last day, another organization's task or without the permission.
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeTaskChanges, homeTaskReports, homeTasks } from '../src/modules/home-tasks/home-tasks.tables';
import { accessLogs, operationLogs } from '../src/modules/logs/logs.tables';
import { patients } from '../src/modules/patients/patients.tables';
import { DEMO, startTestServer, type TestServer } from './harness';

type Who = { token: string; organizationId: number };
let s: TestServer;
let therapist: Who; // the hospital's therapist: assigns
let author: Who; // the hospital's doctor, writes content
let reviewer: Who; // the hospital's administrator, publishes content
let outsider: Who; // the community centre's therapist (another organization)
let cashier: Who; // no task permission
let patientId: number;
let otherPatientId: number;
const DAY = 86_400_000;

const api = (who: Who, method: 'GET' | 'POST', url: string, body?: unknown, lang?: string) =>
  s.api(method, `/api${url}`, { token: who.token, body, lang });
const pub = (method: 'GET' | 'POST', url: string, body?: unknown, lang?: string) =>
  s.api(method, `/api/sys/applet/task${url}`, { body, lang });
const day = (n: number) => s.app.calendar.dayOf(new Date(s.clock.now().getTime() + n * DAY));
const taskRows = async () => Number((await s.app.db.select({ n: count() }).from(homeTasks))[0]!.n);
const reportRows = async () => Number((await s.app.db.select({ n: count() }).from(homeTaskReports))[0]!.n);
const changeRows = async () => Number((await s.app.db.select({ n: count() }).from(homeTaskChanges))[0]!.n);
const taskRow = async (id: number) => (await s.app.db.select().from(homeTasks).where(eq(homeTasks.id, id)))[0]!;

const exercise = (over: Record<string, unknown> = {}) => ({
  patientId,
  kind: 'exercise',
  title: '桥式运动',
  instructions: '每组 10 次',
  timesPerUnit: 2,
  frequencyUnit: 'day',
  startOn: day(-2),
  endOn: day(10),
  ...over,
});

async function accessRow(where: (r: typeof accessLogs.$inferSelect) => boolean) {
  for (let i = 0; i < 100; i++) {
    const found = (await s.app.db.select().from(accessLogs)).find(where);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('access log row did not appear');
}

async function assign(over: Record<string, unknown> = {}) {
  const res = await api(therapist, 'POST', '/sys/task/save', exercise(over));
  expect(res.body.code, JSON.stringify(res.body)).toBe(0);
  return res.body.data as { id: number; token: string };
}

beforeAll(async () => {
  s = await startTestServer();
  therapist = await s.loginInto(DEMO.therapist);
  author = await s.loginInto(DEMO.doctor);
  reviewer = await s.loginInto(DEMO.orgAdmin);
  outsider = await s.loginInto(DEMO.therapist2);
  cashier = await s.loginInto(DEMO.cashier);
  expect(therapist.organizationId).toBe(author.organizationId);
  expect(outsider.organizationId).not.toBe(therapist.organizationId);
  const [p, q] = await s.app.db
    .select({ id: patients.id })
    .from(patients)
    .where(eq(patients.organizationId, therapist.organizationId))
    .limit(2);
  patientId = p!.id;
  otherPatientId = q!.id;
}, 120_000);
afterAll(() => s?.close());

describe('home-training tasks', () => {
  it('assigns an exercise, lists it with its completion rate and the reports the patient makes', async () => {
    const { id, token } = await assign();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // the link is kept as a hash only
    const [row] = await s.app.db.select().from(homeTasks).where(eq(homeTasks.id, id));
    expect(row!.tokenHash).not.toContain(token);

    const seen = await pub('GET', `/${token}`, undefined, 'en');
    expect(seen.body.code, JSON.stringify(seen.body)).toBe(0);
    expect(seen.body.data).toMatchObject({ kind: 'exercise', title: '桥式运动', state: 'active', doneTimes: 0 });
    expect(seen.body.data.expectedTimes).toBe(6); // three days so far, twice a day

    expect((await pub('POST', `/${token}/report`, { times: 2, note: '有点累' })).body.code).toBe(0);
    expect((await pub('POST', `/${token}/report`, { doneOn: day(-1) })).body.code).toBe(0);

    const detail = await api(therapist, 'GET', `/sys/task/info/${id}`);
    expect(detail.body.code).toBe(0);
    expect(detail.body.data).toMatchObject({ doneTimes: 3, expectedTimes: 6, rate: 50, lastDoneOn: day(0) });
    expect(detail.body.data.reports.map((r: { doneOn: string; times: number }) => [r.doneOn, r.times])).toEqual([
      [day(0), 2],
      [day(-1), 1],
    ]);
    expect(detail.body.data.reports[0].note).toBe('有点累');
    await accessRow((r) => r.patientId === patientId && r.subject === 'home task');

    const page = await api(therapist, 'POST', '/sys/task/page', { patientId });
    expect(page.body.code).toBe(0);
    expect(page.body.data.list.find((r: { id: number }) => r.id === id)).toMatchObject({ rate: 50, state: 'active' });
  });

  it('filters by patient, therapist, state and period; overdue is derived from the period end', async () => {
    const past = await assign({ patientId: otherPatientId, startOn: day(-20), endOn: day(-5), title: '踝泵运动' });
    const future = await assign({ patientId: otherPatientId, startOn: day(30), endOn: day(40), frequencyUnit: 'week' });
    const page = async (body: Record<string, unknown>) => {
      const res = await api(therapist, 'POST', '/sys/task/page', { limit: 100, ...body });
      expect(res.body.code, JSON.stringify(res.body)).toBe(0);
      return (res.body.data.list as { id: number }[]).map((r) => r.id);
    };
    const overdue = await page({ state: 'overdue' });
    expect(overdue).toContain(past.id);
    expect(overdue).not.toContain(future.id);
    expect(await page({ state: 'active' })).toContain(future.id);
    expect(await page({ state: 'active' })).not.toContain(past.id);
    const mine = await page({ patientId: otherPatientId });
    expect(mine).toEqual(expect.arrayContaining([past.id, future.id]));
    const inPeriod = await page({ patientId: otherPatientId, from: day(25), to: day(35) });
    expect(inPeriod).toEqual([future.id]);
    const therapists = await api(therapist, 'GET', '/sys/task/therapists');
    const me = (therapists.body.data as { id: number; name: string }[]).find((t) => t.name === '李治疗师');
    expect(me).toBeTruthy();
    expect(await page({ therapistId: me!.id, patientId: otherPatientId })).toEqual(
      expect.arrayContaining([past.id, future.id]),
    );
    expect(await page({ therapistId: 999999 })).toEqual([]);
    // the future task has nothing due yet; the overdue one shows its state
    const [f] = (await api(therapist, 'POST', '/sys/task/page', { patientId: otherPatientId, from: day(25) })).body.data
      .list;
    expect(f).toMatchObject({ expectedTimes: 0, rate: null, state: 'active' });
    const p = (await api(therapist, 'GET', `/sys/task/info/${past.id}`)).body.data;
    expect(p).toMatchObject({ state: 'overdue', expectedTimes: 32 });
    // outside the period, in the future and after the end: refused, nothing written
    const before = await reportRows();
    const late = await pub('POST', `/${past.token}/report`, {});
    expect(late.status).toBe(400);
    expect(late.body.msg).toBe('完成日期须在任务周期内');
    const ahead = await pub('POST', `/${future.token}/report`, { doneOn: day(1) }, 'en');
    expect(ahead.body.msg).toBe('The day done cannot be in the future');
    expect(await reportRows()).toBe(before);
  });

  it('gives a published education item, in the reader language, and its published version to the patient', async () => {
    const saved = await api(author, 'POST', '/sys/content/save', {
      kind: 'education',
      titleZh: '居家防跌倒',
      titleEn: 'Preventing falls at home',
      summaryZh: '要点',
      bodyZh: '<p>移走地毯</p>',
    });
    const contentId = saved.body.data.id as number;
    const options = await api(therapist, 'GET', '/sys/task/contents');
    expect(options.body.data.some((o: { id: number }) => o.id === contentId)).toBe(false); // not yet published
    const refused = await api(therapist, 'POST', '/sys/task/save', exercise({ kind: 'education', contentId }));
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('该宣教或知识内容未在本机构发布');
    expect((await api(author, 'POST', '/sys/content/submit', { id: contentId })).body.code).toBe(0);
    expect((await api(reviewer, 'POST', '/sys/content/approve', { id: contentId })).body.code).toBe(0);
    const listed = await api(therapist, 'GET', '/sys/task/contents', undefined, 'en');
    expect(listed.body.data).toContainEqual({ id: contentId, kind: 'education', title: 'Preventing falls at home' });

    const { id, token } = await assign({ kind: 'education', contentId, title: '' });
    const en = await api(therapist, 'GET', `/sys/task/info/${id}`, undefined, 'en');
    expect(en.body.data).toMatchObject({ kind: 'education', title: 'Preventing falls at home', contentId });
    const seen = await pub('GET', `/${token}?lang=zh-CN`);
    expect(seen.body.data.title).toBe('居家防跌倒');
    expect(seen.body.data.content).toMatchObject({ id: contentId, title: '居家防跌倒', body: '<p>移走地毯</p>' });
    // another organization cannot give it
    const foreign = await api(outsider, 'GET', '/sys/task/contents');
    expect(foreign.body.data.some((o: { id: number }) => o.id === contentId)).toBe(false);
  });

  it('a link opens its own task only; a wrong or renewed link is refused', async () => {
    const a = await assign();
    const b = await assign({ patientId: otherPatientId, title: '坐站训练' });
    expect((await pub('GET', `/${b.token}`)).body.data.title).toBe('坐站训练');
    const before = await reportRows();
    const wrong = await pub('POST', `/${'x'.repeat(43)}/report`, {});
    expect(wrong.status).toBe(404);
    expect(wrong.body.msg).toBe('任务链接无效，请向治疗师索取新链接');
    expect((await pub('GET', '/short')).status).toBe(400);
    const renewed = await api(therapist, 'POST', '/sys/task/renewLink', { id: a.id });
    expect(renewed.body.code).toBe(0);
    expect((await pub('POST', `/${a.token}/report`, {})).status).toBe(404);
    expect(await reportRows()).toBe(before);
    expect((await pub('POST', `/${renewed.body.data.token}/report`, {})).body.code).toBe(0);
    expect(((await api(therapist, 'GET', `/sys/task/info/${a.id}`)).body.data.reports as unknown[]).length).toBe(1);
    expect(((await api(therapist, 'GET', `/sys/task/info/${b.id}`)).body.data.reports as unknown[]).length).toBe(0);
  });

  it('stops with a reason and completes; a closed task takes no more reports', async () => {
    const a = await assign();
    const noReason = await api(therapist, 'POST', '/sys/task/stop', { id: a.id, reason: ' ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.msg).toContain('请填写终止原因');
    expect((await api(therapist, 'GET', `/sys/task/info/${a.id}`)).body.data.status).toBe('active');
    const stopped = await api(therapist, 'POST', '/sys/task/stop', { id: a.id, reason: '关节肿胀' });
    expect(stopped.body.code).toBe(0);
    const d = (await api(therapist, 'GET', `/sys/task/info/${a.id}`)).body.data;
    expect(d).toMatchObject({ status: 'stopped', state: 'stopped', stopReason: '关节肿胀' });
    expect(Date.parse(d.closedAt)).toBeLessThanOrEqual(s.clock.now().getTime());
    expect((await api(therapist, 'POST', '/sys/task/complete', { id: a.id })).status).toBe(409);
    const closed = await pub('POST', `/${a.token}/report`, {}, 'en');
    expect(closed.status).toBe(409);
    expect(closed.body.msg).toBe('This task has already been completed or stopped');

    const b = await assign();
    expect((await api(therapist, 'POST', '/sys/task/complete', { id: b.id })).body.code).toBe(0);
    expect(
      (await api(therapist, 'POST', '/sys/task/page', { state: 'completed', limit: 100 })).body.data.list,
    ).toContainEqual(expect.objectContaining({ id: b.id, state: 'completed' }));
  });

  it("another organization's task and patient are not found; a role without the permission is refused", async () => {
    const a = await assign();
    const info = await api(outsider, 'GET', `/sys/task/info/${a.id}`);
    expect(info.status).toBe(404);
    expect(info.body.msg).toBe('该任务不存在或不属于本机构');
    expect((await api(outsider, 'POST', '/sys/task/stop', { id: a.id, reason: 'x' })).status).toBe(404);
    expect((await api(outsider, 'POST', '/sys/task/renewLink', { id: a.id })).status).toBe(404);
    expect((await api(outsider, 'POST', '/sys/task/page', { limit: 100 })).body.data.list).not.toContainEqual(
      expect.objectContaining({ id: a.id }),
    );
    const before = await taskRows();
    expect((await api(outsider, 'POST', '/sys/task/save', exercise())).status).toBe(404);
    expect((await api(cashier, 'POST', '/sys/task/page', {})).status).toBe(403);
    expect((await api(cashier, 'POST', '/sys/task/save', exercise())).status).toBe(403);
    expect((await api(cashier, 'GET', `/sys/task/info/${a.id}`)).status).toBe(403);
    expect(await taskRows()).toBe(before);
  });

  it('bad input answers 400 with the field and its message, and writes nothing', async () => {
    const before = await taskRows();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ endOn: day(-5) }, 'endOn', '结束日期不能早于开始日期'],
      [{ title: '' }, 'title', '请填写训练项目'],
      [{ kind: 'education', contentId: null }, 'contentId', '请选择宣教或知识内容'],
      [{ timesPerUnit: 0 }, 'timesPerUnit', '次数须为 1 到 20'],
      [{ startOn: '2026-02-30' }, 'startOn', ''],
      [{ frequencyUnit: 'month' }, 'frequencyUnit', ''],
      [{ endOn: day(400) }, 'endOn', '任务周期最长一年'],
    ];
    for (const [over, field, msg] of cases) {
      const res = await api(therapist, 'POST', '/sys/task/save', exercise(over));
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(JSON.stringify(res.body), JSON.stringify(over)).toContain(field);
      if (msg) expect(res.body.msg).toContain(msg);
    }
    expect(await taskRows()).toBe(before);
    const a = await assign();
    const r = await reportRows();
    expect((await pub('POST', `/${a.token}/report`, { times: 21 })).status).toBe(400);
    expect((await pub('POST', `/${a.token}/report`, { note: 'x'.repeat(201) })).status).toBe(400);
    expect(await reportRows()).toBe(r);
  });

  it('edits an active task: frequency, last day and instructions, each edit in its history; the link stays', async () => {
    const a = await assign();
    const before = await taskRow(a.id);
    const edit = { id: a.id, timesPerUnit: 3, frequencyUnit: 'week', endOn: day(20), instructions: '每组 15 次' };
    const res = await api(therapist, 'POST', '/sys/task/update', edit);
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    const d = (await api(therapist, 'GET', `/sys/task/info/${a.id}`)).body.data;
    expect(d).toMatchObject({
      timesPerUnit: 3,
      frequencyUnit: 'week',
      startOn: day(-2),
      endOn: day(20),
      instructions: '每组 15 次',
      status: 'active',
      title: '桥式运动',
    });
    expect(d.changes).toHaveLength(1);
    expect(d.changes[0].changedByName).toBe('李治疗师');
    expect(Date.parse(d.changes[0].changedAt)).toBeLessThanOrEqual(s.clock.now().getTime());
    expect(d.changes[0].changes).toEqual([
      {
        field: 'frequency',
        before: { timesPerUnit: 2, frequencyUnit: 'day' },
        after: { timesPerUnit: 3, frequencyUnit: 'week' },
      },
      { field: 'endOn', before: day(10), after: day(20) },
      { field: 'instructions', before: '每组 10 次', after: '每组 15 次' },
    ]);
    // the patient's link is the same and opens the edited task
    expect((await taskRow(a.id)).tokenHash).toBe(before.tokenHash);
    const seen = await pub('GET', `/${a.token}`);
    expect(seen.body.data).toMatchObject({ timesPerUnit: 3, frequencyUnit: 'week', endOn: day(20) });
    expect((await pub('POST', `/${a.token}/report`, {})).body.code).toBe(0);

    // a second edit, of the instructions only: one more row, the newest first
    s.clock.advance(60_000);
    expect((await api(therapist, 'POST', '/sys/task/update', { ...edit, instructions: '' })).body.code).toBe(0);
    const d2 = (await api(therapist, 'GET', `/sys/task/info/${a.id}`, undefined, 'en')).body.data;
    expect(d2.changes.map((c: { changes: { field: string }[] }) => c.changes.map((f) => f.field))).toEqual([
      ['instructions'],
      ['frequency', 'endOn', 'instructions'],
    ]);
    expect(d2.changes[0].changes[0]).toEqual({ field: 'instructions', before: '每组 15 次', after: '' });
    // the same values again change nothing: refused, nothing written
    const rows = await changeRows();
    const same = await api(therapist, 'POST', '/sys/task/update', { ...edit, instructions: '' }, 'en');
    expect(same.status).toBe(400);
    expect(same.body.msg).toBe('Nothing was changed');
    expect(await changeRows()).toBe(rows);
    // the edits are in the operation log, under the task's write permission
    await expect
      .poll(async () => {
        const logged = await s.app.db.select().from(operationLogs).where(eq(operationLogs.url, '/sys/task/update'));
        return logged.filter((l) => l.status === 200 && l.operation === 'sys:task:save').length;
      })
      .toBeGreaterThanOrEqual(2);
  });

  it('refuses to edit a stopped or completed task and a bad last day or input, writing nothing', async () => {
    const stopped = await assign();
    expect((await api(therapist, 'POST', '/sys/task/stop', { id: stopped.id, reason: '疼痛' })).body.code).toBe(0);
    const completed = await assign();
    expect((await api(therapist, 'POST', '/sys/task/complete', { id: completed.id })).body.code).toBe(0);
    const a = await assign();
    const rows = await changeRows();
    const edit = (id: number, over: Record<string, unknown> = {}) => ({
      id,
      timesPerUnit: 1,
      frequencyUnit: 'day',
      endOn: day(12),
      instructions: '',
      ...over,
    });
    for (const id of [stopped.id, completed.id]) {
      const zh = await api(therapist, 'POST', '/sys/task/update', edit(id));
      expect(zh.status).toBe(409);
      expect(zh.body.code).not.toBe(0);
      expect(zh.body.msg).toBe('该任务已完成或已终止');
      const en = await api(therapist, 'POST', '/sys/task/update', edit(id), 'en');
      expect(en.body.msg).toBe('This task has already been completed or stopped');
    }
    const cases: [Record<string, unknown>, string, string][] = [
      [{ endOn: day(-3) }, 'endOn', '结束日期不能早于开始日期'],
      [{ endOn: day(-1) }, 'endOn', '修改后的结束日期不能早于今天'],
      [{ endOn: day(400) }, 'endOn', '任务周期最长一年'],
      [{ endOn: '2026-02-30' }, 'endOn', ''],
      [{ timesPerUnit: 0 }, 'timesPerUnit', '次数须为 1 到 20'],
      [{ timesPerUnit: 1.5 }, 'timesPerUnit', ''],
      [{ frequencyUnit: 'month' }, 'frequencyUnit', ''],
      [{ instructions: 'x'.repeat(501) }, 'instructions', ''],
      [{ startOn: day(-1) }, 'startOn', ''],
    ];
    for (const [over, field, msg] of cases) {
      const res = await api(therapist, 'POST', '/sys/task/update', edit(a.id, over));
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body.code).not.toBe(0);
      expect(JSON.stringify(res.body), JSON.stringify(over)).toContain(field);
      if (msg) expect(res.body.msg, JSON.stringify(over)).toContain(msg);
    }
    const en = await api(therapist, 'POST', '/sys/task/update', edit(a.id, { endOn: day(-1) }), 'en');
    expect(en.body.msg).toBe('The new last day cannot be before today');
    expect(await taskRow(a.id)).toMatchObject({ timesPerUnit: 2, frequencyUnit: 'day', endOn: day(10) });
    expect(await changeRows()).toBe(rows);

    // an overdue task keeps its past last day when only the instructions change; a new one starts from today
    const past = await assign({ startOn: day(-20), endOn: day(-5) });
    const late = edit(past.id, { timesPerUnit: 2, endOn: day(-5), instructions: '改为每组 5 次' });
    expect((await api(therapist, 'POST', '/sys/task/update', late)).body.code).toBe(0);
    expect((await api(therapist, 'POST', '/sys/task/update', { ...late, endOn: day(-4) })).status).toBe(400);
    expect((await api(therapist, 'POST', '/sys/task/update', { ...late, endOn: day(0) })).body.code).toBe(0);
    expect((await api(therapist, 'GET', `/sys/task/info/${past.id}`)).body.data).toMatchObject({
      state: 'active',
      endOn: day(0),
      instructions: '改为每组 5 次',
    });
  });

  it("another organization's task cannot be edited (404); a role without the permission is refused (403)", async () => {
    const a = await assign();
    const rows = await changeRows();
    const edit = { id: a.id, timesPerUnit: 5, frequencyUnit: 'day', endOn: day(10), instructions: '' };
    const foreign = await api(outsider, 'POST', '/sys/task/update', edit);
    expect(foreign.status).toBe(404);
    expect(foreign.body.msg).toBe('该任务不存在或不属于本机构');
    expect((await api(cashier, 'POST', '/sys/task/update', edit)).status).toBe(403);
    expect((await api(therapist, 'POST', '/sys/task/update', { ...edit, id: 999999 })).status).toBe(404);
    expect(await taskRow(a.id)).toMatchObject({ timesPerUnit: 2 });
    expect(await changeRows()).toBe(rows);
  });
});
