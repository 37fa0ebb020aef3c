import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, ilike, inArray, isNull, lte, sql, gte, or } from 'drizzle-orm';
import {
  TCP_TARGET,
  inMaintenanceWindow,
  observeSilence,
  resendDue,
  step,
  uptimeByDay,
  type IncidentRow,
  type MonitorRow,
  type Observation,
  type monitorPageQuerySchema,
  type incidentPageQuerySchema,
  type monitorSaveSchema,
  type monitorUpdateSchema,
  type pushQuerySchema,
  dateTimeFormat,
} from '@rehab/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Tx, TxOrDb } from '../../db/client';
import { badRequest, conflict, notFound } from '../../http/errors';
import { clinicTimeZone } from '../../kernel/clock';
import { runUnitOfWork } from '../../kernel/unit-of-work';
import { sendSystemMessage, type SystemMessage } from '../messages';
import { isMemberOf, userNames } from '../users';
import { heartbeatExchanges, heartbeatIncidents, heartbeatMonitors } from './heartbeats.tables';
import { networkProbes, type Probes } from './probes';
import { escapeLike } from '../../db/like';

export type HeartbeatScope = { organizationId: number; userId: number };
type MonitorInput = z.output<typeof monitorSaveSchema>;
type Monitor = typeof heartbeatMonitors.$inferSelect;

/** How often the checker job runs (its cron, migration 0030): part of the detection delay the screen states. */
export const CHECKER_PERIOD_SEC = 10;
/** An HTTP or TCP check gives up after this long (or the monitor's interval, if shorter). */
const PROBE_TIMEOUT_MS = 10_000;
const DAY_MS = 86_400_000;
const LINK = '/heartbeatMonitoring/index';

const alive = (organizationId: number) =>
  and(eq(heartbeatMonitors.organizationId, organizationId), isNull(heartbeatMonitors.deletedAt));

/** The minutes a time zone is ahead of UTC at an instant (Asia/Shanghai: 480). */
function zoneOffsetMinutes(timeZone: string, at: Date): number {
  const parts = Object.fromEntries(
    dateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const local = Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!);
  return Math.round((local - Math.floor(at.getTime() / 60_000) * 60_000) / 60_000);
}

/** The last 7 days of the clinic up to today's, oldest first. */
function lastDays(now: Date, timeZone: string): string[] {
  const offset = zoneOffsetMinutes(timeZone, now);
  const today = new Date(now.getTime() + offset * 60_000).toISOString().slice(0, 10);
  return Array.from({ length: 7 }, (_, i) =>
    new Date(Date.parse(`${today}T00:00:00Z`) - (6 - i) * DAY_MS).toISOString().slice(0, 10),
  );
}

const detectionSec = (m: Pick<Monitor, 'kind' | 'intervalSec' | 'graceSec' | 'retries'>) =>
  (m.retries + 1) * m.intervalSec + (m.kind === 'push' || m.kind === 'derived' ? m.graceSec : 0) + CHECKER_PERIOD_SEC;

