import { z } from 'zod';
import { idNameSchema, idParamSchema } from '../schemas/common.schema';
import { appletLangSchema } from '../content/content.schema';
import {
  TaskPerm,
  appletTaskReportSchema,
  appletTaskSchema,
  taskContentOptionSchema,
  taskDetailSchema,
  taskEditSchema,
  taskIdSchema,
  taskLinkSchema,
  taskPageQuerySchema,
  taskRowSchema,
  taskSaveSchema,
  taskStopSchema,
  taskTokenParamSchema,
} from '../tasks/home-tasks.schema';
import { defineEndpoint, okResponse, pageSchema } from './endpoint';

const base = '/sys/task';

/**
 * Home-training tasks (居家训练任务, /taskManagement/taskManagement, /patient/task/detail/:id/:type): assigned from
 * the patient detail, listed with their completion rate, closed as completed or stopped; the patient reads the task
 * and reports what was done through the mini-program with the task's link (public, the link's token in the path).
 */
export const homeTasksEndpoints = {
  page: defineEndpoint({
    method: 'POST',
    path: `${base}/page`,
    access: { permission: TaskPerm.list },
    body: taskPageQuerySchema,
    response: z.strictObject({ data: pageSchema(taskRowSchema) }),
    summary: { 'zh-CN': '居家训练任务列表', en: 'Home-training tasks' },
  }),
  info: defineEndpoint({
    method: 'GET',
    path: `${base}/info/:id`,
    access: { permission: TaskPerm.list },
    params: idParamSchema,
    response: z.strictObject({ data: taskDetailSchema }),
    summary: { 'zh-CN': '任务详情与完成记录', en: 'A task with its completion log' },
  }),
  save: defineEndpoint({
    method: 'POST',
    path: `${base}/save`,
    access: { permission: TaskPerm.save },
    body: taskSaveSchema,
    response: z.strictObject({ data: taskLinkSchema }),
    summary: { 'zh-CN': '布置居家训练任务', en: 'Assign a home-training task' },
  }),
  update: defineEndpoint({
    method: 'POST',
    path: `${base}/update`,
    access: { permission: TaskPerm.save },
    body: taskEditSchema,
    response: okResponse,
    summary: {
      'zh-CN': '修改进行中的任务（频次、结束日期、说明；链接不变）',
      en: 'Edit an active task (frequency, last day, instructions; the link stays)',
    },
  }),
  complete: defineEndpoint({
    method: 'POST',
    path: `${base}/complete`,
    access: { permission: TaskPerm.save },
    body: taskIdSchema,
    response: okResponse,
    summary: { 'zh-CN': '任务完成', en: 'Mark a task completed' },
  }),
  stop: defineEndpoint({
    method: 'POST',
    path: `${base}/stop`,
    access: { permission: TaskPerm.stop },
    body: taskStopSchema,
    response: okResponse,
    summary: { 'zh-CN': '终止任务（须填写原因）', en: 'Stop a task (with a reason)' },
  }),
  renewLink: defineEndpoint({
    method: 'POST',
    path: `${base}/renewLink`,
    access: { permission: TaskPerm.save },
    body: taskIdSchema,
    response: z.strictObject({ data: taskLinkSchema }),
    summary: { 'zh-CN': '重新生成患者链接（旧链接失效）', en: 'A new patient link (the old one stops working)' },
  }),
  therapists: defineEndpoint({
    method: 'GET',
    path: `${base}/therapists`,
    access: { permission: TaskPerm.list },
    response: z.strictObject({ data: z.array(idNameSchema) }),
    summary: { 'zh-CN': '布置过任务的治疗师', en: 'Therapists who have assigned tasks' },
  }),
  contents: defineEndpoint({
    method: 'GET',
    path: `${base}/contents`,
    access: { permission: TaskPerm.save },
    response: z.strictObject({ data: z.array(taskContentOptionSchema) }),
    summary: { 'zh-CN': '可布置的已发布宣教与知识', en: 'Published education and knowledge items to assign' },
  }),
  // ---- public: the mini-program, with the task's link ----------------------------------------------------------
  appletTask: defineEndpoint({
    method: 'GET',
    path: '/sys/applet/task/:token',
    access: 'public',
    params: taskTokenParamSchema,
    query: appletLangSchema,
    response: z.strictObject({ data: appletTaskSchema }),
    summary: { 'zh-CN': '小程序：患者的居家训练任务', en: "Mini-program: the patient's home-training task" },
  }),
  appletReport: defineEndpoint({
    method: 'POST',
    path: '/sys/applet/task/:token/report',
    access: 'public',
    params: taskTokenParamSchema,
    body: appletTaskReportSchema,
    response: okResponse,
    summary: { 'zh-CN': '小程序：患者报告完成', en: 'Mini-program: the patient reports what was done' },
  }),
};
