import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema';
import { lockDataDir } from './lock';
import { applyMigrations } from './migrate';
import { serializeQueries } from './serial-queries';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The handle `db.transaction(async (tx) => …)` passes to its callback. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A transaction or the database itself: for helpers that run alone or inside their caller's transaction. */
export type TxOrDb = Tx | Db;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * A consistent copy of the embedded database's data directory (a .tar.gz that `PGlite.create({ loadDataDir })`
   * opens; scripts/restore.mjs), or null on PostgreSQL, which is backed up with its own tools (README).
   */
  dump: (() => Promise<Blob>) | null;
};

/** The migrations folder beside the package, found from the source tree and from the bundled dist alike. */
export function migrationsDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(dir, 'migrations');
    if (fs.existsSync(path.join(candidate, '0000_foundation.sql'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('migrations folder not found');
}

/** Opens PostgreSQL when a URL is given, else the embedded PGlite directory (locked to this process). */
export async function openDatabase(options: { databaseUrl: string | null; dataDir: string }): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 20 });
    // an idle connection the server closed (a restart, a failover, an administrator) is dropped and replaced by the
    // pool; without a listener its error would end the process
    pool.on('error', (err) => console.warn(`PostgreSQL: idle connection closed (${err.message})`));
    // a transaction's reads side by side reach its one connection one after the other (db/serial-queries.ts)
    pool.on('connect', (client) => serializeQueries(client));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      async migrate() {
        // several server processes may start at once: one migrates, the others wait for it
        const client = await pool.connect();
        try {
          await client.query('SELECT pg_advisory_lock(727001)');
          await applyMigrations(drizzlePg(client, { schema }) as unknown as Db, migrationsDir());
        } finally {
          await client.query('SELECT pg_advisory_unlock(727001)').catch(() => undefined);
          client.release();
        }
      },
      close: () => pool.end(),
      dump: null,
    };
  }
  const pgDir = path.join(options.dataDir, 'pglite');
  const release = lockDataDir(options.dataDir);
  try {
    const client = await PGlite.create(pgDir);
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    return {
      db,
      kind: 'pglite',
      async migrate() {
        await applyMigrations(db, migrationsDir());
      },
      async close() {
        try {
          await client.close();
        } finally {
          release();
        }
      },
      dump: () => dumpPglite(client),
    };
  } catch (err) {
    release();
    throw err;
  }
}

/**
 * The data directory as a gzipped tar, taken while no transaction is open: PGlite runs one transaction at a time and
 * every statement outside one waits for the same lock, which the dump holds, so the copy is a moment between
 * transactions with every committed write (the write-ahead log replays what the checkpoint before did not cover).
 */
async function dumpPglite(client: PGlite): Promise<Blob> {
  await client.exec('CHECKPOINT');
  // _runExclusiveTransaction: the lock of client.transaction(), query() and exec() (PGlite 0.5); dumpDataDir alone
  // takes only the per-statement lock, so it could fall between two statements of a transaction
  const exclusive = (client as unknown as { _runExclusiveTransaction?: (fn: () => Promise<Blob>) => Promise<Blob> })
    ._runExclusiveTransaction;
  const take = () => client.dumpDataDir('gzip');
  return exclusive ? exclusive.call(client, take) : take();
}

/** Moves identity sequences past ids that seeds inserted explicitly. */
export async function syncSequences(db: Db, tables: string[]) {
  for (const table of tables) {
    await db.execute(
      sql.raw(
        `SELECT setval(pg_get_serial_sequence('${table}', 'id'), GREATEST((SELECT COALESCE(MAX(id), 0) FROM ${table}), 1))`,
      ),
    );
  }
}
