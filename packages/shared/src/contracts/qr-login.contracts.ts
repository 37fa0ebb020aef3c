import { z } from 'zod';
import {
  qrCodeResponseSchema,
  qrPollParamsSchema,
  qrPollResponseSchema,
  qrRequestBodySchema,
  qrRequestInfoSchema,
  userPlaceSchema,
} from '../qr-login/qr-login.schema';
import { defineEndpoint, okResponse } from './endpoint';

/**
 * QR collaborative login (spec sections 3, 4 and 7; issue 19): the login page asks for a request and polls it; a
 * signed-in staff member scans its QR on a phone and confirms; the page exchanges the one-time code for a session.
 * And the user's treatment places (`GET /place/selectUserPlaces`).
 */
export const qrLoginEndpoints = {
  qrCode: defineEndpoint({
    method: 'POST',
    path: '/sys/ca/getCALoginQrCode',
    access: 'public',
    response: z.strictObject({ data: qrCodeResponseSchema }),
    summary: {
      'zh-CN': '获取扫码协同登录二维码（绑定本浏览器）',
      en: 'Starts a QR collaborative login bound to this browser',
    },
  }),
  poll: defineEndpoint({
    method: 'POST',
    path: '/sys/ca/pollLoginStatus/:signDataId/:code',
    access: 'public',
    params: qrPollParamsSchema,
    response: z.strictObject({ data: qrPollResponseSchema }),
    summary: {
      'zh-CN': '轮询扫码登录状态；确认后以一次性码换取会话',
      en: 'Polls a QR login; once confirmed, exchanges the one-time code for a session',
    },
  }),
  scan: defineEndpoint({
    method: 'POST',
    path: '/sys/ca/qrLogin/scan',
    access: 'organization',
    body: qrRequestBodySchema,
    response: z.strictObject({ data: qrRequestInfoSchema }),
    summary: { 'zh-CN': '手机端扫码：标记已扫描并查看登录请求', en: 'Phone: marks a QR login scanned and shows it' },
  }),
  confirm: defineEndpoint({
    method: 'POST',
    path: '/sys/ca/qrLogin/confirm',
    access: 'organization',
    body: qrRequestBodySchema,
    response: okResponse,
    summary: { 'zh-CN': '手机端确认扫码登录', en: 'Phone: confirms a QR login' },
  }),
  cancel: defineEndpoint({
    method: 'POST',
    path: '/sys/ca/qrLogin/cancel',
    access: 'organization',
    body: qrRequestBodySchema,
    response: okResponse,
    summary: { 'zh-CN': '手机端取消扫码登录', en: 'Phone: cancels a QR login' },
  }),
  userPlaces: defineEndpoint({
    method: 'GET',
    path: '/place/selectUserPlaces',
    access: 'session',
    response: z.strictObject({ data: z.array(userPlaceSchema) }),
    summary: {
      'zh-CN': '当前用户所属机构的治疗场地',
      en: "The treatment places of the signed-in user's organizations",
    },
  }),
};
