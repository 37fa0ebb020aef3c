import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { defineJobBean } from '../../kernel/job';
import { runUnitOfWork } from '../../kernel/unit-of-work';
import { deviceEvents, deviceSamples, deviceSessions, devices } from './devices.tables';
import { settingsOf } from './devices.settings';
import { stateOf } from './devices.registry';

const DAY_MS = 86_400_000;
/** samples deleted per statement, so that a large backlog does not hold one long transaction */
const DELETE_CHUNK = 5000;

/**
 * Every minute: each enabled device that reports online is online while its last activity is within its type's
 * timeout. A change of verdict is stored with an event (the monitor's alerts) and rings the organization's doorbell.
 */
export const deviceOnlineCheckJob = defineJobBean({
  name: 'deviceOnlineCheck',
  label: { 'zh-CN': '设备在线检查', en: 'Device online check' },
  description: {
    'zh-CN': '按设备类型的超时判断设备在线或离线，记录上下线事件',
    en: 'Marks devices online or offline by their type’s inactivity timeout and records the transitions',
  },
  params: z.strictObject({}),
  defaultCron: '0 * * * * ?',
  run: async ({ app, now }) => {
    const rows = await app.db.select().from(devices);
    const byOrg = new Map<number, typeof rows>();
    for (const r of rows) byOrg.set(r.organizationId, [...(byOrg.get(r.organizationId) ?? []), r]);
    let wentOnline = 0;
    let wentOffline = 0;
    for (const [organizationId, list] of byOrg) {
      const settings = await settingsOf(app.db, organizationId);
      const changed = list.filter((d) => (stateOf(d, settings, now.getTime()) === 'online') !== d.online);
      if (!changed.length) continue;
      await runUnitOfWork(app, async ({ tx, afterCommit }) => {
        for (const d of changed) {
          const online = !d.online;
          // only the verdict the checker saw flips: a concurrent run finds it flipped already
          const flipped = await tx
            .update(devices)
            .set({ online })
            .where(and(eq(devices.id, d.id), eq(devices.online, d.online)))
            .returning({ id: devices.id });
          if (!flipped.length) continue;
          // a device never heard of that is disabled or silent from the start records no "offline"
          await tx
            .insert(deviceEvents)
            .values({ organizationId, deviceId: d.id, kind: online ? 'online' : 'offline', at: now });
          if (online) wentOnline++;
          else wentOffline++;
          afterCommit(() => app.live.deviceChanged(organizationId, d.id));
        }
      });
    }
    return { devices: rows.length, online: wentOnline, offline: wentOffline };
  },
});

/** Every five minutes: running sessions without data for the organization's limit are closed as terminated. */
export const deviceSessionTimeoutJob = defineJobBean({
  name: 'deviceSessionTimeout',
  label: { 'zh-CN': '设备训练超时关闭', en: 'Close silent device sessions' },
  description: {
    'zh-CN': '超过设定时长未收到数据的进行中训练记为异常终止',
    en: 'Closes running sessions that sent no data for the set limit as terminated',
  },
  params: z.strictObject({}),
  defaultCron: '0 */5 * * * ?',
  run: async ({ app, now }) => {
    const running = await app.db
      .select({
        id: deviceSessions.id,
        organizationId: deviceSessions.organizationId,
        deviceId: deviceSessions.deviceId,
        lastDataAt: deviceSessions.lastDataAt,
        startedAt: deviceSessions.startedAt,
      })
      .from(deviceSessions)
      .where(eq(deviceSessions.status, 1));
    let terminated = 0;
    const limits = new Map<number, number>();
    for (const s of running) {
      if (!limits.has(s.organizationId)) {
        limits.set(s.organizationId, (await settingsOf(app.db, s.organizationId)).sessionLimitMinutes);
      }
      if (now.getTime() - s.lastDataAt.getTime() < limits.get(s.organizationId)! * 60_000) continue;
      await runUnitOfWork(app, async ({ tx, afterCommit }) => {
        const done = await tx
          .update(deviceSessions)
          .set({
            status: 3,
            endedAt: s.lastDataAt,
            durationSeconds: Math.round((s.lastDataAt.getTime() - s.startedAt.getTime()) / 1000),
          })
          .where(and(eq(deviceSessions.id, s.id), eq(deviceSessions.status, 1)))
          .returning({ id: deviceSessions.id });
        terminated += done.length;
        afterCommit(() => app.live.deviceChanged(s.organizationId, s.deviceId));
      });
    }
    return { terminated };
  },
});

/** Nightly: raw samples older than the organization's retention are deleted (summaries and latest values stay). */
export const deviceSampleRetentionJob = defineJobBean({
  name: 'deviceSampleRetention',
  label: { 'zh-CN': '设备原始数据清理', en: 'Device sample retention' },
  description: {
    'zh-CN': '删除超过保留天数的设备原始采样，训练汇总保留',
    en: 'Deletes raw device samples older than the retention; session summaries stay',
  },
  params: z.strictObject({}),
  defaultCron: '0 40 2 * * ?',
  run: async ({ app, now }) => {
    const orgs = await app.db.selectDistinct({ organizationId: devices.organizationId }).from(devices);
    let removed = 0;
    for (const { organizationId } of orgs) {
      const days = (await settingsOf(app.db, organizationId)).retentionDays;
      const before = new Date(now.getTime() - days * DAY_MS);
      const ids = app.db.select({ id: devices.id }).from(devices).where(eq(devices.organizationId, organizationId));
      for (;;) {
        const chunk = app.db
          .select({ id: deviceSamples.id })
          .from(deviceSamples)
          .where(and(inArray(deviceSamples.deviceId, ids), lt(deviceSamples.ts, before)))
          .limit(DELETE_CHUNK);
        const gone = await app.db
          .delete(deviceSamples)
          .where(inArray(deviceSamples.id, chunk))
          .returning({ id: sql`1` });
        removed += gone.length;
        if (gone.length < DELETE_CHUNK) break;
      }
    }
    return { removed };
  },
});
