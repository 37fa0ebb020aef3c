import { z } from 'zod';
import { BreakPerm } from '../permissions';
import {
  breakEndSchema,
  breakIdsSchema,
  breakListQuerySchema,
  breakPageSchema,
  breakRowSchema,
  breakSaveSchema,
  breakUpdateSchema,
  currentBreakSchema,
  stopJobSchema,
  stopListSchema,
} from '../schemas/break.schema';
import { idParamSchema } from '../schemas/common.schema';
import { defineEndpoint } from './endpoint';

/**
 * Maintenance windows (/system/break; docs/decisions.md): the super administrator's list, add, edit, end now and
 * delete, and the public current notice the login page and the shell show.
 */
export const breakEndpoints = {
  current: defineEndpoint({
    method: 'GET',
    path: '/sys/break/current',
    access: 'public',
    response: z.strictObject({ data: currentBreakSchema.nullable() }),
    summary: {
      'zh-CN': '当前或 24 小时内将开始的系统维护通知（调用者的语言）；无则为 null',
      en: "The maintenance window under way or starting within 24 hours, in the caller's language; null when none",
    },
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/sys/break/list',
    access: { permission: BreakPerm.list },
    query: breakListQuerySchema,
    response: z.strictObject({ data: breakPageSchema }),
    summary: {
      'zh-CN': '系统维护时段分页列表，可按状态筛选，附机构时区',
      en: "One page of the maintenance windows, optionally by state, with the clinic's time zone",
    },
  }),
  info: defineEndpoint({
    method: 'GET',
    path: '/sys/break/info/:id',
    access: { permission: BreakPerm.info },
    params: idParamSchema,
    response: z.strictObject({ data: breakRowSchema }),
    summary: { 'zh-CN': '系统维护时段详情', en: 'One maintenance window' },
  }),
  save: defineEndpoint({
    method: 'POST',
    path: '/sys/break/save',
    access: { permission: BreakPerm.save },
    body: breakSaveSchema,
    response: z.strictObject({ data: breakRowSchema }),
    summary: {
      'zh-CN': '新增系统维护时段（不得与其他时段重叠）',
      en: 'Adds a maintenance window (it may not overlap another)',
    },
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/sys/break/update',
    access: { permission: BreakPerm.update },
    body: breakUpdateSchema,
    response: z.strictObject({ data: breakRowSchema }),
    summary: {
      'zh-CN': '修改未结束的系统维护时段',
      en: 'Changes a maintenance window that has not ended',
    },
  }),
  end: defineEndpoint({
    method: 'POST',
    path: '/sys/break/end',
    access: { permission: BreakPerm.end },
    body: breakEndSchema,
    response: z.strictObject({ data: breakRowSchema }),
    summary: { 'zh-CN': '立即结束进行中的系统维护', en: 'Ends the maintenance window under way now' },
  }),
  delete: defineEndpoint({
    method: 'POST',
    path: '/sys/break/delete',
    access: { permission: BreakPerm.delete },
    body: breakIdsSchema,
    response: z.strictObject({}),
    summary: {
      'zh-CN': '删除系统维护时段（全部存在才删除）',
      en: 'Deletes maintenance windows (all of them or none)',
    },
  }),
  stopList: defineEndpoint({
    method: 'POST',
    path: '/sys/config/stopList',
    access: { permission: BreakPerm.list },
    body: stopListSchema,
    response: z.strictObject({ data: z.strictObject({ list: z.array(breakRowSchema), timezone: z.string() }) }),
    summary: {
      'zh-CN': '某一时刻（默认现在）及之后停机的维护时段，按开始时间排序',
      en: 'The maintenance windows that stop the system at or after a time (now by default), earliest first',
    },
  }),
  stopJob: defineEndpoint({
    method: 'POST',
    path: '/sys/config/stopJob',
    access: { permission: BreakPerm.end },
    body: stopJobSchema,
    response: z.strictObject({ data: breakRowSchema }),
    summary: {
      'zh-CN': '结束进行中的停机维护（type=end），或把未结束的维护改为在 time 结束（type=endAt）',
      en: 'Ends the maintenance under way now (type end), or makes a window not yet over end at time (type endAt)',
    },
  }),
};
