import { z } from 'zod';
import { idParamSchema } from '../schemas/common.schema';
import {
  JobPerm,
  jobBeanInfoSchema,
  jobIdsSchema,
  jobListQuerySchema,
  jobLogListQuerySchema,
  jobLogRowSchema,
  jobPageSchema,
  jobRowSchema,
  jobRunResultSchema,
  jobSaveSchema,
  jobUpdateSchema,
} from '../schemas/schedule-job.schema';
import { defineEndpoint, pageSchema } from './endpoint';

/**
 * Scheduled jobs (spec section 7, Administration: schedule and scheduleLog). Jobs are platform-wide (they purge
 * sessions, codes and logs of every organization), so the screen is the super administrator's.
 */
export const jobsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/sys/schedule/list',
    access: { permission: JobPerm.list },
    query: jobListQuerySchema,
    response: z.strictObject({ data: jobPageSchema }),
    summary: {
      'zh-CN': '定时任务分页列表，附调度时区',
      en: 'One page of the scheduled jobs, with the time zone their crons run in',
    },
  }),
  beans: defineEndpoint({
    method: 'GET',
    path: '/sys/schedule/beans',
    access: { permission: JobPerm.list },
    response: z.strictObject({ data: z.array(jobBeanInfoSchema) }),
    summary: {
      'zh-CN': '服务器可执行的任务类型及其默认参数和 cron',
      en: 'The job kinds the server can run, with their default parameters and cron',
    },
  }),
  info: defineEndpoint({
    method: 'GET',
    path: '/sys/schedule/info/:id',
    access: { permission: JobPerm.info },
    params: idParamSchema,
    response: z.strictObject({ data: jobRowSchema }),
    summary: { 'zh-CN': '定时任务详情', en: 'One scheduled job' },
  }),
  save: defineEndpoint({
    method: 'POST',
    path: '/sys/schedule/save',
    access: { permission: JobPerm.save },
    body: jobSaveSchema,
    response: z.strictObject({ data: jobRowSchema }),
    summary: {
      'zh-CN': '新增定时任务（保存后按 cron 运行）',
      en: 'Adds a scheduled job (it starts running on its cron)',
    },
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/sys/schedule/update',
    access: { permission: JobPerm.update },
    body: jobUpdateSchema,
    response: z.strictObject({ data: jobRowSchema }),
    summary: { 'zh-CN': '修改定时任务', en: 'Changes a scheduled job' },
  }),
  delete: defineEndpoint({
    method: 'POST',
    path: '/sys/schedule/delete',
    access: { permission: JobPerm.delete },
    body: jobIdsSchema,
    response: z.strictObject({}),
    summary: { 'zh-CN': '删除定时任务（全部存在才删除）', en: 'Deletes scheduled jobs (all of them or none)' },
  }),
  pause: defineEndpoint({
    method: 'POST',
    path: '/sys/schedule/pause',
    access: { permission: JobPerm.pause },
    body: jobIdsSchema,
    response: z.strictObject({}),
    summary: { 'zh-CN': '暂停定时任务', en: 'Pauses scheduled jobs' },
  }),
  resume: defineEndpoint({
    method: 'POST',
    path: '/sys/schedule/resume',
    access: { permission: JobPerm.resume },
    body: jobIdsSchema,
    response: z.strictObject({}),
    summary: { 'zh-CN': '恢复定时任务', en: 'Resumes paused scheduled jobs' },
  }),
  run: defineEndpoint({
    method: 'POST',
    path: '/sys/schedule/run',
    access: { permission: JobPerm.run },
    body: jobIdsSchema,
    response: z.strictObject({ data: z.array(jobRunResultSchema) }),
    summary: {
      'zh-CN': '立即执行一次定时任务，返回每次执行的结果（同时写入日志）',
      en: "Runs jobs once, now, and answers each run's outcome (also written to the job log)",
    },
  }),
  logs: defineEndpoint({
    method: 'GET',
    path: '/sys/scheduleLog/list',
    access: { permission: JobPerm.log },
    query: jobLogListQuerySchema,
    response: z.strictObject({ data: pageSchema(jobLogRowSchema) }),
    summary: {
      'zh-CN': '定时任务执行日志分页列表，可按任务和结果筛选',
      en: 'One page of the job runs, optionally of one job or one outcome',
    },
  }),
  log: defineEndpoint({
    method: 'GET',
    path: '/sys/scheduleLog/info/:id',
    access: { permission: JobPerm.log },
    params: idParamSchema,
    response: z.strictObject({ data: jobLogRowSchema }),
    summary: { 'zh-CN': '一次定时任务执行的日志', en: 'One job run' },
  }),
};
