import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { is, sql } from 'drizzle-orm';
import { PgTable, getTableConfig } from 'drizzle-orm/pg-core';
import { openDatabase, migrationsDir, type Database } from '../src/db/client';
import { migrationFiles, queryRows, splitStatements } from '../src/db/migrate';
import * as schema from '../src/db/schema';

// The SQL migrations are written by hand; the drizzle tables are what the code queries. This test keeps the two
// in step: every table and column the code knows exists in a freshly migrated database, with the same nullability.

let database: Database;
let dir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rehab-drift-'));
  database = await openDatabase({ databaseUrl: null, dataDir: dir });
  await database.migrate();
});

afterAll(async () => {
  await database?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('migrations', () => {
  it('are numbered uniquely and split into statements', () => {
    const files = migrationFiles(migrationsDir());
    const numbers = files.map((f) => f.slice(0, 4));
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const f of files) {
      expect(splitStatements(fs.readFileSync(path.join(migrationsDir(), f), 'utf8')).length).toBeGreaterThan(0);
    }
  });

  it('apply once: a second run does nothing', async () => {
    const { applyMigrations } = await import('../src/db/migrate');
    expect(await applyMigrations(database.db, migrationsDir())).toEqual([]);
  });

  it('create every table and column of the drizzle schema', async () => {
    const rows = await queryRows<{ table_name: string; column_name: string; is_nullable: string }>(
      database.db,
      sql.raw(
        `SELECT table_name, column_name, is_nullable FROM information_schema.columns WHERE table_schema = 'public'`,
      ),
    );
    const actual = new Map(rows.map((r) => [`${r.table_name}.${r.column_name}`, r.is_nullable === 'YES']));
    const tables = Object.values(schema).filter((v) => is(v, PgTable)) as PgTable[];
    expect(tables.length).toBeGreaterThan(10);
    const problems: string[] = [];
    for (const table of tables) {
      const config = getTableConfig(table);
      for (const column of config.columns) {
        const key = `${config.name}.${column.name}`;
        if (!actual.has(key)) problems.push(`${key} is missing`);
        else if (actual.get(key) !== !column.notNull) problems.push(`${key} nullability differs`);
      }
    }
    expect(problems).toEqual([]);
  });
});
