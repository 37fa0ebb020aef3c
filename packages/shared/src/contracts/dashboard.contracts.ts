import { z } from 'zod';
import { Perm } from '../permissions';
import { idSchema, numberFrom } from '../schemas/common.schema';
import { defineEndpoint } from './endpoint';

/** The counts behind the home cards (spec section 3). */
export const homeCountsSchema = z.strictObject({
  msgCount: z.number(),
  nonprogrammable: z.number(),
  asCount: z.number(),
  undoneTotal: z.number(),
  doneTotal: z.number(),
  unAssignedCount: z.number(),
});
export type HomeCounts = z.output<typeof homeCountsSchema>;

/** The home screen (spec section 3). */
export const dashboardEndpoints = {
  info: defineEndpoint({
    method: 'GET',
    path: '/sys/index/info/:organizationId/:officeId',
    access: { permission: Perm.indexInfo },
    params: z.object({
      organizationId: idSchema,
      /** 0: the whole organization */
      officeId: numberFrom(z.number().int().min(0).max(2_147_483_647)),
    }),
    response: z.strictObject({ data: homeCountsSchema }),
    summary: {
      'zh-CN': '首页统计：消息、待排程、待办、已完成等数量（科室为 0 时为全机构）',
      en: 'The home counts: messages, unscheduled, to do, done and others (department 0: the whole organization)',
    },
  }),
};
