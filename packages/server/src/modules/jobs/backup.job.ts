/**
 * Backups of the embedded database (issue 22, item 7): a consistent copy of the PGlite data directory written to
 * BACKUP_DIR, kept by count and age; `npm run restore -- <file>` opens one as a new data directory (README).
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DAY, defineJobBean, type JobResult } from '../../kernel/job';
import type { AppContext } from '../../context';

/** The backup files this job writes and prunes (nothing else in the directory is touched). */
export const BACKUP_FILE = /^rehab-pglite-(\d{8}T\d{6}(?:\d{3})?Z)\.tar\.gz$/;

const stamp = (now: Date) => now.toISOString().replace(/[-:]/g, '').replace('.', '');

export const databaseBackup = defineJobBean({
  name: 'databaseBackup',
  label: { 'zh-CN': '备份内置数据库', en: 'Back up the embedded database' },
  description: {
    'zh-CN':
      '把内置数据库（PGlite）的一致性副本写入备份目录（BACKUP_DIR），按份数和天数保留；使用 PostgreSQL 时不执行（请用 pg_dump 与 WAL 归档）',
    en: 'Writes a consistent copy of the embedded database (PGlite) to the backup directory (BACKUP_DIR), kept by count and age; does nothing on PostgreSQL (use pg_dump and WAL archiving)',
  },
  params: z.strictObject({
    keepCount: z.number().int().min(1).max(1000).default(14),
    keepDays: z.number().int().min(1).max(3650).default(30),
  }),
  defaultCron: '0 15 3 * * ?',
  run: async ({ app, params, now }): Promise<JobResult> => {
    if (!app.dumpDatabase) {
      app.log.info('databaseBackup: PostgreSQL is backed up with pg_dump and WAL archiving (README), not by this job');
      return { skipped: 1 };
    }
    const file = await writeBackup(app, now);
    const pruned = pruneBackups(app.config.backupDir, { ...params, now, keep: path.basename(file) });
    app.log.info(`databaseBackup: wrote ${file}, removed ${pruned} old backup(s)`);
    return { written: 1, removed: pruned };
  },
});

/** Writes one backup file (under a temporary name first, so a half-written file never looks like a backup). */
export async function writeBackup(app: AppContext, now: Date): Promise<string> {
  const dir = app.config.backupDir;
  fs.mkdirSync(dir, { recursive: true });
  const blob = await app.dumpDatabase!();
  const file = path.join(dir, `rehab-pglite-${stamp(now)}.tar.gz`);
  const partial = `${file}.partial`;
  fs.writeFileSync(partial, Buffer.from(await blob.arrayBuffer()));
  fs.renameSync(partial, file);
  return file;
}

/**
 * Removes the backups beyond the newest `keepCount` and those older than `keepDays` (by the time in their name),
 * never the one just written. Answers how many were removed.
 */
export function pruneBackups(
  dir: string,
  options: { keepCount: number; keepDays: number; now: Date; keep: string },
): number {
  const files = fs
    .readdirSync(dir)
    .filter((f) => BACKUP_FILE.test(f))
    .sort()
    .reverse();
  const oldest = options.now.getTime() - options.keepDays * DAY;
  let removed = 0;
  files.forEach((f, index) => {
    if (f === options.keep) return;
    const taken = Date.parse(
      BACKUP_FILE.exec(f)![1]!.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})?Z$/, '$1-$2-$3T$4:$5:$6Z'),
    );
    if (index >= options.keepCount || taken < oldest) {
      fs.rmSync(path.join(dir, f), { force: true });
      removed++;
    }
  });
  return removed;
}
