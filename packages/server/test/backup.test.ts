import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_FILE, databaseBackup, pruneBackups } from '../src/modules/jobs/backup.job';
import { startTestServer, type TestServer } from './harness';

// Issue 22, item 7: backups of the embedded database, and `npm run restore`.

const ROOT = path.resolve(import.meta.dirname, '../../..');
const pglite = process.env.TEST_BACKEND !== 'postgres';

let s: TestServer;
let work: string;
beforeAll(async () => {
  s = await startTestServer();
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'rehab-backup-test-'));
});
afterAll(async () => {
  await s?.close();
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

const runBackup = (params = { keepCount: 14, keepDays: 30 }) =>
  databaseBackup.run({ app: s.app, params, now: s.clock.now() });

const backups = () =>
  fs.existsSync(s.config.backupDir) ? fs.readdirSync(s.config.backupDir).filter((f) => BACKUP_FILE.test(f)) : [];

const restore = (file: string, target: string) =>
  execFileSync(process.execPath, [path.join(ROOT, 'scripts/restore.mjs'), file, target], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: 'pipe',
  });

describe.runIf(pglite)('backups of the embedded database (PGlite)', () => {
  it('backs up under write load; the restored copy has every committed row and no half transaction', async () => {
    await s.app.db.execute(
      sql`CREATE TABLE backup_probe (id serial PRIMARY KEY, writer int NOT NULL, seq int NOT NULL, half int NOT NULL)`,
    );
    // four writers, each committing transactions of two rows (half 1 and 2) as fast as they can
    const committed: string[] = [];
    let stop = false;
    const writer = async (w: number) => {
      for (let seq = 0; !stop; seq++) {
        await s.app.db.transaction(async (tx) => {
          await tx.execute(sql`INSERT INTO backup_probe (writer, seq, half) VALUES (${w}, ${seq}, 1)`);
          await tx.execute(sql`INSERT INTO backup_probe (writer, seq, half) VALUES (${w}, ${seq}, 2)`);
        });
        committed.push(`${w}:${seq}`);
        // PGlite answers on the microtask queue: let timers and the backup's own I/O run between transactions
        await new Promise((r) => setImmediate(r));
      }
    };
    const writers = [1, 2, 3, 4].map(writer);
    while (committed.length < 50) await new Promise((r) => setImmediate(r));
    const before = [...committed];
    const result = await runBackup();
    const after = [...committed];
    stop = true;
    await Promise.all(writers);
    expect(result).toMatchObject({ written: 1 });
    const [file] = backups();
    expect(file).toBeDefined();

    const target = path.join(work, 'restored');
    const out = restore(path.join(s.config.backupDir, file!), target);
    expect(out).toContain(`DATA_DIR=${target}`);
    const db = await PGlite.create(path.join(target, 'pglite'));
    try {
      const { rows } = await db.query<{ writer: number; seq: number; halves: number }>(
        'SELECT writer, seq, count(*)::int AS halves FROM backup_probe GROUP BY writer, seq',
      );
      const restored = new Set(rows.map((r) => `${r.writer}:${r.seq}`));
      // every transaction acknowledged before the backup started is there
      for (const key of before) expect(restored.has(key), key).toBe(true);
      // nothing beyond what was acknowledged by the time it finished, and never one row of a transaction alone
      for (const key of restored) expect(after.includes(key), key).toBe(true);
      expect(rows.every((r) => r.halves === 2)).toBe(true);
      // the product's own data came along
      const users = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM sys_user');
      expect(users.rows[0]!.n).toBeGreaterThan(5);
    } finally {
      await db.close();
    }
    await s.app.db.execute(sql`DROP TABLE backup_probe`);
  });

  it('restores only into a new directory', () => {
    const [file] = backups();
    const busy = path.join(work, 'busy');
    fs.mkdirSync(busy);
    fs.writeFileSync(path.join(busy, 'keep.txt'), 'x');
    expect(() => restore(path.join(s.config.backupDir, file!), busy)).toThrow(/not empty/);
    expect(fs.readdirSync(busy)).toEqual(['keep.txt']);
  });

  it('keeps backups by count and by age, never the one just written', async () => {
    for (let i = 0; i < 3; i++) {
      s.clock.advance(3_600_000);
      await runBackup({ keepCount: 3, keepDays: 30 });
    }
    expect(backups()).toHaveLength(3);
    s.clock.advance(3_600_000);
    expect(await runBackup({ keepCount: 2, keepDays: 30 })).toEqual({ written: 1, removed: 2 });
    expect(backups()).toHaveLength(2);
    // 40 days later, only the new one is young enough
    s.clock.advance(40 * 86_400_000);
    expect(await runBackup({ keepCount: 10, keepDays: 30 })).toEqual({ written: 1, removed: 2 });
    expect(backups()).toHaveLength(1);
    // two days on, a one-day limit removes the last one too; files that are not backups are left alone
    fs.writeFileSync(path.join(s.config.backupDir, 'notes.txt'), 'x');
    const later = new Date(s.clock.now().getTime() + 2 * 86_400_000);
    expect(pruneBackups(s.config.backupDir, { keepCount: 1, keepDays: 1, now: later, keep: '' })).toBe(1);
    expect(fs.readdirSync(s.config.backupDir)).toEqual(['notes.txt']);
  });
});

describe.runIf(!pglite)('backups on PostgreSQL', () => {
  it('the job does nothing and says so (pg_dump and WAL archiving, README)', async () => {
    expect(await runBackup()).toEqual({ skipped: 1 });
    expect(backups()).toEqual([]);
  });
});
