import { entityByName, platformTemplatesEndpoints as endpoints } from '@rehab/shared';
import { defineRoute } from '../../http/route';
import type { OrgSession } from '../../http/session';
import { deleteRows } from '../master-data';
import { importTemplates, templateInfo, templatesByType, type OrgScope } from './platform-templates.service';

const platformTemplate = entityByName('platformTemplate')!;

const scopeOf = (
  session: OrgSession | { organizationId: number | null; userId: number },
  locale: OrgScope['locale'],
) => ({
  organizationId: session.organizationId!,
  userId: session.userId,
  locale,
});

/**
 * Platform templates as organizations use them (spec section 7: platformTemplate list and delete with id,
 * getTemplateListByTypeList, GET /template/info/{id}), on top of the engine's page / save / delete of the platform
 * entity (`/sys/platformTemplate`, the super administrator's). Organizations browse the enabled templates and import
 * them into their own treatment projects.
 */
export const platformTemplateRoutes = [
  // the spec names both: getTemplateListByTypeList (Organization) and platformTemplate list
  ...[endpoints.listByType, endpoints.list].map((contract) =>
    defineRoute(contract, {
      handler: async ({ app, session, body, locale }) => ({
        data: await templatesByType(app, scopeOf(session, locale), body),
      }),
    }),
  ),
  defineRoute(endpoints.info, {
    handler: async ({ app, session, params, locale }) => ({
      data: await templateInfo(app, scopeOf(session, locale), params.id),
    }),
  }),
  defineRoute(endpoints.import, {
    handler: async ({ app, session, body, locale }) => ({
      data: await importTemplates(app, scopeOf(session, locale), body.ids),
    }),
  }),
  defineRoute(endpoints.delete, {
    handler: async ({ app, session, params, locale }) => {
      await deleteRows(app.db, platformTemplate, { organizationId: null, userId: session.userId, locale }, [params.id]);
      return {};
    },
  }),
];
