import fs from 'node:fs';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client';

/** Rows of a raw query; both drivers answer `{ rows }`, which the shared Db type leaves unknown. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Migrations are plain SQL files `migrations/NNNN_name.sql`, applied once each in file-name order, every file in
 * its own transaction, and recorded in `app_migration`. Statements are separated by the marker
 * `--> statement-breakpoint` (drizzle-kit's marker): PGlite runs one statement per call. Several areas of the
 * product add their own numbered file; no journal has to be merged.
 */
export async function applyMigrations(db: Db, dir: string): Promise<string[]> {
  await db.execute(
    sql.raw(`CREATE TABLE IF NOT EXISTS app_migration (
      name varchar(200) PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`),
  );
  await adoptDrizzleHistory(db, dir);
  const applied = new Set(
    (await queryRows<{ name: string }>(db, sql.raw('SELECT name FROM app_migration'))).map((r) => r.name),
  );
  const done: string[] = [];
  for (const file of migrationFiles(dir)) {
    const name = file.replace(/\.sql$/, '');
    if (applied.has(name)) continue;
    const text = fs.readFileSync(path.join(dir, file), 'utf8');
    await db.transaction(async (tx) => {
      for (const statement of splitStatements(text)) await tx.execute(sql.raw(statement));
      await tx.execute(sql`INSERT INTO app_migration (name) VALUES (${name})`);
    });
    done.push(name);
  }
  return done;
}

/** `0003_admin.sql` ...: four digits, an underscore, a name; anything else in the folder is ignored. */
export function migrationFiles(dir: string): string[] {
  return fs
    .readdirSync(dir)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .sort();
}

export function splitStatements(text: string): string[] {
  return text
    .split(/--> statement-breakpoint/)
    .map((s) => s.trim())
    .filter((s) => s.replace(/--[^\n]*\n?/g, '').trim().length > 0);
}

/**
 * Databases created before this runner were migrated by drizzle's migrator, which applied the first files in
 * order and counted them in drizzle.__drizzle_migrations: those files are recorded as applied, not run again.
 */
async function adoptDrizzleHistory(db: Db, dir: string) {
  const [mine] = await queryRows<{ n: number }>(db, sql.raw('SELECT count(*)::int AS n FROM app_migration'));
  if (mine!.n > 0) return;
  const [exists] = await queryRows<{ t: string | null }>(
    db,
    sql.raw(`SELECT to_regclass('drizzle.__drizzle_migrations')::text AS t`),
  );
  if (!exists?.t) return;
  const [legacy] = await queryRows<{ n: number }>(
    db,
    sql.raw('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations'),
  );
  const files = migrationFiles(dir).slice(0, legacy!.n);
  for (const file of files) {
    await db.execute(
      sql`INSERT INTO app_migration (name) VALUES (${file.replace(/\.sql$/, '')}) ON CONFLICT DO NOTHING`,
    );
  }
}
