import { z } from 'zod';
import { logListQuerySchema, logRowSchema, SystemPerm } from '../schemas/system.schema';
import { defineEndpoint, pageSchema } from './endpoint';

/** The operation log of the current organization (spec section 7, System: log). */
export const logsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/sys/log/list',
    access: { permission: SystemPerm.logList },
    query: logListQuerySchema,
    response: z.strictObject({ data: pageSchema(logRowSchema) }),
    summary: {
      'zh-CN': '操作日志分页列表（最新在前），可按用户、操作和时间段筛选',
      en: 'One page of the operation log, newest first, filtered by user, operation and time range',
    },
  }),
};
