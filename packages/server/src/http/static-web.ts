import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { ResultCode, translate } from '@rehab/shared';
import type { AppContext } from '../context';

/**
 * The web app: its runtime configuration, the built files (WEB_DIST) and index.html for every screen route; a
 * missing API route or file answers the 404 envelope.
 */
export async function registerStaticWeb(server: FastifyInstance, app: AppContext) {
  server.get('/runtime-config.js', { config: { access: 'public' } }, async (_req, reply) => {
    reply.header('Cache-Control', 'no-store').type('application/javascript');
    return `window.__APP_CONFIG__ = ${JSON.stringify(app.config.client)};\n`;
  });

  const webDist = app.config.webDist;
  const indexHtml = webDist && fs.existsSync(path.join(webDist, 'index.html'));
  if (webDist && indexHtml) {
    await server.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(res, file) {
        res.header(
          'Cache-Control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  server.setNotFoundHandler((req, reply) => {
    const pathname = req.url.split('?')[0]!;
    // a missing file (an asset of an older build, say) is a 404, never the page: a module script answered with
    // HTML fails in the browser with a confusing MIME error
    const isFile = pathname.startsWith('/assets/') || /\.[a-z0-9]{1,8}$/i.test(pathname);
    if (
      pathname.startsWith('/api/') ||
      pathname === '/api' ||
      isFile ||
      !(webDist && indexHtml) ||
      req.method !== 'GET'
    ) {
      return reply.status(404).send({
        code: ResultCode.notFound,
        msg: translate(req.locale, 'error.routeNotFound'),
        msgKey: 'error.routeNotFound',
      });
    }
    // a screen route of the single-page app
    reply.header('Cache-Control', 'no-cache');
    return reply.type('text/html').sendFile('index.html');
  });
}
