import { z } from 'zod';
import {
  accessLogFilterSchema,
  accessLogQuerySchema,
  accessLogRowSchema,
  logListQuerySchema,
  logRowSchema,
  patientViewerRowSchema,
  SystemPerm,
} from '../schemas/system.schema';
import { idParamSchema } from '../schemas/common.schema';
import { PatientPerm } from '../patients/patient.schema';
import { defineEndpoint, fileResponse, pageSchema } from './endpoint';

/** The operation log of the current organization (spec section 7, System: log), and the access log (issue 22). */
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
  accessList: defineEndpoint({
    method: 'GET',
    path: '/sys/accessLog/list',
    access: { permission: SystemPerm.accessLogList },
    query: accessLogQuerySchema,
    response: z.strictObject({ data: pageSchema(accessLogRowSchema) }),
    summary: {
      'zh-CN': '患者数据访问日志分页列表（最新在前），可按患者、用户、类型和时间段筛选',
      en: 'One page of the access log of patient data, newest first, filtered by patient, user, kind and time range',
    },
  }),
  accessExport: defineEndpoint({
    method: 'GET',
    path: '/sys/accessLog/export',
    access: { permission: SystemPerm.accessLogExport },
    query: accessLogFilterSchema,
    kind: 'download',
    response: fileResponse,
    summary: {
      'zh-CN': '按筛选条件导出患者数据访问日志（CSV，最多 10000 行）',
      en: 'The access log of patient data as filtered, as CSV (at most 10,000 rows)',
    },
  }),
  patientViewers: defineEndpoint({
    method: 'GET',
    path: '/sys/accessLog/patient/:id',
    access: { permission: PatientPerm.info },
    params: idParamSchema,
    response: z.strictObject({ data: z.array(patientViewerRowSchema) }),
    summary: {
      'zh-CN': '谁查看过该患者的数据（每人每类最近一次，最新在前，最多 50 条）',
      en: "Who has looked at a patient's data (each reader's latest read of each kind, newest first, at most 50)",
    },
  }),
};
