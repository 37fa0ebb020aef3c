import { loadConfig } from './config';
import { DataDirLockedError } from './db/lock';
import { startServer } from './server';
import path from 'node:path';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

const config = loadConfig();
if (!config.webDist) {
  // the built web app beside the server package (packages/web/dist)
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidate = path.resolve(here, '../../web/dist');
  if (fs.existsSync(path.join(candidate, 'index.html'))) config.webDist = candidate;
}

try {
  const { server } = await startServer(config);
  const shutdown = async (signal: string) => {
    server.log.info({ signal }, 'shutting down');
    await server.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await server.listen({ port: config.port, host: config.host });
  server.log.info(
    `Rehab clinic is running on http://localhost:${config.port} (${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`})`,
  );
} catch (err) {
  if (err instanceof DataDirLockedError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
