import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { seed } from '../src/db/seed';

export const TEMPLATE_DIR = path.resolve(import.meta.dirname, '../../../.tmp/pglite-template');

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
    await seed(database.db, { demo: true });
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
  fs.rmSync(TEMPLATE_DIR, { recursive: true, force: true });
  const database = await openDatabase({ databaseUrl: null, dataDir: TEMPLATE_DIR });
  await database.migrate();
  await seed(database.db, { demo: true });
  await database.close();
  project.provide('pgliteTemplate', TEMPLATE_DIR);
  project.provide('pgTemplate', `rehab_tpl_${process.pid}`);
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
