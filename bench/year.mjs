// A year of treatment for the statistics, performance and big-screen measures: work orders of every course
// registered in the last 365 days (seedPatients spreads registrations over three years, two projects a course),
// one a day from the day of registration for SESSIONS days (default 30: about 2,000,000 orders on 100,000 patients).
// Past days are completed (88 %, signed 70 % of them), expired (8 %) or invalidated (4 %); today's orders are a third
// completed, a third checked in and waiting, a third to do; later ones to do.
import { autocannonRun, median, signIn } from './lib.mjs';

/** Seeds the orders (in SQL, set-based) and answers how many there are. */
export async function seedWorkOrderYear(db, organizationId, { sessions = 30, timeZone = 'Asia/Shanghai' } = {}) {
  const o = organizationId;
  const today = `(now() at time zone '${timeZone}')::date`;
  await db.query(`
    INSERT INTO wo_work_order (organization_id, patient_id, treatment_id, project_id, exec_office_id, equipment_id,
      therapist_id, treat_date, seq, status, signed, executor_id, completed_at, checked_in_at, invalid_reason)
    SELECT ${o}, p.patient_id, p.treatment_id, p.id, p.exec_office_id, p.equipment_id, p.therapist_id, d, 1, st,
      st = 3 AND h % 10 < 7, CASE WHEN st = 3 THEN p.therapist_id END,
      CASE WHEN st = 3 THEN (d + time '08:00' + (h % 600) * interval '1 minute') at time zone '${timeZone}' END,
      CASE WHEN st = 3 OR (d = ${today} AND h % 3 = 1)
        THEN (d + time '07:30' + (h % 540) * interval '1 minute') at time zone '${timeZone}' END,
      CASE WHEN st = 2 THEN '患者请假' END
    FROM pat_treatment_project p
      JOIN pat_treatment t ON t.id = p.treatment_id
      CROSS JOIN generate_series(0, ${sessions - 1}) k,
      LATERAL (SELECT (t.register_time at time zone '${timeZone}')::date + k AS d, (p.id * 31 + k * 17) % 100 AS h) a,
      LATERAL (SELECT CASE
        WHEN d < ${today} THEN CASE WHEN h < 88 THEN 3 WHEN h < 96 THEN 4 ELSE 2 END
        WHEN d = ${today} THEN CASE WHEN h % 3 = 0 THEN 3 ELSE 1 END
        ELSE 1 END AS st) s
    WHERE p.organization_id = ${o} AND t.register_time > now() - interval '365 days'
      AND (t.register_time at time zone '${timeZone}')::date + k <= ${today} + 7
    ON CONFLICT DO NOTHING`);
  await db.query('VACUUM ANALYZE wo_work_order');
  const { rows } = await db.query(`SELECT count(*)::int AS n FROM wo_work_order WHERE organization_id = ${o}`);
  return rows[0].n;
}

/**
 * The big screen on a year of data: a screen link made by the administrator, then REFRESHES full refreshes of
 * the TV (its four calls at once, as the stage asks on start) one after another, and each call alone; latencies in
 * ms (p50, p95, max). The screen's calls keep no cached answers: every one is measured uncached.
 */
export async function benchScreen(url, { refreshes = 40 } = {}) {
  const admin = await signIn(url, '13800000019');
  const link = await admin.call('POST', '/sys/screen/link/create', { name: 'bench TV' });
  const headers = { 'screen-token': link.data.token };
  const widgets = ['today', 'staff', 'queue', 'quality'];
  const one = async (w) => {
    const t0 = performance.now();
    const res = await fetch(`${url}/api/sys/screen/${w}`, { headers });
    const body = await res.json();
    if (body.code !== 0) throw new Error(`${w}: ${body.code} ${body.msg}`);
    return performance.now() - t0;
  };
  for (const w of widgets) await one(w); // warm the connection pool and the plans
  const perCall = Object.fromEntries(widgets.map((w) => [w, []]));
  const refresh = [];
  for (let i = 0; i < refreshes; i++) {
    const t0 = performance.now();
    const times = await Promise.all(widgets.map(one));
    refresh.push(performance.now() - t0);
    widgets.forEach((w, k) => perCall[w].push(times[k]));
  }
  const stats = (v) => {
    const s = [...v].sort((a, b) => a - b);
    const r = (x) => Math.round(x * 10) / 10;
    return { p50: r(median(s)), p95: r(s[Math.min(s.length - 1, Math.ceil(s.length * 0.95) - 1)]), max: r(s.at(-1)) };
  };
  const load = await autocannonRun({ url: `${url}/api/sys/screen/queue`, headers, connections: 8, duration: 5 });
  return {
    refresh: stats(refresh),
    calls: Object.fromEntries(widgets.map((w) => [w, stats(perCall[w])])),
    queueUnderLoad: load,
  };
}

/** The docs/benchmarks.md section of the big screen. */
export function renderScreen(result) {
  const { screen, orders, goals } = result;
  const row = (name, s) => `| ${name} | ${s.p50} | ${s.p95} | ${s.max} |`;
  return [
    `## Big screen (a year: ${orders.toLocaleString('en-US')} work orders)`,
    '',
    `Goal: a full refresh (the four calls at once) under ${goals.screenRefreshMs} ms at p95, uncached (the screen's`,
    `calls keep no cached answers). PostgreSQL, one TV refreshing ${screen.refreshCount} times in a row.`,
    '',
    '| Call | p50 ms | p95 ms | max ms |',
    '|---|---|---|---|',
    row('**full refresh** (four at once)', screen.refresh),
    ...Object.entries(screen.calls).map(([w, s]) => row(`GET /sys/screen/${w}`, s)),
    '',
    `The queue under load (8 connections, 5 s): ${screen.queueUnderLoad.reqPerSec} req/s, p50`,
    `${screen.queueUnderLoad.p50ms} ms, p99 ${screen.queueUnderLoad.p99ms} ms. Goal met: ${screen.refresh.p95 < goals.screenRefreshMs ? 'yes' : 'NO'}.`,
    '',
  ];
}
