import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config';
import type { Db } from './db/client';
import type { CodeDelivery } from './modules/auth/delivery';
import type { JobScheduler } from './modules/jobs/jobs.scheduler';
import type { LiveChannel } from './modules/messages/live-broker';

/** What handlers and services share: settings, the database and the outside channels. */
export type AppContext = {
  config: AppConfig;
  db: Db;
  dbKind: 'pglite' | 'postgres';
  log: FastifyBaseLogger;
  delivery: CodeDelivery;
  /** counters of the home dashboard; modules register theirs (see modules/dashboard) */
  dashboardCounters: DashboardCounter[];
  /** the scheduled jobs of this process (modules/jobs); stopped when the server closes */
  scheduler: JobScheduler;
  /** the live message channel (MQTT over WebSocket at /mqtt), see modules/messages */
  live: LiveChannel;
};

export type DashboardCounter = {
  /** field of the /sys/index/info answer */
  field: 'msgCount' | 'nonprogrammable' | 'asCount' | 'undoneTotal' | 'doneTotal' | 'unAssignedCount';
  count: (db: Db, scope: { organizationId: number; officeId: number | null; userId: number }) => Promise<number>;
};
