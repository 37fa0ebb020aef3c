// Restores a backup of the embedded database (the databaseBackup job's .tar.gz, BACKUP_DIR) into a NEW data
// directory, checks that it opens, and says how to start the server on it. Never writes into an existing directory.
//
//   npm run restore -- <backup file> [new data directory]     (default: ./data-restored-<time>)
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

const [file, target] = process.argv.slice(2);
if (!file || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
  console.error('usage: npm run restore -- <backup file (rehab-pglite-*.tar.gz)> [new data directory]');
  process.exit(2);
}
const dataDir = path.resolve(target || `data-restored-${new Date().toISOString().replace(/[-:.]/g, '')}`);
if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0) {
  console.error(`${dataDir} exists and is not empty: restore into a new directory, then point DATA_DIR at it`);
  process.exit(1);
}
fs.mkdirSync(dataDir, { recursive: true });
try {
  // the server keeps the database in DATA_DIR/pglite (db/client.ts)
  const db = await PGlite.create(path.join(dataDir, 'pglite'), {
    loadDataDir: new Blob([fs.readFileSync(file)]),
  });
  const { rows } = await db.query(
    "SELECT count(*)::int AS tables FROM information_schema.tables WHERE table_schema = 'public'",
  );
  const migrations = await db
    .query('SELECT count(*)::int AS n FROM app_migration')
    .then((r) => r.rows[0].n)
    .catch(() => null);
  await db.close();
  console.log(
    `restored ${path.resolve(file)} into ${dataDir}: ${rows[0].tables} tables` +
      (migrations === null ? '' : `, ${migrations} migrations applied`),
  );
  console.log(`start the server on it with DATA_DIR=${dataDir} (stop the server of the old directory first)`);
} catch (err) {
  fs.rmSync(dataDir, { recursive: true, force: true });
  console.error(`restore failed, nothing kept: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
}
