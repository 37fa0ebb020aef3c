import type { FastifyRequest } from 'fastify';
import { apiEnabled } from '@rehab/shared';
import type { AppContext } from '../context';
import { resolveToken } from '../modules/auth/sessions.service';
import { forbidden } from './errors';
import type { RouteDef } from './route';

/**
 * Resolves the caller's session onto `req.session` and refuses what the route's access does not allow: no or an
 * unknown token (401) unless public, no current organization, a product module switched off, a missing permission.
 */
export async function checkAccess(app: AppContext, def: Pick<RouteDef, 'access' | 'url'>, req: FastifyRequest) {
  if (def.access === 'public') {
    const token = tokenOf(req);
    if (token) req.session = await resolveToken(app, token).catch(() => null);
    return;
  }
  const session = await resolveToken(app, tokenOf(req));
  req.session = session;
  if (def.access === 'session') return;
  if (!session.organizationId) throw forbidden('error.noOrganization');
  // a product module the organization switched off answers 403 whatever the caller's roles (shared PRODUCT_SCOPES)
  if (!apiEnabled(def.url, session.products)) throw forbidden('product.disabled');
  if (typeof def.access === 'object' && !session.permissions.has(def.access.permission)) throw forbidden();
}

/** The `token` header, when it is one at all. */
function tokenOf(req: FastifyRequest): string | undefined {
  const header = req.headers['token'];
  const value = Array.isArray(header) ? header[0] : header;
  return value && value.length <= 200 ? value : undefined;
}
