import { and, count, desc, eq, inArray, max, type SQL } from 'drizzle-orm';
import { toPage, type DeviceSessionRow } from '@rehab/shared';
import type { AppContext } from '../../context';
import type { TxOrDb } from '../../db/client';
import { badRequest, notFound } from '../../http/errors';
import { runUnitOfWork } from '../../kernel/unit-of-work';
import { patientNames } from '../patients';
import { userNames } from '../users';
import { deviceSessions, devices } from './devices.tables';

export type SessionRow = DeviceSessionRow;
const STATUS = { 1: 'running', 2: 'ended', 3: 'terminated' } as const;

type Filter = { ids?: number[]; patientId?: number; deviceId?: number; workOrderId?: number };

function where(organizationId: number, f: Filter): SQL {
  return and(
    eq(deviceSessions.organizationId, organizationId),
    f.ids ? inArray(deviceSessions.id, f.ids) : undefined,
    f.patientId ? eq(deviceSessions.patientId, f.patientId) : undefined,
    f.deviceId ? eq(deviceSessions.deviceId, f.deviceId) : undefined,
    f.workOrderId ? eq(deviceSessions.workOrderId, f.workOrderId) : undefined,
  )!;
}

/** Sessions of the organization as rows (newest first), with the device's code, patient and confirmer names. */
export async function sessionRows(
  db: TxOrDb,
  organizationId: number,
  f: Filter,
  paging: { limit: number; offset: number } = { limit: 500, offset: 0 },
): Promise<SessionRow[]> {
  const rows = await db
    .select({ s: deviceSessions, code: devices.code })
    .from(deviceSessions)
    .innerJoin(devices, eq(devices.id, deviceSessions.deviceId))
    .where(where(organizationId, f))
    .orderBy(desc(deviceSessions.startedAt), desc(deviceSessions.id))
    .limit(paging.limit)
    .offset(paging.offset);
  const patients = await patientNames(
    db,
    organizationId,
    rows.flatMap((r) => (r.s.patientId ? [r.s.patientId] : [])),
  );
  const confirmers = await userNames(
    db,
    rows.map((r) => r.s.confirmedBy),
  );
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return rows.map(({ s, code }) => ({
    id: s.id,
    deviceId: s.deviceId,
    deviceCode: code,
    sessionId: s.externalId,
    patientId: s.patientId,
    patientName: s.patientId ? (patients.get(s.patientId) ?? null) : null,
    workOrderId: s.workOrderId,
    status: STATUS[s.status as 1 | 2 | 3],
    game: s.game,
    level: s.level,
    startedAt: s.startedAt.toISOString(),
    endedAt: iso(s.endedAt),
    durationSeconds: s.durationSeconds,
    repetitions: s.repetitions,
    rangeOfMotion: s.rangeOfMotion,
    force: s.force,
    score: s.score,
    confirmedAt: iso(s.confirmedAt),
    confirmedBy: s.confirmedBy ? (confirmers.get(s.confirmedBy) ?? null) : null,
  }));
}

export async function sessionPage(
  app: AppContext,
  organizationId: number,
  q: Filter & { page: number; limit: number },
) {
  const [total] = await app.db.select({ n: count() }).from(deviceSessions).where(where(organizationId, q));
  const list = await sessionRows(app.db, organizationId, q, { limit: q.limit, offset: (q.page - 1) * q.limit });
  return toPage(list, Number(total?.n ?? 0), q.page, q.limit);
}

/** The patients with sessions on the organization's devices, the most recent first. */
export async function sessionPatients(app: AppContext, organizationId: number) {
  const rows = await app.db
    .select({ patientId: deviceSessions.patientId, n: count(), lastAt: max(deviceSessions.startedAt) })
    .from(deviceSessions)
    .where(eq(deviceSessions.organizationId, organizationId))
    .groupBy(deviceSessions.patientId)
    .orderBy(desc(max(deviceSessions.startedAt)))
    .limit(500);
  const withPatient = rows.filter((r) => r.patientId !== null);
  const names = await patientNames(
    app.db,
    organizationId,
    withPatient.map((r) => r.patientId!),
  );
  return withPatient.map((r) => ({
    patientId: r.patientId!,
    name: names.get(r.patientId!) ?? '',
    sessions: Number(r.n),
    lastAt: new Date(r.lastAt as unknown as string | Date).toISOString(),
  }));
}

/**
 * The therapist confirms a closed session bound to a work order: its summary joins the work order's treatment record
 * (the record reads the confirmed sessions of its work order). Confirming again changes nothing.
 */
export async function confirmSession(app: AppContext, who: { organizationId: number; userId: number }, id: number) {
  await runUnitOfWork(app, async ({ tx, now }) => {
    const [s] = await tx
      .select()
      .from(deviceSessions)
      .where(and(eq(deviceSessions.id, id), eq(deviceSessions.organizationId, who.organizationId)))
      .for('update');
    if (!s) throw notFound('devices.sessionNotFound');
    if (s.status === 1) throw badRequest('devices.sessionRunning');
    if (!s.workOrderId) throw badRequest('devices.sessionUnbound');
    if (s.confirmedAt) return;
    await tx.update(deviceSessions).set({ confirmedAt: now, confirmedBy: who.userId }).where(eq(deviceSessions.id, id));
  });
}
