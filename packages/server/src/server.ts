import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from './app';
import type { AppConfig } from './config';
import type { AppContext } from './context';
import { openDatabase } from './db/client';
import { keepNoAnswers } from './db/data-version';
import { seed } from './db/seed';
import { clinicCalendar, onClock, systemClock, type Clock } from './kernel/clock';
import { composition } from './modules';
import { createDelivery, httpSmsProvider, type SmsProvider } from './modules/auth/delivery';
import { JobScheduler } from './modules/jobs/jobs.scheduler';
import { createLiveChannel, type LiveChannel } from './modules/messages/live-broker';

/** Fields that never reach the log: credentials and codes. */
const REDACT = [
  'req.headers.token',
  'req.headers.authorization',
  'req.headers.cookie',
  '*.password',
  '*.newPassword',
  '*.oldPassword',
  '*.verificationCode',
];

/**
 * The server's log: secrets redacted, and a request logged by its method and path only. The query string and the
 * body never reach the log (they carry patients' names, phone numbers and ID numbers); the operation log, a table
 * with its own access control, records parameters.
 */
export function createServerLogger(level: string, destination?: pino.DestinationStream): FastifyBaseLogger {
  const options: pino.LoggerOptions = {
    level,
    redact: { paths: REDACT, censor: '[redacted]' },
    serializers: {
      req: (req: { method?: string; url?: string; ip?: string; socket?: { remoteAddress?: string } }) => ({
        method: req.method,
        url: req.url?.split('?')[0],
        remoteAddress: req.ip ?? req.socket?.remoteAddress,
      }),
    },
  };
  return (destination ? pino(options, destination) : pino(options)) as unknown as FastifyBaseLogger;
}

/** Opens the database, migrates and seeds it, and builds the HTTP server: everything but `listen`. */
export async function startServer(
  config: AppConfig,
  options: { logger?: FastifyBaseLogger; sms?: SmsProvider; clock?: Clock } = {},
) {
  const log = options.logger ?? createServerLogger(config.logLevel);
  const clock = options.clock ?? systemClock;
  const database = await openDatabase(config);
  let live: LiveChannel | null = null;
  try {
    await database.migrate();
    const host = { db: database.db, clock, log, modules: composition };
    await onClock(
      clock,
      () =>
        seed(database.db, composition, {
          demo: config.seedDemo,
          host,
          initialAdmin:
            process.env.INITIAL_ADMIN_PHONE && process.env.INITIAL_ADMIN_PASSWORD
              ? { phone: process.env.INITIAL_ADMIN_PHONE, password: process.env.INITIAL_ADMIN_PASSWORD }
              : undefined,
        }),
      config.scheduler.timezone,
    );
    const app = {
      config,
      db: database.db,
      dbKind: database.kind,
      dumpDatabase: database.dump,
      log,
      delivery: createDelivery(config, log, options.sms ?? httpSmsProvider(config.sms)),
      modules: composition,
      clock,
      calendar: clinicCalendar(clock, config.scheduler.timezone),
      scheduler: new JobScheduler(() => app),
    } as Omit<AppContext, 'live'> as AppContext;
    if (!config.answerCache) keepNoAnswers(database.db);
    live = await createLiveChannel(app, { redisUrl: config.redisUrl });
    app.live = live;
    const server = await buildApp(app);
    live.attach(server.server);
    const channel = live;
    // live connections are upgraded sockets the HTTP server would wait for: end them before it closes
    server.addHook('preClose', async () => {
      await channel.close();
    });
    server.addHook('onClose', async () => {
      await server.drain();
      await app.scheduler.stop();
      await database.close();
    });
    await app.scheduler.start();
    return { server, app };
  } catch (err) {
    await live?.close().catch(() => undefined);
    await database.close();
    throw err;
  }
}
