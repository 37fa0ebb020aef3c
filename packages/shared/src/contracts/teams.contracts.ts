import { z } from 'zod';
import { idNameSchema, idParamSchema } from '../schemas/common.schema';
import {
  TeamPerm,
  teamDeleteSchema,
  teamListQuerySchema,
  teamRowSchema,
  teamSaveSchema,
  teamUpdateSchema,
} from '../workload/workload.schema';
import { defineEndpoint, okResponse, pageSchema } from './endpoint';

/** Therapist groups (治疗小组) of the current organization, with their members, leader and department. */
export const teamsEndpoints = {
  page: defineEndpoint({
    method: 'POST',
    path: '/sys/treatmentTeam/list',
    access: { permission: TeamPerm.list },
    body: teamListQuerySchema,
    response: z.strictObject({ data: pageSchema(teamRowSchema) }),
    summary: {
      'zh-CN': '治疗小组分页列表（含成员），可按名称、状态、科室筛选',
      en: 'One page of the therapist groups with their members, filtered by name, status or department',
    },
  }),
  info: defineEndpoint({
    method: 'GET',
    path: '/sys/treatmentTeam/info/:id',
    access: { permission: TeamPerm.info },
    params: idParamSchema,
    response: z.strictObject({ data: teamRowSchema }),
    summary: { 'zh-CN': '治疗小组详情', en: 'One therapist group' },
  }),
  save: defineEndpoint({
    method: 'POST',
    path: '/sys/treatmentTeam/save',
    access: { permission: TeamPerm.save },
    body: teamSaveSchema,
    response: z.strictObject({ data: teamRowSchema }),
    summary: {
      'zh-CN': '新增治疗小组及其成员；名称在机构内唯一',
      en: 'Adds a therapist group with its members; names are unique in the organization',
    },
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/sys/treatmentTeam/update',
    access: { permission: TeamPerm.update },
    body: teamUpdateSchema,
    response: z.strictObject({ data: teamRowSchema }),
    summary: {
      'zh-CN': '修改治疗小组，成员整体替换',
      en: 'Changes a therapist group; the members replace the previous ones',
    },
  }),
  delete: defineEndpoint({
    method: 'POST',
    path: '/sys/treatmentTeam/delete',
    access: { permission: TeamPerm.delete },
    body: teamDeleteSchema,
    response: okResponse,
    summary: {
      'zh-CN': '删除治疗小组（全部或都不删）；仍被项目或工单使用时 409',
      en: 'Deletes therapist groups (all or none); one still used by a project or a work order is 409',
    },
  }),
  select: defineEndpoint({
    method: 'GET',
    path: '/sys/treatmentTeam/select',
    access: 'organization',
    response: z.strictObject({ data: z.array(idNameSchema) }),
    summary: {
      'zh-CN': '启用的治疗小组，供下拉选择',
      en: 'The enabled therapist groups, for dropdowns',
    },
  }),
};
