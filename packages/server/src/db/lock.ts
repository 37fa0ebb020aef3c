import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export class DataDirLockedError extends Error {}

/**
 * Exactly one process may own a PGlite directory: two processes opening it corrupt it. The lock file holds the
 * owner's host and pid; a lock left by a process that is gone is taken over.
 */
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'server.lock');
  const me = `${os.hostname()} ${process.pid}`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, me, { flag: 'wx' });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(file, 'utf8') === me) fs.unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const [host, pidText] = fs.readFileSync(file, 'utf8').trim().split(' ');
      const pid = Number(pidText);
      if (host === os.hostname() && pid !== process.pid && !isAlive(pid)) {
        fs.unlinkSync(file);
        continue;
      }
      throw new DataDirLockedError(
        `The data directory ${dir} is in use by another server process (${host} pid ${pid}). ` +
          'Stop that process, or start this one with another DATA_DIR, or use PostgreSQL (DATABASE_URL).',
      );
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dir}`);
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
