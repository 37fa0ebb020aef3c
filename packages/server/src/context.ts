import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config';
import type { Db } from './db/client';
import type { ClinicCalendar, Clock } from './kernel/clock';
import type { ComposedModules } from './kernel/compose';
import type { CodeDelivery } from './modules/auth/delivery';
import type { JobScheduler } from './modules/jobs/jobs.scheduler';
import type { LiveChannel } from './modules/messages/live-broker';

/** What handlers and services share: settings, the database and the outside channels. */
export type AppContext = {
  config: AppConfig;
  db: Db;
  dbKind: 'pglite' | 'postgres';
  /** a consistent copy of the embedded database (PGlite), null on PostgreSQL (db/client `dump`; the backup job) */
  dumpDatabase: (() => Promise<Blob>) | null;
  log: FastifyBaseLogger;
  delivery: CodeDelivery;
  /** what the modules of the composition root (src/modules.ts) bring: routes, menus, jobs, counters, event routes */
  modules: ComposedModules;
  /** the product's "now": the wall clock in production, a clock the tests drive */
  clock: Clock;
  /** the clinic's today and days, on that clock in the clinic's time zone (SCHEDULER_TIMEZONE) */
  calendar: ClinicCalendar;
  /** the scheduled jobs of this process (modules/jobs); stopped when the server closes */
  scheduler: JobScheduler;
  /** the live message channel (MQTT over WebSocket at /mqtt), see modules/messages */
  live: LiveChannel;
};

export type { DashboardCounter } from './kernel/module';
