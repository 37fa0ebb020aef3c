import {
  OrganizationTemplatePerm,
  entityByName,
  entityPermissions,
  idParamSchema,
  templateImportSchema,
  templateListByTypeSchema,
} from '@rehab/shared';
import { defineRoute } from '../../http/route';
import type { OrgSession } from '../../http/session';
import { deleteRows } from '../master-data';
import { importTemplates, templateInfo, templatesByType, type OrgScope } from './platform-templates.service';

const platformTemplate = entityByName('platformTemplate')!;
const perms = entityPermissions(platformTemplate);

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
  ...['/sys/organizationConfig/getTemplateListByTypeList', '/sys/platformTemplate/list'].map((url) =>
    defineRoute({
      method: 'POST',
      url,
      access: { permission: OrganizationTemplatePerm.list },
      body: templateListByTypeSchema,
      handler: async ({ app, session, body, locale }) => ({
        data: await templatesByType(app, scopeOf(session, locale), body),
      }),
    }),
  ),
  defineRoute({
    method: 'GET',
    url: '/template/info/:id',
    access: { permission: OrganizationTemplatePerm.list },
    params: idParamSchema,
    handler: async ({ app, session, params, locale }) => ({
      data: await templateInfo(app, scopeOf(session, locale), params.id),
    }),
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/platformTemplate/import',
    access: { permission: OrganizationTemplatePerm.import },
    body: templateImportSchema,
    handler: async ({ app, session, body, locale }) => ({
      data: await importTemplates(app, scopeOf(session, locale), body.ids),
    }),
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/platformTemplate/delete/:id',
    access: { permission: perms.delete },
    params: idParamSchema,
    handler: async ({ app, session, params, locale }) => {
      await deleteRows(app.db, platformTemplate, { organizationId: null, userId: session.userId, locale }, [params.id]);
    },
  }),
];
