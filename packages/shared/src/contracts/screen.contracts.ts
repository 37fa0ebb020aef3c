import { z } from 'zod';
import { idParamSchema } from '../schemas/common.schema';
import {
  ScreenPerm,
  screenLinkCreateSchema,
  screenLinkMadeSchema,
  screenLinkRowSchema,
  screenQualitySchema,
  screenQueueSchema,
  screenStaffSchema,
  screenTodaySchema,
} from '../screen/screen.schema';
import { defineEndpoint, okResponse } from './endpoint';

/** The big screen reads what a signed-in user with `view` reads, or a TV with a screen link (device 'screen'). */
const screenAccess = { permission: ScreenPerm.view, device: 'screen' } as const;

/**
 * The department's big screen (/frisEcharts/screenFris, /screen): each widget its own call, refreshed on its own
 * interval; and the screen links an administrator makes for the TVs. The spec names no calls for it.
 */
export const screenEndpoints = {
  today: defineEndpoint({
    method: 'GET',
    path: '/sys/screen/today',
    access: screenAccess,
    response: z.strictObject({ data: screenTodaySchema }),
    summary: { 'zh-CN': '大屏：今日治疗量', en: 'Big screen: today’s sessions' },
  }),
  staff: defineEndpoint({
    method: 'GET',
    path: '/sys/screen/staff',
    access: screenAccess,
    response: z.strictObject({ data: screenStaffSchema }),
    summary: { 'zh-CN': '大屏：治疗师与设备', en: 'Big screen: therapists and equipment' },
  }),
  queue: defineEndpoint({
    method: 'GET',
    path: '/sys/screen/queue',
    access: screenAccess,
    response: z.strictObject({ data: screenQueueSchema }),
    summary: { 'zh-CN': '大屏：候诊队列（姓名脱敏）', en: 'Big screen: the queue (names masked)' },
  }),
  quality: defineEndpoint({
    method: 'GET',
    path: '/sys/screen/quality',
    access: screenAccess,
    response: z.strictObject({ data: screenQualitySchema }),
    summary: { 'zh-CN': '大屏：质控指标（近30天）', en: 'Big screen: quality indicators (30 days)' },
  }),
  linkList: defineEndpoint({
    method: 'GET',
    path: '/sys/screen/link/list',
    access: { permission: ScreenPerm.links },
    response: z.strictObject({ data: z.array(screenLinkRowSchema) }),
    summary: { 'zh-CN': '大屏链接列表', en: 'Screen links' },
  }),
  linkCreate: defineEndpoint({
    method: 'POST',
    path: '/sys/screen/link/create',
    access: { permission: ScreenPerm.links },
    body: screenLinkCreateSchema,
    response: z.strictObject({ data: screenLinkMadeSchema }),
    summary: { 'zh-CN': '新建大屏链接（令牌只显示一次）', en: 'Make a screen link (the token is shown once)' },
  }),
  linkRevoke: defineEndpoint({
    method: 'POST',
    path: '/sys/screen/link/revoke/:id',
    access: { permission: ScreenPerm.links },
    params: idParamSchema,
    response: okResponse,
    summary: { 'zh-CN': '吊销大屏链接', en: 'Revoke a screen link' },
  }),
};
