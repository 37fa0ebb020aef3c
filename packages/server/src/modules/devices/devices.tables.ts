import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { organizations } from '../organizations/organizations.tables';
import { users } from '../users/users.tables';
import { offices } from '../offices/offices.tables';
import { sysEquipment } from '../master-data/master-data.tables';
import { patients } from '../patients/patients.tables';
import { workOrders } from '../work-orders/work-orders.tables';
import { createdAt, ts } from '../../db/columns';

/**
 * A device (物联设备): a piece of rehab equipment that reports its own data, registered on the equipment master data
 * (`equipment_id`, optional for a self-registered device until an administrator links it). Its credential is a
 * token shown once; only its SHA-256 is stored. A disabled device's token opens nothing. `online` is the checker's
 * last verdict (kept to tell transitions), `last_activity_at` the last call that carried data or a heartbeat.
 */
export const devices = pgTable(
  'dev_device',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    equipmentId: integer('equipment_id').references(() => sysEquipment.id),
    code: varchar('code', { length: 30 }).notNull(),
    serial: varchar('serial', { length: 40 }).notNull(),
    vendor: varchar('vendor', { length: 50 }).notNull().default(''),
    model: varchar('model', { length: 50 }).notNull().default(''),
    type: varchar('type', { length: 20 }).notNull(),
    firmware: varchar('firmware', { length: 30 }).notNull().default(''),
    location: varchar('location', { length: 60 }).notNull().default(''),
    officeId: integer('office_id').references(() => offices.id),
    enabled: boolean('enabled').notNull().default(true),
    reportsOnline: boolean('reports_online').notNull().default(true),
    selfRegistered: boolean('self_registered').notNull().default(false),
    tokenHash: varchar('token_hash', { length: 64 }),
    tokenRotatedAt: ts('token_rotated_at'),
    lastActivityAt: ts('last_activity_at'),
    online: boolean('online').notNull().default(false),
    createdAt: createdAt(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('dev_device_code_uq').on(t.organizationId, t.code),
    uniqueIndex('dev_device_token_uq').on(t.tokenHash),
  ],
);

/**
 * The organization's device settings: the registration key's hash (self-registration), the raw samples' retention,
 * how long a session may stay silent before it is closed as terminated, and the inactivity timeout per device type.
 */
export const deviceSettings = pgTable(
  'dev_setting',
  {
    organizationId: integer('organization_id')
      .primaryKey()
      .references(() => organizations.id),
    registrationKeyHash: varchar('registration_key_hash', { length: 64 }),
    retentionDays: integer('retention_days').notNull().default(180),
    sessionLimitMinutes: integer('session_limit_minutes').notNull().default(30),
    offlineAfter: jsonb('offline_after').$type<Record<string, number>>().notNull().default({}),
  },
  (t) => [uniqueIndex('dev_setting_key_uq').on(t.registrationKeyHash)],
);

/**
 * A training session on a device (训练记录), idempotent by the device's own session id (`external_id`): a re-sent
 * start, batch or end finds the same row. Bound to a patient and a work order (given by the device or found in the
 * schedule of that equipment at that time). Status 1 running, 2 ended, 3 terminated (closed by the checker). The
 * summary metrics are typed columns; the therapist's confirmation joins it to the work order's treatment record.
 */
export const deviceSessions = pgTable(
  'dev_session',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id),
    externalId: varchar('external_id', { length: 64 }).notNull(),
    patientId: integer('patient_id').references(() => patients.id),
    workOrderId: integer('work_order_id').references(() => workOrders.id),
    status: smallint('status').notNull().default(1),
    game: varchar('game', { length: 50 }).notNull(),
    level: integer('level'),
    startedAt: ts('started_at').notNull(),
    lastDataAt: ts('last_data_at').notNull(),
    endedAt: ts('ended_at'),
    durationSeconds: integer('duration_seconds'),
    repetitions: integer('repetitions'),
    rangeOfMotion: real('range_of_motion'),
    force: real('force'),
    score: integer('score'),
    confirmedAt: ts('confirmed_at'),
    confirmedBy: integer('confirmed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('dev_session_external_uq').on(t.deviceId, t.externalId),
    index('dev_session_org_started_idx').on(t.organizationId, t.startedAt),
    index('dev_session_patient_idx').on(t.patientId, t.startedAt),
    index('dev_session_running_idx')
      .on(t.lastDataAt)
      .where(sql`${t.status} = 1`),
  ],
);

/**
 * Raw samples (原始采样): one metric value at one instant of a session. A re-sent batch stores nothing twice (unique
 * per session, metric and instant). Deleted after the organization's retention by the nightly job.
 */
export const deviceSamples = pgTable(
  'dev_sample',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id),
    sessionId: integer('session_id')
      .notNull()
      .references(() => deviceSessions.id),
    ts: ts('ts').notNull(),
    metric: varchar('metric', { length: 30 }).notNull(),
    value: doublePrecision('value').notNull(),
  },
  (t) => [
    index('dev_sample_device_ts_idx').on(t.deviceId, t.ts),
    uniqueIndex('dev_sample_uq').on(t.sessionId, t.metric, t.ts),
  ],
);

/** The latest value of each metric of a device (the HUD and the device page read it, not the samples). */
export const deviceLatest = pgTable(
  'dev_latest',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id),
    metric: varchar('metric', { length: 30 }).notNull(),
    ts: ts('ts').notNull(),
    value: doublePrecision('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.metric] })],
);

/** A device's online / offline transitions as the checker saw them (the monitor's alerts, the device page). */
export const deviceEvents = pgTable(
  'dev_event',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id),
    kind: varchar('kind', { length: 10 }).notNull(),
    at: ts('at').notNull(),
  },
  (t) => [index('dev_event_device_idx').on(t.deviceId, t.at), index('dev_event_org_idx').on(t.organizationId, t.at)],
);