/** The monitors of the organization, with their open incident and the uptime of the last 7 days. */
export async function listMonitors(
  app: AppContext,
  scope: HeartbeatScope,
  q: z.output<typeof monitorPageQuerySchema>,
): Promise<{ list: MonitorRow[]; total: number }> {
  const where = and(
    alive(scope.organizationId),
    q.name ? ilike(heartbeatMonitors.name, `%${escapeLike(q.name)}%`) : undefined,
    q.status ? eq(heartbeatMonitors.status, q.status) : undefined,
  );
  const [{ n }] = (await app.db.select({ n: count() }).from(heartbeatMonitors).where(where)) as [{ n: number }];
  const rows = await app.db
    .select()
    .from(heartbeatMonitors)
    .where(where)
    .orderBy(heartbeatMonitors.id)
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const now = app.clock.now();
  const timeZone = clinicTimeZone();
  const days = lastDays(now, timeZone);
  const from = new Date(Date.parse(`${days[0]}T00:00:00Z`) - 14 * 3_600_000);
  const incidents = rows.length
    ? await app.db
        .select()
        .from(heartbeatIncidents)
        .where(
          and(
            inArray(
              heartbeatIncidents.monitorId,
              rows.map((r) => r.id),
            ),
            or(isNull(heartbeatIncidents.resolvedAt), gte(heartbeatIncidents.resolvedAt, from)),
          ),
        )
    : [];
  const offset = zoneOffsetMinutes(timeZone, now);
  const list = rows.map((m): MonitorRow => {
    const own = incidents.filter((i) => i.monitorId === m.id);
    return {
      id: m.id,
      name: m.name,
      kind: m.kind,
      target: m.target,
      intervalSec: m.intervalSec,
      graceSec: m.graceSec,
      retries: m.retries,
      resendMinutes: m.resendMinutes,
      notifyUserIds: m.notifyUserIds,
      maintenance: m.maintenance,
      enabled: m.enabled,
      status: m.status,
      failures: m.failures,
      lastCheckAt: m.lastCheckAt?.toISOString() ?? null,
      lastOkAt: m.lastOkAt?.toISOString() ?? null,
      lastMessage: m.lastMessage,
      pushToken: m.pushToken,
      openIncidentId: own.find((i) => !i.resolvedAt)?.id ?? null,
      uptime: uptimeByDay(days, own, now, m.createdAt, offset),
      detectionSec: detectionSec(m),
    };
  });
  return { list, total: Number(n) };
}

/** Refuses recipients outside the organization (a message reaches members only). */
async function checkRecipients(db: TxOrDb, organizationId: number, ids: number[]) {
  for (const id of ids)
    if (!(await isMemberOf(db, organizationId, id))) throw badRequest('heartbeat.notMember', { id });
}

const fields = (v: MonitorInput) => ({
  name: v.name,
  kind: v.kind,
  target: v.kind === 'push' ? null : v.target,
  intervalSec: v.intervalSec,
  graceSec: v.graceSec,
  retries: v.retries,
  resendMinutes: v.resendMinutes,
  notifyUserIds: [...new Set(v.notifyUserIds)],
  maintenance: v.maintenance,
  enabled: v.enabled,
});

/** The first check: at once for a check we make, after a full window for a partner that must call us first. */
const firstCheck = (v: MonitorInput, now: Date) =>
  new Date(now.getTime() + (v.kind === 'push' || v.kind === 'derived' ? (v.intervalSec + v.graceSec) * 1000 : 0));

export async function saveMonitor(app: AppContext, scope: HeartbeatScope, v: MonitorInput) {
  await checkRecipients(app.db, scope.organizationId, v.notifyUserIds);
  return runUnitOfWork(app, async ({ tx, now }) => {
    const [row] = await tx
      .insert(heartbeatMonitors)
      .values({
        organizationId: scope.organizationId,
        ...fields(v),
        pushToken: v.kind === 'push' ? randomBytes(24).toString('base64url') : null,
        nextCheckAt: firstCheck(v, now),
        createdBy: scope.userId,
        createdAt: now,
      })
      .returning({ id: heartbeatMonitors.id, pushToken: heartbeatMonitors.pushToken });
    return row!;
  });
}

async function lockedMonitor(tx: Tx, organizationId: number, id: number) {
  const [m] = await tx
    .select()
    .from(heartbeatMonitors)
    .where(and(alive(organizationId), eq(heartbeatMonitors.id, id)))
    .for('update');
  if (!m) throw notFound('heartbeat.notFound');
  return m;
}

/**
 * Changes a monitor's settings. A change of kind or target starts its state afresh (the old observations were of
 * something else) and resolves its open incident; a push monitor keeps its token, a new one gets one.
 */
