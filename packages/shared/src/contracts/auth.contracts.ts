import { z } from 'zod';
import {
  captchaChallengeSchema,
  loginSchema,
  resetPasswordSchema,
  sendCodeSchema,
  sessionUserSchema,
} from '../schemas/auth.schema';
import { defineEndpoint } from './endpoint';

/** Sign-in, the codes it sends, sign-out and the session heartbeat (spec section 3, Login). */
export const authEndpoints = {
  login: defineEndpoint({
    method: 'POST',
    path: '/sys/login',
    access: 'public',
    body: loginSchema,
    response: z.strictObject({
      token: z.string(),
      user: sessionUserSchema,
      passwordAtRisk: z.boolean(),
      /** the idle limit of the session, ms */
      expire: z.number(),
    }),
    summary: {
      'zh-CN': '登录（账号、密码，医护人员另需验证码）；已在别处登录时需确认',
      en: 'Signs in (account, password, and a code for medical staff); asks first when signed in elsewhere',
    },
  }),
  captchaChallenge: defineEndpoint({
    method: 'GET',
    path: '/sys/captcha/challenge',
    access: 'public',
    response: captchaChallengeSchema,
    summary: {
      'zh-CN': '获取登录安全验证（工作量证明）题目；多次登录失败后登录须附带其解答',
      en: 'A sign-in security check (proof of work); after several failed sign-ins a sign-in carries its solution',
    },
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/sys/logout',
    access: 'session',
    response: z.strictObject({}),
    summary: { 'zh-CN': '退出登录', en: 'Signs out' },
  }),
  sendLoginCode: defineEndpoint({
    method: 'POST',
    path: '/sys/sendLoginVerificationCode',
    access: 'public',
    body: sendCodeSchema,
    response: z.strictObject({}),
    summary: {
      'zh-CN': '发送登录验证码到手机或邮箱',
      en: 'Sends a sign-in code to a phone number or e-mail address',
    },
  }),
  sendResetCode: defineEndpoint({
    method: 'POST',
    path: '/sys/sendResetPasswordCode',
    access: 'public',
    body: sendCodeSchema,
    response: z.strictObject({}),
    summary: {
      'zh-CN': '发送找回密码验证码到手机或邮箱',
      en: 'Sends a password-reset code to a phone number or e-mail address',
    },
  }),
  heartbeat: defineEndpoint({
    method: 'GET',
    path: '/sys/session/heartbeat',
    access: 'session',
    response: z.strictObject({}),
    summary: {
      'zh-CN': '保持会话活跃（页面操作但未调用接口时）',
      en: 'Keeps the session from idling out while the user works on a screen',
    },
  }),
  resetPassword: defineEndpoint({
    method: 'POST',
    path: '/sys/resetPassword',
    access: 'public',
    body: resetPasswordSchema,
    response: z.strictObject({}),
    summary: { 'zh-CN': '凭验证码重置密码', en: 'Resets the password with a code' },
  }),
};
