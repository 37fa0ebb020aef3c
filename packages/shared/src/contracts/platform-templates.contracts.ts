import { z } from 'zod';
import { entityByName, entityPermissions } from '../entities';
import { idParamSchema } from '../schemas/common.schema';
import {
  OrganizationTemplatePerm,
  organizationTemplateRowSchema,
  templateImportResultSchema,
  templateImportSchema,
  templateListByTypeSchema,
} from '../schemas/platform-template.schema';
import { defineEndpoint } from './endpoint';

const platformTemplatePerms = entityPermissions(entityByName('platformTemplate')!);

const listSummary = {
  'zh-CN': '启用的平台治疗项目模板（按项目类型、名称筛选），含本机构已导入的副本',
  en: "The enabled platform treatment project templates by project type and name, with the organization's imported copy",
};

/**
 * Platform templates as organizations use them (spec section 7: platformTemplate list and delete with id,
 * getTemplateListByTypeList, GET /template/info/{id}); page and save of the platform entity are the engine's.
 */
export const platformTemplatesEndpoints = {
  listByType: defineEndpoint({
    method: 'POST',
    path: '/sys/organizationConfig/getTemplateListByTypeList',
    access: { permission: OrganizationTemplatePerm.list },
    body: templateListByTypeSchema,
    response: z.strictObject({ data: z.array(organizationTemplateRowSchema) }),
    summary: listSummary,
  }),
  list: defineEndpoint({
    method: 'POST',
    path: '/sys/platformTemplate/list',
    access: { permission: OrganizationTemplatePerm.list },
    body: templateListByTypeSchema,
    response: z.strictObject({ data: z.array(organizationTemplateRowSchema) }),
    summary: {
      'zh-CN': `${listSummary['zh-CN']}（同 getTemplateListByTypeList）`,
      en: `${listSummary.en} (the same as getTemplateListByTypeList)`,
    },
  }),
  info: defineEndpoint({
    method: 'GET',
    path: '/template/info/:id',
    access: { permission: OrganizationTemplatePerm.list },
    params: idParamSchema,
    response: z.strictObject({ data: organizationTemplateRowSchema }),
    summary: {
      'zh-CN': '平台模板详情，含本机构已导入的副本',
      en: "One platform template, with the organization's imported copy",
    },
  }),
  import: defineEndpoint({
    method: 'POST',
    path: '/sys/platformTemplate/import',
    access: { permission: OrganizationTemplatePerm.import },
    body: templateImportSchema,
    response: z.strictObject({ data: templateImportResultSchema }),
    summary: {
      'zh-CN': '将平台模板导入为本机构的治疗项目（全部或全不）；已导入的跳过',
      en: "Imports platform templates as the organization's treatment projects, all or none; imported ones are skipped",
    },
  }),
  delete: defineEndpoint({
    method: 'POST',
    path: '/sys/platformTemplate/delete/:id',
    access: { permission: platformTemplatePerms.delete },
    params: idParamSchema,
    response: z.strictObject({}),
    summary: { 'zh-CN': '删除平台模板（平台管理员）', en: 'Deletes a platform template (platform administrator)' },
  }),
};