export async function updateMonitor(app: AppContext, scope: HeartbeatScope, v: z.output<typeof monitorUpdateSchema>) {
  await checkRecipients(app.db, scope.organizationId, v.notifyUserIds);
  await runUnitOfWork(app, async ({ tx, now }) => {
    const m = await lockedMonitor(tx, scope.organizationId, v.id);
    const renewed = m.kind !== v.kind || (m.target ?? null) !== (v.kind === 'push' ? null : v.target);
    await tx
      .update(heartbeatMonitors)
      .set({
        ...fields(v),
        pushToken: v.kind === 'push' ? (m.pushToken ?? randomBytes(24).toString('base64url')) : null,
        updatedAt: now,
        ...(renewed
          ? {
              status: null,
              failures: 0,
              lastCheckAt: null,
              lastOkAt: null,
              lastMessage: null,
              lastPushAt: null,
              lastPushDown: false,
              lastNotifiedAt: null,
              nextCheckAt: firstCheck(v, now),
            }
          : {}),
      })
      .where(eq(heartbeatMonitors.id, m.id));
    if (renewed || !v.enabled) await resolveOpen(tx, m.id, now);
  });
}

/** Removes a monitor from the wall; its incidents stay as records. */
export async function deleteMonitor(app: AppContext, scope: HeartbeatScope, id: number) {
  await runUnitOfWork(app, async ({ tx, now }) => {
    const m = await lockedMonitor(tx, scope.organizationId, id);
    await tx
      .update(heartbeatMonitors)
      .set({ deletedAt: now, enabled: false, pushToken: null })
      .where(eq(heartbeatMonitors.id, m.id));
    await resolveOpen(tx, m.id, now);
  });
}

const resolveOpen = (tx: Tx, monitorId: number, now: Date) =>
  tx
    .update(heartbeatIncidents)
    .set({ resolvedAt: now })
    .where(and(eq(heartbeatIncidents.monitorId, monitorId), isNull(heartbeatIncidents.resolvedAt)));

