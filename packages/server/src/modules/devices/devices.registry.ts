import { and, asc, eq } from 'drizzle-orm';
import {
  deviceSecretSchema,
  detectionDelaySeconds,
  isOnline,
  type DeviceRow,
  type DeviceState,
  type deviceRegisterSchema,
  type deviceSaveSchema,
} from '@rehab/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { TxOrDb } from '../../db/client';
import { pgCode } from '../../db/pg-error';
import { conflict, notFound, unauthorized } from '../../http/errors';
import type { DeviceContext } from '../../http/session';
import { clockNow } from '../../kernel/clock';
import { runUnitOfWork } from '../../kernel/unit-of-work';
import { ownsRow, rowNames } from '../master-data';
import { devices, deviceSettings } from './devices.tables';
import { offlineAfterOf, settingsOf, type Settings } from './devices.settings';
import { hashOf, newSecret } from './secrets';

type Device = typeof devices.$inferSelect;
type SaveInput = z.output<typeof deviceSaveSchema>;

/** A device's state at `nowMs`: disabled, not reporting (no online state at all), online or offline. */
export function stateOf(d: Device, settings: Pick<Settings, 'offlineAfter'>, nowMs: number): DeviceState {
  if (!d.enabled) return 'disabled';
  if (!d.reportsOnline) return 'notReporting';
  return isOnline(d, offlineAfterOf(settings, d.type), nowMs) ? 'online' : 'offline';
}

export async function equipmentNames(db: TxOrDb, ids: (number | null)[]) {
  const wanted = [...new Set(ids.filter((i): i is number => i !== null))];
  if (!wanted.length) return new Map<number, string>();
  return new Map((await rowNames(db, 'equipment', wanted)).map((r) => [r.id, r.name]));
}

export function toRow(d: Device, settings: Settings, names: Map<number, string>, nowMs: number): DeviceRow {
  const iso = (v: Date | null) => (v ? v.toISOString() : null);
  const offlineAfter = offlineAfterOf(settings, d.type);
  return {
    id: d.id,
    code: d.code,
    equipmentId: d.equipmentId,
    equipmentName: d.equipmentId ? (names.get(d.equipmentId) ?? null) : null,
    serial: d.serial,
    vendor: d.vendor,
    model: d.model,
    type: d.type as DeviceRow['type'],
    firmware: d.firmware,
    location: d.location,
    officeId: d.officeId,
    enabled: d.enabled,
    reportsOnline: d.reportsOnline,
    selfRegistered: d.selfRegistered,
    hasToken: Boolean(d.tokenHash),
    tokenRotatedAt: iso(d.tokenRotatedAt),
    lastActivityAt: iso(d.lastActivityAt),
    state: stateOf(d, settings, nowMs),
    detectionDelaySeconds: detectionDelaySeconds(offlineAfter),
  };
}

/** The organization's devices by code. */
export async function listDevices(app: AppContext, organizationId: number): Promise<DeviceRow[]> {
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
  const now = clockNow().getTime();
  return rows.map((r) => toRow(r, settings, names, now));
}

/** One device of the organization, or 404. */
export async function deviceOf(db: TxOrDb, organizationId: number, id: number): Promise<Device> {
  const [row] = await db
    .select()
    .from(devices)
    .where(and(eq(devices.id, id), eq(devices.organizationId, organizationId)));
  if (!row) throw notFound('devices.notFound');
  return row;
}

async function checkRefs(db: TxOrDb, organizationId: number, v: SaveInput) {
  if (v.equipmentId !== null && !(await ownsRow(db, 'equipment', v.equipmentId, organizationId))) {
    throw notFound('devices.equipmentNotFound');
  }
}

const values = (v: SaveInput) => ({
  equipmentId: v.equipmentId,
  code: v.code,
  serial: v.serial,
  vendor: v.vendor,
  model: v.model,
  type: v.type,
  firmware: v.firmware,
  location: v.location,
  officeId: v.officeId,
  enabled: v.enabled,
  reportsOnline: v.reportsOnline,
});

