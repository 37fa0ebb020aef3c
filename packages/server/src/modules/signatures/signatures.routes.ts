import { RoleId, toPage, signaturesEndpoints as endpoints } from '@rehab/shared';
import { staffWithRoles } from '../roles';
import { defineRoute } from '../../http/route';
import type { SessionContext } from '../../http/session';
import {
  autoSignState,
  bindCertificate,
  getProvider,
  grantAutoSign,
  listCertificates,
  listSignatures,
  revokeAutoSign,
  saveProvider,
} from './signatures.service';

/** Whether the session's organization has its CA integration on (menus productsOf adds the `ca` gate). */
export const caOn = (session: SessionContext) => session.products.has('ca');

/**
 * The CA provider of the organization (administrators; the secret is written, never answered), its members'
 * certificates and the signature log (audited as a list or export of patient data).
 */
export const signatureRoutes = [
  defineRoute(endpoints.provider, {
    handler: async ({ app, session }) => ({
      data: await getProvider(app, session.organizationId!, caOn(session)),
    }),
  }),
  defineRoute(endpoints.providerSave, {
    handler: async ({ app, session, body }) => {
      await saveProvider(app, session.organizationId!, session.userId, body);
      return {};
    },
  }),
  defineRoute(endpoints.certs, {
    handler: async ({ app, session }) => ({ data: await listCertificates(app, session.organizationId!) }),
  }),
  defineRoute(endpoints.members, {
    handler: async ({ app, session }) => ({
      data: await staffWithRoles(app.db, session.organizationId!, Object.values(RoleId), { order: 'name-id' }),
    }),
  }),
  defineRoute(endpoints.certBind, {
    handler: async ({ app, session, body }) => ({
      data: await bindCertificate(app, session.organizationId!, session.userId, body),
    }),
  }),
  // one's own authorized auto-sign window (issue 19)
  defineRoute(endpoints.autoSign, {
    handler: async ({ app, session }) => ({
      data: await autoSignState(app.db, session.organizationId!, session.userId, caOn(session)),
    }),
  }),
  defineRoute(endpoints.autoSignGrant, {
    handler: async ({ app, session }) => ({
      data: await app.db.transaction((tx) => grantAutoSign(tx, session.organizationId!, session.userId, caOn(session))),
    }),
  }),
  defineRoute(endpoints.autoSignRevoke, {
    handler: async ({ app, session }) => ({
      data: await revokeAutoSign(app.db, session.organizationId!, session.userId, caOn(session)),
    }),
  }),
  defineRoute(endpoints.list, {
    handler: async ({ app, session, body, auditRead }) => {
      const { list, total } = await listSignatures(app, session.organizationId!, body);
      const { page, limit, exportAll, ...filters } = body;
      auditRead({
        kind: exportAll ? 'export' : 'list',
        subject: 'signature log',
        rows: list.length,
        filters,
      });
      return { data: toPage(list, total, exportAll ? 1 : page, exportAll ? Math.max(list.length, 1) : limit) };
    },
  }),
];
