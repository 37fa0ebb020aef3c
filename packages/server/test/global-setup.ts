import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { seed } from '../src/db/seed';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../src/db/client';
import { composition } from '../src/modules';
import { systemClock } from '../src/kernel/clock';

const TEMPLATES = path.resolve(import.meta.dirname, '../../../.tmp');
/** one template per run: two runs at once (two terminals, a watcher) must not rebuild each other's template */
export const TEMPLATE_DIR = path.join(TEMPLATES, `pglite-template-${process.pid}`);

/**
 * Builds one migrated and seeded database per run, which every test file copies: a PGlite directory, or a
 * PostgreSQL template database when the suite runs against TEST_DATABASE_URL.
 */
export default async function setup(project: TestProject) {
  const backend = project.config.env.TEST_BACKEND;
  if (backend === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    const template = `rehab_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${template}`);
    await admin.query(`CREATE DATABASE ${template}`);
    const database = await openDatabase({ databaseUrl: withDatabase(url, template), dataDir: '' });
    await database.migrate();
    await seedDemoDatabase(database.db);
    await database.close();
    project.provide('pgTemplate', template);
    return async () => {
      const { rows } = await admin.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE 'rehab_t\\_${process.pid}\\_%' OR datname = $1`,
        [template],
      );
      for (const row of rows) await admin.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
      await admin.end();
    };
  }
  removeStaleTemplates();
  fs.rmSync(TEMPLATE_DIR, { recursive: true, force: true });
  const database = await openDatabase({ databaseUrl: null, dataDir: TEMPLATE_DIR });
  await database.migrate();
  await seedDemoDatabase(database.db);
  await database.close();
  project.provide('pgliteTemplate', TEMPLATE_DIR);
  project.provide('pgTemplate', `rehab_tpl_${process.pid}`);
  return () => fs.rmSync(TEMPLATE_DIR, { recursive: true, force: true });
}

/** Templates left by runs that were killed before their teardown. */
function removeStaleTemplates() {
  if (!fs.existsSync(TEMPLATES)) return;
  for (const name of fs.readdirSync(TEMPLATES)) {
    const pid = Number(/^pglite-template-(\d+)$/.exec(name)?.[1] ?? NaN);
    if (Number.isInteger(pid) && !isAlive(pid)) {
      fs.rmSync(path.join(TEMPLATES, name), { recursive: true, force: true });
    }
  }
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function withDatabase(url: string, database: string) {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplate: string;
  }
}

/** The demo data of the README, made as the server makes it at its first start. */
async function seedDemoDatabase(db: Db) {
  const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
  await seed(db, composition, { demo: true, host: { db, clock: systemClock, log, modules: composition } });
}
