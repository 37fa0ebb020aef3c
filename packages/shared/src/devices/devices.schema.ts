import { z } from 'zod';
import { idSchema, numberFrom, pageQuerySchema } from '../schemas/common.schema';

/**
 * Rehab equipment that reports its own data (设备物联, DAS, issue 18): the device registry on top of the equipment
 * master data, the per-device credential, the ingestion of training sessions and samples, online state.
 */
export const DevicePerm = {
  /** the registry: list and read the organization's devices (equipment-manage) */
  list: 'sys:device:list',
  /** register, edit, enable or disable a device */
  save: 'sys:device:save',
  /** make a device's token again (the old one stops at once), the registration key, the settings */
  secret: 'sys:device:secret',
  /** the monitor, a device's page, the HUD and the training sessions */
  view: 'sys:device:view',
  /** confirm a session's summary into the work order's treatment record */
  confirm: 'sys:device:confirm',
  /** what a device itself calls with its token (held by no role: devices only) */
  ingest: 'sys:device:ingest',
} as const;

/** The header a device sends its token in (never the session's `token` header). */
export const DEVICE_TOKEN_HEADER = 'device-token';
/** A device token and a registration key: 32 random bytes, base64url. */
export const deviceSecretSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

/** Kinds of device: each has its own inactivity timeout (how long without data it stays online). */
export const DEVICE_TYPES = ['upperLimb', 'lowerLimb', 'balance', 'cycle', 'game'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];
export const deviceTypeSchema = z.enum(DEVICE_TYPES);

/** The default inactivity timeouts, seconds: a device heartbeats every 30 s; a cycle ergometer every 60 s. */
export const DEFAULT_OFFLINE_AFTER: Record<DeviceType, number> = {
  upperLimb: 90,
  lowerLimb: 90,
  balance: 90,
  cycle: 180,
  game: 120,
};
/** How often the online checker runs (its cron: every minute). */
export const ONLINE_CHECK_EVERY_SECONDS = 60;

/**
 * The longest a device that went silent still shows online: its type's timeout plus one run of the checker.
 * The screens state it ("offline detected within ...").
 */
export const detectionDelaySeconds = (offlineAfter: number) => offlineAfter + ONLINE_CHECK_EVERY_SECONDS;

/** Whether a device counts as online at `nowMs`: it reports online, is enabled and sent something within its timeout. */
export function isOnline(
  d: { enabled: boolean; reportsOnline: boolean; lastActivityAt: Date | string | null },
  offlineAfterSeconds: number,
  nowMs: number,
): boolean {
  if (!d.enabled || !d.reportsOnline || !d.lastActivityAt) return false;
  const last = typeof d.lastActivityAt === 'string' ? Date.parse(d.lastActivityAt) : d.lastActivityAt.getTime();
  return nowMs - last < offlineAfterSeconds * 1000;
}

/** The live channel topic of an organization's devices (a doorbell: the HUD and the monitor fetch again). */
export const deviceTopic = (organizationId: number) => `web/device/${organizationId}`;
export type DeviceDoorbell = { organizationId: number; deviceId: number };

const code = z
  .string()
  .trim()
  .min(1)
  .max(30)
  .regex(/^[A-Za-z0-9_-]+$/);
const text = (max: number) => z.string().trim().max(max);

/** A device as an administrator registers or edits it. */
export const deviceSaveSchema = z.strictObject({
  equipmentId: idSchema.nullable().default(null),
  code,
  serial: text(40).min(1),
  vendor: text(50).default(''),
  model: text(50).default(''),
  type: deviceTypeSchema,
  firmware: text(30).default(''),
  location: text(60).default(''),
  officeId: idSchema.nullable().default(null),
  enabled: z.boolean().default(true),
  reportsOnline: z.boolean().default(true),
});
export type DeviceSave = z.input<typeof deviceSaveSchema>;
export const deviceUpdateSchema = deviceSaveSchema.extend({ id: idSchema });

/** A device's credential, once: the device stores it; only its SHA-256 is kept. */
export const deviceMadeSchema = z.strictObject({ id: z.number().int(), token: deviceSecretSchema });

export const deviceStateSchema = z.enum(['online', 'offline', 'disabled', 'notReporting']);
export type DeviceState = z.infer<typeof deviceStateSchema>;

