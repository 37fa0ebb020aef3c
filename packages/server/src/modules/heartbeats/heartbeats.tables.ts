import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { FailureReason, MaintenanceWindow, MonitorKind, MonitorStatus } from '@rehab/shared';
import { organizations } from '../organizations/organizations.tables';
import { users } from '../users/users.tables';
import { createdAt, ts } from '../../db/columns';

/**
 * A monitor of a hospital-system interface (HIS, 医保 front machine, e-bill platform): its kind and target, its timing
 * (interval, grace, retries, resend), its maintenance windows and who is told; and its current state, which only the
 * checker job and the push endpoint write (through the pure state machine of the shared package). A push monitor's
 * token is the secret path the partner calls; it is shown again to administrators, like any endpoint address.
 */
export const heartbeatMonitors = pgTable(
  'hb_monitor',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: varchar('name', { length: 50 }).notNull(),
    kind: varchar('kind', { length: 10 }).$type<MonitorKind>().notNull(),
    target: varchar('target', { length: 200 }),
    pushToken: varchar('push_token', { length: 32 }),
    intervalSec: integer('interval_sec').notNull(),
    graceSec: integer('grace_sec').notNull(),
    retries: integer('retries').notNull(),
    resendMinutes: integer('resend_minutes').notNull(),
    notifyUserIds: jsonb('notify_user_ids').$type<number[]>().notNull(),
    maintenance: jsonb('maintenance').$type<MaintenanceWindow[]>().notNull(),
    enabled: boolean('enabled').notNull(),
    status: varchar('status', { length: 12 }).$type<MonitorStatus>(),
    failures: integer('failures').notNull().default(0),
    lastCheckAt: ts('last_check_at'),
    lastOkAt: ts('last_ok_at'),
    lastMessage: varchar('last_message', { length: 200 }),
    /** push monitors: the partner's last call and whether it said "down" */
    lastPushAt: ts('last_push_at'),
    lastPushDown: boolean('last_push_down').notNull().default(false),
    nextCheckAt: ts('next_check_at'),
    lastNotifiedAt: ts('last_notified_at'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: ts('updated_at'),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    uniqueIndex('hb_monitor_push_token_uq').on(t.pushToken),
    index('hb_monitor_org_idx')
      .on(t.organizationId, t.id)
      .where(sql`${t.deletedAt} IS NULL`),
    index('hb_monitor_due_idx')
      .on(t.nextCheckAt)
      .where(sql`${t.deletedAt} IS NULL AND ${t.enabled}`),
  ],
);

/** A span of DOWN: opened by the state machine's 'down', acknowledged by a person, resolved by its 'up'. */
export const heartbeatIncidents = pgTable(
  'hb_incident',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    monitorId: integer('monitor_id')
      .notNull()
      .references(() => heartbeatMonitors.id),
    reason: varchar('reason', { length: 10 }).$type<FailureReason>().notNull(),
    message: varchar('message', { length: 200 }),
    startedAt: ts('started_at').notNull(),
    acknowledgedAt: ts('acknowledged_at'),
    acknowledgedBy: integer('acknowledged_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: ts('resolved_at'),
  },
  (t) => [
    index('hb_incident_org_idx').on(t.organizationId, t.startedAt),
    index('hb_incident_monitor_idx').on(t.monitorId, t.startedAt),
    uniqueIndex('hb_incident_open_uq')
      .on(t.monitorId)
      .where(sql`${t.resolvedAt} IS NULL`),
  ],
);

/**
 * The last successful exchange of one of our own integrations with a hospital system, under a source key
 * (`recordExchange` of the public face): what a derived monitor watches.
 */
export const heartbeatExchanges = pgTable(
  'hb_exchange',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    source: varchar('source', { length: 40 }).notNull(),
    lastOkAt: ts('last_ok_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.source] })],
);
