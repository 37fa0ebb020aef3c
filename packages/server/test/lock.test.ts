import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { DataDirLockedError, lockDataDir } from '../src/db/lock';

const dirs: string[] = [];
/** a copy of the migrated template (opening it takes well under a second; a fresh directory runs initdb) */
function copyOfTemplate() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rehab-lock-'));
  dirs.push(dir);
  fs.cpSync(inject('pgliteTemplate'), dir, { recursive: true });
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

// PGlite only: the PostgreSQL project leaves this file out (vitest.config.ts)
describe('the PGlite data directory lock', () => {
  it('refuses a second open while the first is open, with a clear message, and opens after the first closes', async () => {
    const dir = copyOfTemplate();
    const first = await openDatabase({ databaseUrl: null, dataDir: dir });
    try {
      const second = openDatabase({ databaseUrl: null, dataDir: dir });
      await expect(second).rejects.toBeInstanceOf(DataDirLockedError);
      await expect(openDatabase({ databaseUrl: null, dataDir: dir })).rejects.toThrow(
        new RegExp(
          `data directory ${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is in use by another server process .*pid ${process.pid}.*DATA_DIR`,
        ),
      );
      // the first one is unharmed
      await first.db.execute(sql`select 1`);
    } finally {
      await first.close();
    }
    expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(false);
    const again = await openDatabase({ databaseUrl: null, dataDir: dir });
    await again.db.execute(sql`select count(*) from sys_user`);
    await again.close();
  });

  it('takes over a lock left by a process that is gone', async () => {
    const dir = copyOfTemplate();
    const child = spawn(process.execPath, ['-e', '0']);
    const pid = child.pid!;
    await new Promise((resolve) => child.on('exit', resolve));
    fs.writeFileSync(path.join(dir, 'server.lock'), `${os.hostname()} ${pid}`);
    const db = await openDatabase({ databaseUrl: null, dataDir: dir });
    expect(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(`${os.hostname()} ${process.pid}`);
    await db.close();
  });

  it('refuses a lock held by another live process', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rehab-lock-'));
    dirs.push(dir);
    fs.writeFileSync(path.join(dir, 'server.lock'), `${os.hostname()} ${process.ppid}`);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(`pid ${process.ppid}`);
  });

  it('releases only its own lock', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rehab-lock-'));
    dirs.push(dir);
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    release();
    release();
    const again = lockDataDir(dir);
    again();
    expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(false);
  });

  it('makes a second server process refuse to start with one clear line', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rehab-lock-'));
    dirs.push(dir);
    const release = lockDataDir(dir);
    try {
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        cwd: path.resolve(import.meta.dirname, '..'),
        env: { ...process.env, DATA_DIR: dir, PORT: '0', DATABASE_URL: '', NODE_ENV: 'test' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain(`The data directory ${dir} is in use by another server process`);
      expect(fs.existsSync(path.join(dir, 'pglite'))).toBe(false);
    } finally {
      release();
    }
  });
});