export const deviceRowSchema = z.strictObject({
  id: z.number().int(),
  code: z.string(),
  equipmentId: z.number().int().nullable(),
  equipmentName: z.string().nullable(),
  serial: z.string(),
  vendor: z.string(),
  model: z.string(),
  type: deviceTypeSchema,
  firmware: z.string(),
  location: z.string(),
  officeId: z.number().int().nullable(),
  enabled: z.boolean(),
  reportsOnline: z.boolean(),
  selfRegistered: z.boolean(),
  hasToken: z.boolean(),
  tokenRotatedAt: z.string().nullable(),
  lastActivityAt: z.string().nullable(),
  state: deviceStateSchema,
  /** the type's timeout plus the checker's interval: how late an offline device may still show online */
  detectionDelaySeconds: z.number().int(),
});
export type DeviceRow = z.infer<typeof deviceRowSchema>;

/** Self-registration: the organization's registration key makes a disabled device and its token. */
export const deviceRegisterSchema = z.strictObject({
  registrationSecret: deviceSecretSchema,
  serial: text(40).min(1),
  vendor: text(50).default(''),
  model: text(50).default(''),
  type: deviceTypeSchema,
  firmware: text(30).default(''),
});
export const deviceRegisteredSchema = z.strictObject({ code: z.string(), token: deviceSecretSchema });

export const deviceSettingsSchema = z.strictObject({
  /** raw samples older than this many days are deleted by the nightly job */
  retentionDays: z.number().int().min(1).max(3650),
  /** a session without data for this long is closed as terminated */
  sessionLimitMinutes: z
    .number()
    .int()
    .min(5)
    .max(24 * 60),
  /** seconds without data after which a device of the type is offline */
  offlineAfter: z.strictObject(
    Object.fromEntries(DEVICE_TYPES.map((t) => [t, z.number().int().min(30).max(86_400)])) as Record<
      DeviceType,
      z.ZodNumber
    >,
  ),
});
export type DeviceSettings = z.infer<typeof deviceSettingsSchema>;
export const deviceSettingsAnswerSchema = deviceSettingsSchema.extend({ hasRegistrationKey: z.boolean() });
export const registrationKeySchema = z.strictObject({ key: deviceSecretSchema });

// ---- ingestion (the device's own calls, with its token) ----

/** The device's own session id: what makes a re-sent start, batch or end the same call. */
const externalId = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_.:-]+$/);
const metric = z
  .string()
  .min(1)
  .max(30)
  .regex(/^[A-Za-z][A-Za-z0-9_]*$/);

export const heartbeatSchema = z.strictObject({ firmware: text(30).optional() });
export const heartbeatAnswerSchema = z.strictObject({ serverTime: z.string(), enabled: z.boolean() });

export const sessionStartSchema = z.strictObject({
  sessionId: externalId,
  /** the patient and work order when the device knows them (the therapist picked them); else the schedule decides */
  patientId: idSchema.optional(),
  workOrderId: idSchema.optional(),
  game: text(50).min(1),
  level: z.number().int().min(0).max(1000).optional(),
});
export const sessionBoundSchema = z.strictObject({
  id: z.number().int(),
  sessionId: z.string(),
  patientId: z.number().int().nullable(),
  workOrderId: z.number().int().nullable(),
  status: z.enum(['running', 'ended', 'terminated']),
  startedAt: z.string(),
});

export const SAMPLES_PER_BATCH = 500;
export const samplesSchema = z.strictObject({
  sessionId: externalId,
  samples: z
    .array(z.strictObject({ ts: z.iso.datetime({ offset: true }), metric, value: z.number().finite() }))
    .min(1)
    .max(SAMPLES_PER_BATCH),
});
export const samplesAnswerSchema = z.strictObject({ received: z.number().int(), stored: z.number().int() });

/** The summary a device reports at the end: typed columns, each optional (a device measures what it can). */
export const sessionSummarySchema = z.strictObject({
  durationSeconds: z.number().int().min(0).max(86_400).optional(),
  repetitions: z.number().int().min(0).max(1_000_000).optional(),
  /** degrees */
  rangeOfMotion: z.number().min(0).max(360).optional(),
  /** newtons */
  force: z.number().min(0).max(100_000).optional(),
  score: z.number().int().min(0).max(1_000_000).optional(),
  level: z.number().int().min(0).max(1000).optional(),
});
export const sessionEndSchema = z.strictObject({ sessionId: externalId, summary: sessionSummarySchema });

