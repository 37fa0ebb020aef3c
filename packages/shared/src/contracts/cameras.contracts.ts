import { z } from 'zod';
import { idParamSchema } from '../schemas/common.schema';
import {
  CameraPerm,
  cameraGroupRowSchema,
  cameraGroupSaveSchema,
  cameraGroupUpdateSchema,
  cameraListQuerySchema,
  cameraRowSchema,
  cameraSaveSchema,
  cameraTokenBodySchema,
  cameraTokenSchema,
  cameraUpdateSchema,
  cameraViewRowSchema,
  gatewayAuthSchema,
  viewListQuerySchema,
} from '../camera/camera.schema';
import { defineEndpoint, okResponse, pageSchema } from './endpoint';

const groupWithCameras = cameraGroupRowSchema.extend({ cameras: z.array(cameraRowSchema) });

/**
 * Cameras and camera groups (spec section 7: under /sys/camera, all POST), the play tokens and the views they record,
 * and the media gateway's auth hook.
 */
export const camerasEndpoints = {
  getCameraToken: defineEndpoint({
    method: 'POST',
    path: '/sys/camera/getCameraToken/:id',
    access: { permission: CameraPerm.view },
    params: idParamSchema,
    body: cameraTokenBodySchema,
    response: cameraTokenSchema,
    summary: {
      'zh-CN': '获取摄像头播放令牌（短时有效，记录观看）',
      en: 'A play token for a camera (short-lived; the view is recorded)',
    },
  }),
  cameraList: defineEndpoint({
    method: 'POST',
    path: '/sys/camera/cameraList',
    access: { permission: CameraPerm.view },
    body: cameraListQuerySchema,
    response: z.strictObject({ data: pageSchema(cameraRowSchema) }),
    summary: { 'zh-CN': '摄像头列表', en: 'Cameras' },
  }),
  cameraAdd: defineEndpoint({
    method: 'POST',
    path: '/sys/camera/cameraAdd',
    access: { permission: CameraPerm.save },
    body: cameraSaveSchema,
    response: z.strictObject({ data: z.strictObject({ id: z.number().int() }) }),
    summary: { 'zh-CN': '新增摄像头', en: 'Add a camera' },
  }),
  cameraUpdate: defineEndpoint({
    method: 'POST',
    path: '/sys/camera/cameraUpdate',
    access: { permission: CameraPerm.update },
    body: cameraUpdateSchema,
    response: okResponse,
    summary: { 'zh-CN': '修改摄像头', en: 'Change a camera' },
  }),
  cameraDelete: defineEndpoint({
    method: 'POST',
    path: '/sys/camera/cameraDelete/:id',
    access: { permission: CameraPerm.delete },
    params: idParamSchema,
    response: okResponse,
    summary: { 'zh-CN': '删除摄像头', en: 'Remove a camera' },
  }),
  cameraGroupList: defineEndpoint({
    method: 'POST',
    path: '/sys/camera/cameraGroupList',
    access: { permission: CameraPerm.view },
    response: z.strictObject({ data: z.array(cameraGroupRowSchema) }),
    summary: { 'zh-CN': '摄像头分组列表', en: 'Camera groups' },
  }),
  cameraGroupGet: defineEndpoint({
    method: 'POST',
    path: '/sys/camera/cameraGroupGet/:id',
    access: { permission: CameraPerm.view },
    params: idParamSchema,
    response: z.strictObject({ data: groupWithCameras }),
    summary: { 'zh-CN': '摄像头分组详情（含摄像头）', en: 'A camera group with its cameras' },
  }),
  cameraGroupAdd: defineEndpoint({
    method: 'POST',
    path: '/sys/camera/cameraGroupAdd',
    access: { permission: CameraPerm.group },
    body: cameraGroupSaveSchema,
    response: z.strictObject({ data: z.strictObject({ id: z.number().int() }) }),
    summary: { 'zh-CN': '新增摄像头分组', en: 'Add a camera group' },
  }),
  cameraGroupUpdate: defineEndpoint({
    method: 'POST',
    path: '/sys/camera/cameraGroupUpdate',
    access: { permission: CameraPerm.group },
    body: cameraGroupUpdateSchema,
    response: okResponse,
    summary: { 'zh-CN': '修改摄像头分组', en: 'Change a camera group' },
  }),
  cameraGroupDelete: defineEndpoint({
    method: 'POST',
    path: '/sys/camera/cameraGroupDelete/:id',
    access: { permission: CameraPerm.group },
    params: idParamSchema,
    response: okResponse,
    summary: {
      'zh-CN': '删除摄像头分组（其摄像头改为未分组）',
      en: 'Remove a camera group (its cameras become ungrouped)',
    },
  }),
  viewEnd: defineEndpoint({
    method: 'POST',
    path: '/sys/camera/viewEnd/:id',
    access: { permission: CameraPerm.view },
    params: idParamSchema,
    response: okResponse,
    summary: { 'zh-CN': '结束观看（播放器关闭时）', en: 'End a view (the player closed)' },
  }),
  viewList: defineEndpoint({
    method: 'POST',
    path: '/sys/camera/viewList',
    access: { permission: CameraPerm.views },
    body: viewListQuerySchema,
    response: z.strictObject({ data: pageSchema(cameraViewRowSchema) }),
    summary: { 'zh-CN': '摄像头观看记录', en: 'Who watched which camera' },
  }),
  gatewayAuth: defineEndpoint({
    method: 'POST',
    path: '/sys/camera/gatewayAuth',
    access: 'public',
    body: gatewayAuthSchema,
    response: okResponse,
    summary: {
      'zh-CN': '媒体网关鉴权回调（MediaMTX authHTTPAddress）：校验播放令牌，拒绝时返回 401',
      en: 'The media gateway’s auth hook (MediaMTX authHTTPAddress): checks a play token, 401 when refused',
    },
  }),
};