/** Registers a device with a new token (returned once, stored hashed). A code taken in the organization: 409. */
export async function createDevice(
  app: AppContext,
  who: { organizationId: number; userId: number },
  v: SaveInput,
): Promise<{ id: number; token: string }> {
  const token = newSecret();
  return runUnitOfWork(app, async ({ tx, now }) => {
    await checkRefs(tx, who.organizationId, v);
    try {
      const [row] = await tx
        .insert(devices)
        .values({
          ...values(v),
          organizationId: who.organizationId,
          tokenHash: hashOf(token),
          tokenRotatedAt: now,
          createdAt: now,
          createdBy: who.userId,
        })
        .returning({ id: devices.id });
      return { id: row!.id, token };
    } catch (err) {
      if (pgCode(err) === '23505') throw conflict('devices.codeTaken', { code: v.code });
      throw err;
    }
  });
}

export async function updateDevice(app: AppContext, organizationId: number, id: number, v: SaveInput) {
  await runUnitOfWork(app, async ({ tx, afterCommit }) => {
    await deviceOf(tx, organizationId, id);
    await checkRefs(tx, organizationId, v);
    try {
      await tx.update(devices).set(values(v)).where(eq(devices.id, id));
    } catch (err) {
      if (pgCode(err) === '23505') throw conflict('devices.codeTaken', { code: v.code });
      throw err;
    }
    afterCommit(() => app.live.deviceChanged(organizationId, id));
  });
}

/** A new token for a device: the old one stops at once. */
export async function rotateToken(app: AppContext, organizationId: number, id: number) {
  const token = newSecret();
  await runUnitOfWork(app, async ({ tx, now }) => {
    await deviceOf(tx, organizationId, id);
    await tx
      .update(devices)
      .set({ tokenHash: hashOf(token), tokenRotatedAt: now })
      .where(eq(devices.id, id));
  });
  return { id, token };
}

/**
 * Self-registration with the organization's registration key: a new device, disabled until an administrator enables
 * it (and links it to the equipment), and its token. An unknown key: 401, nothing written.
 */
export async function registerDevice(
  app: AppContext,
  v: z.output<typeof deviceRegisterSchema>,
): Promise<{ code: string; token: string }> {
  const token = newSecret();
  return runUnitOfWork(app, async ({ tx, now }) => {
    const [setting] = await tx
      .select({ organizationId: deviceSettings.organizationId })
      .from(deviceSettings)
      .where(eq(deviceSettings.registrationKeyHash, hashOf(v.registrationSecret)));
    if (!setting) throw unauthorized('devices.registrationKeyInvalid');
    const code = `REG-${v.serial}`.slice(0, 30).replace(/[^A-Za-z0-9_-]/g, '-');
    try {
      await tx.insert(devices).values({
        organizationId: setting.organizationId,
        code,
        serial: v.serial,
        vendor: v.vendor,
        model: v.model,
        type: v.type,
        firmware: v.firmware,
        enabled: false,
        selfRegistered: true,
        tokenHash: hashOf(token),
        tokenRotatedAt: now,
        createdAt: now,
      });
    } catch (err) {
      if (pgCode(err) === '23505') throw conflict('devices.codeTaken', { code });
      throw err;
    }
    return { code, token };
  });
}

/** The device behind a token while it is enabled, else null (unknown, rotated away, disabled). */
export async function resolveEquipmentDevice(app: AppContext, token: string): Promise<DeviceContext | null> {
  if (!deviceSecretSchema.safeParse(token).success) return null;
  const [row] = await app.db
    .select({ id: devices.id, organizationId: devices.organizationId, enabled: devices.enabled })
    .from(devices)
    .where(eq(devices.tokenHash, hashOf(token)))
    .limit(1);
  if (!row || !row.enabled) return null;
  return { kind: 'equipment', id: row.id, organizationId: row.organizationId };
}