/** The organization's incidents, newest first, with who acknowledged them and how long they lasted. */
export async function listIncidents(
  app: AppContext,
  scope: HeartbeatScope,
  q: z.output<typeof incidentPageQuerySchema>,
): Promise<{ list: IncidentRow[]; total: number }> {
  const where = and(
    eq(heartbeatIncidents.organizationId, scope.organizationId),
    q.monitorId ? eq(heartbeatIncidents.monitorId, q.monitorId) : undefined,
    q.open === true ? isNull(heartbeatIncidents.resolvedAt) : undefined,
    q.open === false ? sql`${heartbeatIncidents.resolvedAt} IS NOT NULL` : undefined,
  );
  const [{ n }] = (await app.db.select({ n: count() }).from(heartbeatIncidents).where(where)) as [{ n: number }];
  const rows = await app.db
    .select({ i: heartbeatIncidents, monitorName: heartbeatMonitors.name })
    .from(heartbeatIncidents)
    .innerJoin(heartbeatMonitors, eq(heartbeatMonitors.id, heartbeatIncidents.monitorId))
    .where(where)
    .orderBy(desc(heartbeatIncidents.startedAt), desc(heartbeatIncidents.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const names = await userNames(
    app.db,
    rows.map((r) => r.i.acknowledgedBy),
  );
  const now = app.clock.now();
  const list = rows.map(({ i, monitorName }) => ({
    id: i.id,
    monitorId: i.monitorId,
    monitorName,
    reason: i.reason,
    message: i.message,
    startedAt: i.startedAt.toISOString(),
    acknowledgedAt: i.acknowledgedAt?.toISOString() ?? null,
    acknowledgedByName: i.acknowledgedBy ? (names.get(i.acknowledgedBy) ?? null) : null,
    resolvedAt: i.resolvedAt?.toISOString() ?? null,
    durationSec: Math.max(0, Math.round(((i.resolvedAt ?? now).getTime() - i.startedAt.getTime()) / 1000)),
  }));
  return { list, total: Number(n) };
}

/** Someone is on it: an open incident is acknowledged once (a resolved or acknowledged one is refused). */
export async function acknowledgeIncident(app: AppContext, scope: HeartbeatScope, id: number) {
  await runUnitOfWork(app, async ({ tx, now }) => {
    const [i] = await tx
      .select()
      .from(heartbeatIncidents)
      .where(and(eq(heartbeatIncidents.organizationId, scope.organizationId), eq(heartbeatIncidents.id, id)))
      .for('update');
    if (!i) throw notFound('heartbeat.incidentNotFound');
    if (i.resolvedAt) throw conflict('heartbeat.incidentResolved');
    if (i.acknowledgedAt) throw conflict('heartbeat.incidentAcknowledged');
    await tx
      .update(heartbeatIncidents)
      .set({ acknowledgedAt: now, acknowledgedBy: scope.userId })
      .where(eq(heartbeatIncidents.id, i.id));
  });
}

/**
 * One observation applied to a monitor, under its row lock: the state machine's answer written, an incident opened
 * or resolved on a transition, and the notification targets told (after the commit) of a change or, while down, again
 * once the resend interval has passed.
 */
async function apply(
  app: AppContext,
  monitorId: number,
  obs: Observation,
  observedAt?: { push: boolean; down: boolean },
) {
  return runUnitOfWork(app, async ({ tx, now, afterCommit }) => {
    const [m] = await tx
      .select()
      .from(heartbeatMonitors)
      .where(and(eq(heartbeatMonitors.id, monitorId), isNull(heartbeatMonitors.deletedAt)))
      .for('update');
    if (!m) return null;
    const message = obs.ok ? null : (obs.message ?? null);
    const next = step(
      { status: m.status, failures: m.failures },
      obs,
      m.retries,
      inMaintenanceWindow(m.maintenance, now),
    );
    let notify: 'down' | 'up' | 'still' | null = next.transition;
    if (!notify && next.status === 'down' && resendDue(m.lastNotifiedAt, now, m.resendMinutes)) notify = 'still';
    await tx
      .update(heartbeatMonitors)
      .set({
        status: next.status,
        failures: next.failures,
        lastCheckAt: now,
        ...(obs.ok ? { lastOkAt: now } : {}),
        lastMessage: message?.slice(0, 200) ?? null,
        ...(observedAt?.push ? { lastPushAt: now, lastPushDown: observedAt.down } : {}),
        nextCheckAt: new Date(now.getTime() + m.intervalSec * 1000),
        ...(notify ? { lastNotifiedAt: now } : {}),
      })
      .where(eq(heartbeatMonitors.id, m.id));
    if (next.transition === 'down' && !obs.ok)
      await tx.insert(heartbeatIncidents).values({
        organizationId: m.organizationId,
        monitorId: m.id,
        reason: obs.reason,
        message: message?.slice(0, 200) ?? null,
        startedAt: now,
      });
    if (next.transition === 'up') await resolveOpen(tx, m.id, now);
    if (notify && m.notifyUserIds.length) {
      const reason = obs.ok ? 'up' : obs.reason;
      const msg: SystemMessage = {
        organizationId: m.organizationId,
        userIds: m.notifyUserIds,
        category: 'news',
        title: { key: notify === 'up' ? 'heartbeat.upTitle' : 'heartbeat.downTitle', params: { name: m.name } },
        content: {
          key:
            notify === 'up'
              ? 'heartbeat.upContent'
              : `heartbeat.down${reason.charAt(0).toUpperCase()}${reason.slice(1)}`,
          params: { name: m.name, detail: message ?? '-' },
        },
        link: LINK,
      };
      afterCommit(() => sendSystemMessage(app, msg));
    }
    return next;
  });
}

/** What a monitor observes now (the check itself runs outside any transaction). */
async function observe(app: AppContext, m: Monitor, probes: Probes, now: Date): Promise<Observation> {
  const timeout = Math.min(PROBE_TIMEOUT_MS, m.intervalSec * 1000);
  switch (m.kind) {
    case 'push':
      return observeSilence(
        { at: m.lastPushAt, down: m.lastPushDown, message: m.lastMessage },
        now,
        m.intervalSec,
        m.graceSec,
      );
    case 'derived': {
      const [x] = await app.db
        .select({ at: heartbeatExchanges.lastOkAt })
        .from(heartbeatExchanges)
        .where(
          and(eq(heartbeatExchanges.organizationId, m.organizationId), eq(heartbeatExchanges.source, m.target ?? '')),
        );
      return observeSilence({ at: x?.at ?? null }, now, m.intervalSec, m.graceSec);
    }
    case 'http':
      return probes.http(m.target ?? '', timeout);
    case 'tcp': {
      const match = TCP_TARGET.exec(m.target ?? '');
      const host = (m.target ?? '').slice(0, (m.target ?? '').lastIndexOf(':'));
      return probes.tcp(host, Number(match?.[1] ?? 0), timeout);
    }
  }
}

/**
 * The checker (job heartbeatCheck, every 10 s): every enabled monitor whose next check is due is observed and the
 * observation applied. The checks run a few at a time, so one slow partner does not hold up the others.
 */
export async function runChecks(app: AppContext, now: Date, probes: Probes = networkProbes) {
  const due = await app.db
    .select()
    .from(heartbeatMonitors)
    .where(
      and(
        isNull(heartbeatMonitors.deletedAt),
        eq(heartbeatMonitors.enabled, true),
        lte(heartbeatMonitors.nextCheckAt, now),
      ),
    )
    .orderBy(heartbeatMonitors.nextCheckAt)
    .limit(500);
  const result = { checked: 0, down: 0, up: 0 };
  for (let i = 0; i < due.length; i += 8) {
    await Promise.all(
      due.slice(i, i + 8).map(async (m) => {
        const next = await apply(app, m.id, await observe(app, m, probes, now));
        result.checked++;
        if (next?.transition === 'down') result.down++;
        if (next?.transition === 'up') result.up++;
      }),
    );
  }
  return result;
}

/**
 * A partner's push (`/hisHeartbeat/push/<token>`): a heartbeat, or an explicit "down" with its message, applied at
 * once. An unknown, disabled or removed monitor's token is refused.
 */
export async function receivePush(app: AppContext, token: string, q: z.output<typeof pushQuerySchema>) {
  const [m] = await app.db
    .select({ id: heartbeatMonitors.id })
    .from(heartbeatMonitors)
    .where(
      and(
        eq(heartbeatMonitors.pushToken, token),
        eq(heartbeatMonitors.enabled, true),
        isNull(heartbeatMonitors.deletedAt),
      ),
    );
  if (!m) throw notFound('heartbeat.pushUnknown');
  const down = q.status === 'down';
  const obs: Observation = down ? { ok: false, reason: 'downPush', message: q.msg ?? null } : { ok: true };
  const next = await apply(app, m.id, obs, { push: true, down });
  return { status: next?.status ?? 'up' };
}

/**
 * Our own integrations record each successful exchange with a hospital system under a source key (e.g. `hisEntry`);
 * a derived monitor with that key goes down when none comes within its window.
 */
export async function recordExchange(db: TxOrDb, organizationId: number, source: string, at: Date) {
  await db
    .insert(heartbeatExchanges)
    .values({ organizationId, source, lastOkAt: at })
    .onConflictDoUpdate({
      target: [heartbeatExchanges.organizationId, heartbeatExchanges.source],
      set: { lastOkAt: sql`GREATEST(${heartbeatExchanges.lastOkAt}, excluded.last_ok_at)` },
    });
}
