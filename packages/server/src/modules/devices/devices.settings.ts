import { eq } from 'drizzle-orm';
import { DEFAULT_OFFLINE_AFTER, DEVICE_TYPES, type DeviceSettings, type DeviceType } from '@rehab/shared';
import type { TxOrDb } from '../../db/client';
import { deviceSettings } from './devices.tables';

export const DEFAULT_RETENTION_DAYS = 180;
export const DEFAULT_SESSION_LIMIT_MINUTES = 30;

export type Settings = DeviceSettings & { hasRegistrationKey: boolean };

/** The organization's device settings, the defaults where it saved none. */
export async function settingsOf(db: TxOrDb, organizationId: number): Promise<Settings> {
  const [row] = await db.select().from(deviceSettings).where(eq(deviceSettings.organizationId, organizationId));
  const offlineAfter = Object.fromEntries(
    DEVICE_TYPES.map((t) => [t, row?.offlineAfter?.[t] ?? DEFAULT_OFFLINE_AFTER[t]]),
  ) as Record<DeviceType, number>;
  return {
    retentionDays: row?.retentionDays ?? DEFAULT_RETENTION_DAYS,
    sessionLimitMinutes: row?.sessionLimitMinutes ?? DEFAULT_SESSION_LIMIT_MINUTES,
    offlineAfter,
    hasRegistrationKey: Boolean(row?.registrationKeyHash),
  };
}

/** Saves the settings (the registration key stays as it is). */
export async function saveSettings(db: TxOrDb, organizationId: number, v: DeviceSettings) {
  await db
    .insert(deviceSettings)
    .values({ organizationId, ...v })
    .onConflictDoUpdate({
      target: deviceSettings.organizationId,
      set: { retentionDays: v.retentionDays, sessionLimitMinutes: v.sessionLimitMinutes, offlineAfter: v.offlineAfter },
    });
}

/** Sets the registration key's hash (a new key replaces the old one at once). */
export async function setRegistrationKey(db: TxOrDb, organizationId: number, hash: string) {
  await db
    .insert(deviceSettings)
    .values({ organizationId, registrationKeyHash: hash })
    .onConflictDoUpdate({ target: deviceSettings.organizationId, set: { registrationKeyHash: hash } });
}

export const offlineAfterOf = (s: Pick<Settings, 'offlineAfter'>, type: string) =>
  s.offlineAfter[type as DeviceType] ?? DEFAULT_OFFLINE_AFTER.game;