// ---- reading ----

export const sessionStatusSchema = z.enum(['running', 'ended', 'terminated']);
export const deviceSessionRowSchema = z.strictObject({
  id: z.number().int(),
  deviceId: z.number().int(),
  deviceCode: z.string(),
  sessionId: z.string(),
  patientId: z.number().int().nullable(),
  patientName: z.string().nullable(),
  workOrderId: z.number().int().nullable(),
  status: sessionStatusSchema,
  game: z.string(),
  level: z.number().int().nullable(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  durationSeconds: z.number().int().nullable(),
  repetitions: z.number().int().nullable(),
  rangeOfMotion: z.number().nullable(),
  force: z.number().nullable(),
  score: z.number().int().nullable(),
  confirmedAt: z.string().nullable(),
  confirmedBy: z.string().nullable(),
});
export type DeviceSessionRow = z.infer<typeof deviceSessionRowSchema>;

export const sessionPageQuerySchema = pageQuerySchema.extend({
  patientId: idSchema.optional(),
  deviceId: idSchema.optional(),
  workOrderId: idSchema.optional(),
});

export const sessionPatientSchema = z.strictObject({
  patientId: z.number().int(),
  name: z.string(),
  sessions: z.number().int(),
  lastAt: z.string(),
});

export const deviceInfoSchema = z.strictObject({
  device: deviceRowSchema,
  latest: z.array(z.strictObject({ metric: z.string(), value: z.number(), ts: z.string() })),
  sessions: z.array(deviceSessionRowSchema),
  events: z.array(z.strictObject({ kind: z.enum(['online', 'offline']), at: z.string() })),
});

export const deviceMonitorRowSchema = z.strictObject({
  id: z.number().int(),
  code: z.string(),
  equipmentName: z.string().nullable(),
  type: deviceTypeSchema,
  location: z.string(),
  state: deviceStateSchema,
  lastActivityAt: z.string().nullable(),
  todaySessions: z.number().int(),
  running: z.boolean(),
  /** today's alerts: offline transitions and sessions closed as terminated */
  alerts: z.number().int(),
  /** the type's inactivity timeout: a screen shows the device offline once it passed, between two refreshes too */
  offlineAfterSeconds: z.number().int(),
  detectionDelaySeconds: z.number().int(),
});
export const monitorSchema = z.strictObject({
  date: z.string(),
  refreshedAt: z.string(),
  devices: z.array(deviceMonitorRowSchema),
});

/** The HUD of one device: what runs now; a patient only by masked name. */
export const hudSchema = z.strictObject({
  deviceId: z.number().int(),
  code: z.string(),
  equipmentName: z.string().nullable(),
  state: deviceStateSchema,
  lastActivityAt: z.string().nullable(),
  offlineAfterSeconds: z.number().int(),
  serverTime: z.string(),
  session: z
    .strictObject({
      id: z.number().int(),
      patientMasked: z.string().nullable(),
      game: z.string(),
      level: z.number().int().nullable(),
      startedAt: z.string(),
      repetitions: z.number().nullable(),
      scores: z.array(z.strictObject({ ts: z.string(), value: z.number() })),
    })
    .nullable(),
});

/**
 * The state a screen shows at `nowMs`: the server's, except that an online device whose timeout passed since its
 * last activity shows offline at once (the checker would say so within a minute; the next refresh agrees).
 */
export function shownState(
  d: { state: DeviceState; lastActivityAt: string | null; offlineAfterSeconds: number },
  nowMs: number,
): DeviceState {
  if (d.state !== 'online') return d.state;
  return isOnline(
    { enabled: true, reportsOnline: true, lastActivityAt: d.lastActivityAt },
    d.offlineAfterSeconds,
    nowMs,
  )
    ? 'online'
    : 'offline';
}

export const confirmParamsSchema = z.object({ id: numberFrom(z.number().int().positive().max(2_147_483_647)) });
