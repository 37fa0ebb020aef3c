import type { FastifyRequest } from 'fastify';
import { DEVICE_TOKEN_HEADER, SCREEN_TOKEN_HEADER, apiEnabled, type DeviceKind } from '@rehab/shared';
import type { AppContext } from '../context';
import { resolveToken } from '../modules/auth/sessions.service';
import { forbidden, unauthorized } from './errors';
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
  // a device (a TV with a screen link) where the route lets one in, and only when no session token comes with it
  if (typeof def.access === 'object' && def.access.device && !tokenOf(req)) {
    const deviceToken = headerOf(req, DEVICE_TOKEN_HEADERS[def.access.device]);
    if (deviceToken) {
      const resolve = app.modules.devices[def.access.device];
      const device = resolve ? await resolve(app, deviceToken) : null;
      if (!device) throw unauthorized(`device.${def.access.device}Invalid`);
      req.device = device;
      return;
    }
  }
  const session = await resolveToken(app, tokenOf(req));
  req.session = session;
  if (def.access === 'session') return;
  if (!session.organizationId) throw forbidden('error.noOrganization');
  // a product module the organization switched off answers 403 whatever the caller's roles (shared PRODUCT_SCOPES)
  if (!apiEnabled(def.url, session.products)) throw forbidden('product.disabled');
  if (typeof def.access === 'object' && !session.permissions.has(def.access.permission)) throw forbidden();
}

/** The header each kind of device sends its token in. */
const DEVICE_TOKEN_HEADERS: Record<DeviceKind, string> = {
  screen: SCREEN_TOKEN_HEADER,
  equipment: DEVICE_TOKEN_HEADER,
};

/** The `token` header, when it is one at all. */
function tokenOf(req: FastifyRequest): string | undefined {
  return headerOf(req, 'token');
}

function headerOf(req: FastifyRequest, name: string): string | undefined {
  const header = req.headers[name];
  const value = Array.isArray(header) ? header[0] : header;
  return value && value.length <= 200 ? value : undefined;
}
