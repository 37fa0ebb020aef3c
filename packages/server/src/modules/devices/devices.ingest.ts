import { dateTimeFormat } from '@rehab/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { samplesSchema, sessionEndSchema, sessionStartSchema } from '@rehab/shared';
import type { AppContext } from '../../context';
import type { TxOrDb } from '../../db/client';
import { badRequest, notFound } from '../../http/errors';
import type { DeviceContext } from '../../http/session';
import { clinicTimeZone, clinicToday } from '../../kernel/clock';
import { runUnitOfWork } from '../../kernel/unit-of-work';
import { patientNames } from '../patients';
import { workOrderFact } from '../work-orders';
import { bookingOnEquipment } from '../scheduling';
import { deviceLatest, deviceSamples, deviceSessions, devices } from './devices.tables';
import { sessionRows, type SessionRow } from './devices.sessions';

type Session = typeof deviceSessions.$inferSelect;
const STATUS = { 1: 'running', 2: 'ended', 3: 'terminated' } as const;

/** The clinic's clock time (hh:mm) of an instant. */
function clockTime(at: Date): string {
  return dateTimeFormat('en-GB', {
    timeZone: clinicTimeZone(),
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
}

/** Marks the device active (any authenticated call that reaches ingestion counts) and rings the doorbell. */
async function touch(tx: TxOrDb, deviceId: number, now: Date, extra: { firmware?: string } = {}) {
  await tx
    .update(devices)
    .set({ lastActivityAt: now, ...(extra.firmware ? { firmware: extra.firmware } : {}) })
    .where(eq(devices.id, deviceId));
}

export async function heartbeat(app: AppContext, device: DeviceContext, firmware: string | undefined) {
  return runUnitOfWork(app, async ({ tx, now, afterCommit }) => {
    await touch(tx, device.id, now, { firmware });
    afterCommit(() => app.live.deviceChanged(device.organizationId, device.id));
    return { serverTime: now.toISOString(), enabled: true };
  });
}

async function sessionByExternal(tx: TxOrDb, deviceId: number, externalId: string, lock = false) {
  const q = tx
    .select()
    .from(deviceSessions)
    .where(and(eq(deviceSessions.deviceId, deviceId), eq(deviceSessions.externalId, externalId)));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

const bound = (s: Session) => ({
  id: s.id,
  sessionId: s.externalId,
  patientId: s.patientId,
  workOrderId: s.workOrderId,
  status: STATUS[s.status as 1 | 2 | 3],
  startedAt: s.startedAt.toISOString(),
});

/**
 * Which patient and work order a session is for: the work order the device names (of this organization; its patient
 * must be the one named, if one is), else the patient alone, else the booking of the device's equipment in the
 * schedule at that time (the clinic's day and clock time).
 */
async function binding(
  tx: TxOrDb,
  device: DeviceContext,
  equipmentId: number | null,
  v: { patientId?: number; workOrderId?: number },
  now: Date,
): Promise<{ patientId: number | null; workOrderId: number | null }> {
  if (v.workOrderId !== undefined) {
    const wo = await workOrderFact(tx, device.organizationId, v.workOrderId);
    if (!wo) throw notFound('devices.workOrderNotFound');
    if (v.patientId !== undefined && wo.patientId !== v.patientId) throw badRequest('devices.workOrderOfOtherPatient');
    return { patientId: wo.patientId, workOrderId: wo.id };
  }
  if (v.patientId !== undefined) {
    if (!(await patientNames(tx, device.organizationId, [v.patientId])).size) {
      throw notFound('devices.patientNotFound');
    }
    return { patientId: v.patientId, workOrderId: null };
  }
  if (equipmentId === null) return { patientId: null, workOrderId: null };
  const booking = await bookingOnEquipment(tx, device.organizationId, equipmentId, clinicToday(now), clockTime(now));
  return { patientId: booking?.patientId ?? null, workOrderId: booking?.workOrderId ?? null };
}

/** Starts a session, or answers the one this device already started under the same id (a re-sent start). */
export async function startSession(app: AppContext, device: DeviceContext, v: z.output<typeof sessionStartSchema>) {
  return runUnitOfWork(app, async ({ tx, now, afterCommit }) => {
    await touch(tx, device.id, now);
    afterCommit(() => app.live.deviceChanged(device.organizationId, device.id));
    const existing = await sessionByExternal(tx, device.id, v.sessionId);
    if (existing) return bound(existing);
    const [d] = await tx.select({ equipmentId: devices.equipmentId }).from(devices).where(eq(devices.id, device.id));
    const b = await binding(tx, device, d?.equipmentId ?? null, v, now);
    const [row] = await tx
      .insert(deviceSessions)
      .values({
        organizationId: device.organizationId,
        deviceId: device.id,
        externalId: v.sessionId,
        patientId: b.patientId,
        workOrderId: b.workOrderId,
        game: v.game,
        level: v.level ?? null,
        startedAt: now,
        lastDataAt: now,
      })
      .onConflictDoNothing()
      .returning();
    // a start re-sent at the same moment: the other one's row
    return bound(row ?? (await sessionByExternal(tx, device.id, v.sessionId))!);
  });
}

async function openSession(tx: TxOrDb, device: DeviceContext, externalId: string) {
  const s = await sessionByExternal(tx, device.id, externalId, true);
  if (!s) throw notFound('devices.sessionNotFound');
  return s;
}

/**
 * Stores a batch of samples of a running session: each (metric, instant) once, however often the batch is re-sent;
 * the latest value per metric moves forward only. A session already closed takes no more samples.
 */
export async function storeSamples(app: AppContext, device: DeviceContext, v: z.output<typeof samplesSchema>) {
  return runUnitOfWork(app, async ({ tx, now, afterCommit }) => {
    await touch(tx, device.id, now);
    const s = await openSession(tx, device, v.sessionId);
    if (s.status !== 1) throw badRequest('devices.sessionClosed');
    const rows = v.samples.map((x) => ({
      deviceId: device.id,
      sessionId: s.id,
      ts: new Date(x.ts),
      metric: x.metric,
      value: x.value,
    }));
    const stored = await tx
      .insert(deviceSamples)
      .values(rows)
      .onConflictDoNothing()
      .returning({ id: deviceSamples.id });
    // the newest sample of each metric of the batch
    const newest = new Map<string, { ts: Date; value: number }>();
    for (const r of rows) {
      const cur = newest.get(r.metric);
      if (!cur || r.ts > cur.ts) newest.set(r.metric, { ts: r.ts, value: r.value });
    }
    for (const [metric, x] of newest) {
      await tx
        .insert(deviceLatest)
        .values({ deviceId: device.id, metric, ts: x.ts, value: x.value })
        .onConflictDoUpdate({
          target: [deviceLatest.deviceId, deviceLatest.metric],
          set: { ts: x.ts, value: x.value },
          setWhere: sql`${deviceLatest.ts} < excluded.ts`,
        });
    }
    await tx.update(deviceSessions).set({ lastDataAt: now }).where(eq(deviceSessions.id, s.id));
    afterCommit(() => app.live.deviceChanged(device.organizationId, device.id));
    return { received: rows.length, stored: stored.length };
  });
}

/** Ends a session with its summary; a re-sent end (or an end after the checker closed it) changes nothing. */
export async function endSession(
  app: AppContext,
  device: DeviceContext,
  v: z.output<typeof sessionEndSchema>,
): Promise<SessionRow> {
  return runUnitOfWork(app, async ({ tx, now, afterCommit }) => {
    await touch(tx, device.id, now);
    const s = await openSession(tx, device, v.sessionId);
    if (s.status === 1) {
      const m = v.summary;
      await tx
        .update(deviceSessions)
        .set({
          status: 2,
          endedAt: now,
          lastDataAt: now,
          durationSeconds: m.durationSeconds ?? Math.round((now.getTime() - s.startedAt.getTime()) / 1000),
          repetitions: m.repetitions ?? null,
          rangeOfMotion: m.rangeOfMotion ?? null,
          force: m.force ?? null,
          score: m.score ?? null,
          level: m.level ?? s.level,
        })
        .where(eq(deviceSessions.id, s.id));
    }
    afterCommit(() => app.live.deviceChanged(device.organizationId, device.id));
    const [row] = await sessionRows(tx, device.organizationId, { ids: [s.id] });
    return row!;
  });
}
