import { z } from 'zod';
import { idSchema, pageQuerySchema } from '../schemas/common.schema';
import { textWidth } from '../validators/text';
import { FAILURE_REASONS, MONITOR_STATUSES } from './heartbeat-state';

/**
 * Heartbeat monitoring of the hospital-system interfaces (/heartbeatMonitoring/index, hisHeartbeat/pageInfo): the
 * information department's wall of HIS, 医保 and e-bill interfaces with their state, incidents and uptime.
 */
export const HeartbeatPerm = {
  /** the monitors, their incidents and uptime */
  list: 'sys:heartbeat:list',
  save: 'sys:heartbeat:save',
  update: 'sys:heartbeat:update',
  delete: 'sys:heartbeat:delete',
  /** acknowledge an open incident (someone is on it) */
  ack: 'sys:heartbeat:ack',
} as const;

/**
 * push: the partner calls our secret URL; http: we call its health URL (2xx is up); tcp: we open host:port; derived:
 * the last successful exchange our own integrations recorded under a source key.
 */
export const MONITOR_KINDS = ['push', 'http', 'tcp', 'derived'] as const;
export type MonitorKind = (typeof MONITOR_KINDS)[number];

export const monitorStatusSchema = z.enum(MONITOR_STATUSES);
export const failureReasonSchema = z.enum(FAILURE_REASONS);

const nameSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required', abort: true })
  .max(50, { error: 'validation.tooLong', abort: true })
  .refine((v) => textWidth(v) <= 100, { error: 'validation.widthTooLong' });

const instant = z.iso.datetime({ offset: true, error: 'heartbeat.badTime' });

export const maintenanceWindowSchema = z
  .strictObject({ from: instant, to: instant })
  .refine((w) => Date.parse(w.to) > Date.parse(w.from), { error: 'heartbeat.windowReversed', path: ['to'] });
export type MaintenanceWindow = z.infer<typeof maintenanceWindowSchema>;

/** host:port of a TCP check (a name or an IPv4 address; port 1-65535). */
export const TCP_TARGET = /^[A-Za-z0-9.-]{1,190}:(\d{1,5})$/;

const monitorFields = {
  name: nameSchema,
  kind: z.enum(MONITOR_KINDS, { error: 'heartbeat.kind' }),
  /** http: the URL; tcp: host:port; derived: the source key; push: none */
  target: z.string().trim().max(200, { error: 'validation.tooLong' }).nullable().default(null),
  intervalSec: z.number().int().min(10).max(86_400).default(60),
  graceSec: z.number().int().min(0).max(86_400).default(30),
  retries: z.number().int().min(0).max(10).default(1),
  resendMinutes: z.number().int().min(0).max(1440).default(0),
  notifyUserIds: z.array(idSchema).max(20).default([]),
  maintenance: z.array(maintenanceWindowSchema).max(10).default([]),
  enabled: z.boolean().default(true),
};

type TargetCheck = { kind: MonitorKind; target: string | null };
function checkTarget(v: TargetCheck, ctx: z.RefinementCtx) {
  const t = v.target ?? '';
  const bad = (error: string) => ctx.addIssue({ code: 'custom', path: ['target'], message: error });
  if (v.kind === 'push') return;
  if (!t) return bad('heartbeat.targetRequired');
  if (v.kind === 'http' && !/^https?:\/\/[^\s]+$/.test(t)) return bad('heartbeat.targetUrl');
  if (v.kind === 'tcp') {
    const m = TCP_TARGET.exec(t);
    if (!m || Number(m[1]) < 1 || Number(m[1]) > 65_535) return bad('heartbeat.targetTcp');
  }
  if (v.kind === 'derived' && !/^[A-Za-z0-9_.-]{1,40}$/.test(t)) return bad('heartbeat.targetSource');
}

export const monitorSaveSchema = z.strictObject(monitorFields).superRefine(checkTarget);
export type MonitorSave = z.input<typeof monitorSaveSchema>;
export const monitorUpdateSchema = z.strictObject({ id: idSchema, ...monitorFields }).superRefine(checkTarget);

export const monitorPageQuerySchema = pageQuerySchema.extend({
  name: z.string().trim().max(50).optional(),
  status: monitorStatusSchema.optional(),
});

export const uptimeDaySchema = z.strictObject({ day: z.string(), ratio: z.number().nullable() });

export const monitorRowSchema = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(MONITOR_KINDS),
  target: z.string().nullable(),
  intervalSec: z.number().int(),
  graceSec: z.number().int(),
  retries: z.number().int(),
  resendMinutes: z.number().int(),
  notifyUserIds: z.array(z.number().int()),
  maintenance: z.array(z.strictObject({ from: z.string(), to: z.string() })),
  enabled: z.boolean(),
  /** null: not checked yet */
  status: monitorStatusSchema.nullable(),
  failures: z.number().int(),
  lastCheckAt: z.string().nullable(),
  lastOkAt: z.string().nullable(),
  lastMessage: z.string().nullable(),
  /** push monitors: the secret path the partner calls (`/api/hisHeartbeat/push/<token>`) */
  pushToken: z.string().nullable(),
  /** the open incident, if any */
  openIncidentId: z.number().int().nullable(),
  /** the last 7 days of the clinic, oldest first */
  uptime: z.array(uptimeDaySchema),
  /** how late a failure can be noticed at worst: interval + grace + the checker's period, seconds */
  detectionSec: z.number().int(),
});
export type MonitorRow = z.infer<typeof monitorRowSchema>;

export const incidentPageQuerySchema = pageQuerySchema.extend({
  monitorId: idSchema.optional(),
  open: z.boolean().optional(),
});

export const incidentRowSchema = z.strictObject({
  id: z.number().int(),
  monitorId: z.number().int(),
  monitorName: z.string(),
  reason: failureReasonSchema,
  message: z.string().nullable(),
  startedAt: z.string(),
  acknowledgedAt: z.string().nullable(),
  acknowledgedByName: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  /** seconds down: until resolution, or until now while open */
  durationSec: z.number().int(),
});
export type IncidentRow = z.infer<typeof incidentRowSchema>;

/** A push: `status=down` (with an optional message) is an explicit failure; anything else is a heartbeat. */
export const pushQuerySchema = z.object({
  status: z.enum(['up', 'down']).default('up'),
  msg: z.string().max(200).optional(),
});
export const pushParamsSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{32}$/, { error: 'heartbeat.pushUnknown' }),
});
