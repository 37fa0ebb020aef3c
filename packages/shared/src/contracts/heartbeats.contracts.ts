import { z } from 'zod';
import { idNameSchema, idParamSchema } from '../schemas/common.schema';
import {
  HeartbeatPerm,
  incidentPageQuerySchema,
  incidentRowSchema,
  monitorPageQuerySchema,
  monitorRowSchema,
  monitorSaveSchema,
  monitorStatusSchema,
  monitorUpdateSchema,
  pushParamsSchema,
  pushQuerySchema,
} from '../heartbeat/heartbeat.schema';
import { defineEndpoint, okResponse, pageSchema } from './endpoint';

/**
 * Heartbeat monitoring of the hospital-system interfaces (/heartbeatMonitoring/index): the monitors (spec section 7
 * names `hisHeartbeat/pageInfo`), their incidents, and the secret push URL a partner calls.
 */
export const heartbeatsEndpoints = {
  pageInfo: defineEndpoint({
    method: 'POST',
    path: '/hisHeartbeat/pageInfo',
    access: { permission: HeartbeatPerm.list },
    body: monitorPageQuerySchema,
    response: z.strictObject({ data: pageSchema(monitorRowSchema) }),
    summary: { 'zh-CN': '接口心跳监控列表', en: 'Interface heartbeat monitors' },
  }),
  save: defineEndpoint({
    method: 'POST',
    path: '/hisHeartbeat/save',
    access: { permission: HeartbeatPerm.save },
    body: monitorSaveSchema,
    response: z.strictObject({
      data: z.strictObject({ id: z.number().int(), pushToken: z.string().nullable() }),
    }),
    summary: { 'zh-CN': '新增心跳监控', en: 'Add a heartbeat monitor' },
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/hisHeartbeat/update',
    access: { permission: HeartbeatPerm.update },
    body: monitorUpdateSchema,
    response: okResponse,
    summary: { 'zh-CN': '修改心跳监控', en: 'Change a heartbeat monitor' },
  }),
  delete: defineEndpoint({
    method: 'POST',
    path: '/hisHeartbeat/delete/:id',
    access: { permission: HeartbeatPerm.delete },
    params: idParamSchema,
    response: okResponse,
    summary: { 'zh-CN': '删除心跳监控', en: 'Remove a heartbeat monitor' },
  }),
  incidents: defineEndpoint({
    method: 'POST',
    path: '/hisHeartbeat/incidents',
    access: { permission: HeartbeatPerm.list },
    body: incidentPageQuerySchema,
    response: z.strictObject({ data: pageSchema(incidentRowSchema) }),
    summary: { 'zh-CN': '接口故障记录', en: 'Interface incidents' },
  }),
  acknowledge: defineEndpoint({
    method: 'POST',
    path: '/hisHeartbeat/acknowledge/:id',
    access: { permission: HeartbeatPerm.ack },
    params: idParamSchema,
    response: okResponse,
    summary: { 'zh-CN': '确认故障（已在处理）', en: 'Acknowledge an incident' },
  }),
  recipients: defineEndpoint({
    method: 'GET',
    path: '/hisHeartbeat/recipients',
    access: { permission: HeartbeatPerm.list },
    response: z.strictObject({ data: z.array(idNameSchema) }),
    summary: { 'zh-CN': '可接收故障通知的本机构人员', en: 'Staff of the organization who can be notified' },
  }),
  push: defineEndpoint({
    method: 'GET',
    path: '/hisHeartbeat/push/:token',
    access: 'public',
    params: pushParamsSchema,
    query: pushQuerySchema,
    response: z.strictObject({ data: z.strictObject({ status: monitorStatusSchema }) }),
    summary: {
      'zh-CN': '对方系统推送心跳（status=down 表示明确故障）',
      en: 'A partner system’s heartbeat push (status=down: an explicit failure)',
    },
  }),
};
