import { and, asc, desc, eq, gte, inArray } from 'drizzle-orm';
import { maskName } from '@rehab/shared';
import type { AppContext } from '../../context';
import { clinicToday, clockNow } from '../../kernel/clock';
import { patientNames } from '../patients';
import { deviceEvents, deviceLatest, deviceSamples, deviceSessions, devices } from './devices.tables';
import { deviceOf, equipmentNames, toRow } from './devices.registry';
import { offlineAfterOf, settingsOf } from './devices.settings';
import { sessionRows } from './devices.sessions';

const DAY_MS = 86_400_000;
/** the score trend the HUD draws: the last samples of the metric `score` */
const HUD_SCORES = 30;

/** Every device of the organization with its state, last activity, today's sessions and alerts. */
export async function monitor(app: AppContext, organizationId: number) {
  const now = clockNow();
  const today = clinicToday(now);
  const since = new Date(now.getTime() - 2 * DAY_MS);
  const rows = await app.db
    .select()
    .from(devices)
    .where(eq(devices.organizationId, organizationId))
    .orderBy(asc(devices.code))
    .limit(1000);
  const settings = await settingsOf(app.db, organizationId);
  const names = await equipmentNames(
    app.db,
    rows.map((r) => r.equipmentId),
  );
  const sessions = await app.db
    .select({ deviceId: deviceSessions.deviceId, status: deviceSessions.status, at: deviceSessions.startedAt })
    .from(deviceSessions)
    .where(and(eq(deviceSessions.organizationId, organizationId), gte(deviceSessions.startedAt, since)));
  const events = await app.db
    .select({ deviceId: deviceEvents.deviceId, kind: deviceEvents.kind, at: deviceEvents.at })
    .from(deviceEvents)
    .where(and(eq(deviceEvents.organizationId, organizationId), gte(deviceEvents.at, since)));
  const todays = sessions.filter((s) => clinicToday(s.at) === today);
  const offlineToday = events.filter((e) => e.kind === 'offline' && clinicToday(e.at) === today);
  return {
    date: today,
    refreshedAt: now.toISOString(),
    devices: rows.map((d) => {
      const row = toRow(d, settings, names, now.getTime());
      const mine = todays.filter((s) => s.deviceId === d.id);
      return {
        id: d.id,
        code: d.code,
        equipmentName: row.equipmentName,
        type: row.type,
        location: d.location,
        state: row.state,
        lastActivityAt: row.lastActivityAt,
        todaySessions: mine.length,
        running: sessions.some((s) => s.deviceId === d.id && s.status === 1),
        alerts: offlineToday.filter((e) => e.deviceId === d.id).length + mine.filter((s) => s.status === 3).length,
        offlineAfterSeconds: offlineAfterOf(settings, d.type),
        detectionDelaySeconds: row.detectionDelaySeconds,
      };
    }),
  };
}

/** One device: its registry row and state, latest values, recent sessions and online transitions. */
export async function deviceInfo(app: AppContext, organizationId: number, id: number) {
  const d = await deviceOf(app.db, organizationId, id);
  const settings = await settingsOf(app.db, organizationId);
  const names = await equipmentNames(app.db, [d.equipmentId]);
  const latest = await app.db
    .select()
    .from(deviceLatest)
    .where(eq(deviceLatest.deviceId, id))
    .orderBy(asc(deviceLatest.metric));
  const events = await app.db
    .select({ kind: deviceEvents.kind, at: deviceEvents.at })
    .from(deviceEvents)
    .where(eq(deviceEvents.deviceId, id))
    .orderBy(desc(deviceEvents.at))
    .limit(20);
  return {
    device: toRow(d, settings, names, clockNow().getTime()),
    latest: latest.map((l) => ({ metric: l.metric, value: l.value, ts: l.ts.toISOString() })),
    sessions: await sessionRows(app.db, organizationId, { deviceId: id }, { limit: 20, offset: 0 }),
    events: events.map((e) => ({ kind: e.kind as 'online' | 'offline', at: e.at.toISOString() })),
  };
}

/** The HUD of one device: its state and the running session (patient by masked name, repetitions, score trend). */
export async function hud(app: AppContext, organizationId: number, id: number) {
  const d = await deviceOf(app.db, organizationId, id);
  const settings = await settingsOf(app.db, organizationId);
  const names = await equipmentNames(app.db, [d.equipmentId]);
  const now = clockNow();
  const row = toRow(d, settings, names, now.getTime());
  const [s] = await app.db
    .select()
    .from(deviceSessions)
    .where(and(eq(deviceSessions.deviceId, id), eq(deviceSessions.status, 1)))
    .orderBy(desc(deviceSessions.startedAt))
    .limit(1);
  let session = null;
  if (s) {
    const patient = s.patientId ? (await patientNames(app.db, organizationId, [s.patientId])).get(s.patientId) : null;
    const samples = await app.db
      .select({ ts: deviceSamples.ts, value: deviceSamples.value, metric: deviceSamples.metric })
      .from(deviceSamples)
      .where(and(eq(deviceSamples.sessionId, s.id), inArray(deviceSamples.metric, ['score', 'repetitions'])))
      .orderBy(desc(deviceSamples.ts))
      .limit(HUD_SCORES * 2);
    const scores = samples
      .filter((x) => x.metric === 'score')
      .slice(0, HUD_SCORES)
      .reverse();
    const reps = samples.find((x) => x.metric === 'repetitions');
    session = {
      id: s.id,
      patientMasked: patient ? maskName(patient) : null,
      game: s.game,
      level: s.level,
      startedAt: s.startedAt.toISOString(),
      repetitions: reps ? reps.value : null,
      scores: scores.map((x) => ({ ts: x.ts.toISOString(), value: x.value })),
    };
  }
  return {
    deviceId: d.id,
    code: d.code,
    equipmentName: row.equipmentName,
    state: row.state,
    lastActivityAt: row.lastActivityAt,
    offlineAfterSeconds: offlineAfterOf(settings, d.type),
    serverTime: now.toISOString(),
    session,
  };
}
