import { and, isNotNull, lt, or } from 'drizzle-orm';
import { z } from 'zod';
import { authThrottles, captchaUses, sessions, ssoNonces, verificationCodes } from './auth.tables';
import { ago, DAY, defineJobBean, removed } from '../../kernel/job';

const days = (min: number, max: number, fallback: number) =>
  z.strictObject({ retentionDays: z.number().int().min(min).max(max).default(fallback) });

export const sessionCleanup = defineJobBean({
  name: 'sessionCleanup',
  label: { 'zh-CN': '清理过期会话', en: 'Purge expired sessions' },
  description: {
    'zh-CN':
      '删除已过期或已注销超过保留天数的登录会话、已过期的医院系统登录签名和登录安全验证，以及一天未再失败的登录尝试计数',
    en: 'Deletes sign-in sessions that expired or were ended more than the retention days ago, expired hospital-system sign-in signatures and sign-in checks, and failed-attempt counters idle for a day',
  },
  params: days(0, 3650, 7),
  defaultCron: '0 30 2 * * ?',
  run: async ({ app, params, now }) => {
    const cutoff = ago(now, params.retentionDays * DAY);
    const result = await app.db
      .delete(sessions)
      .where(or(lt(sessions.expiresAt, cutoff), and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, cutoff))));
    // the used signatures of the hospital-system entry, once they could no longer pass the age check
    const nonces = await app.db.delete(ssoNonces).where(lt(ssoNonces.expiresAt, now));
    // the counters of failed attempts (throttle.service), a day after their last attempt
    const throttles = await app.db.delete(authThrottles).where(lt(authThrottles.lastAt, ago(now, DAY)));
    // the used sign-in checks, once their challenges expired
    const captchas = await app.db.delete(captchaUses).where(lt(captchaUses.expiresAt, now));
    return {
      removed: removed(result),
      removedSsoSignatures: removed(nonces),
      removedThrottles: removed(throttles),
      removedCaptchas: removed(captchas),
    };
  },
});

export const verificationCodeCleanup = defineJobBean({
  name: 'verificationCodeCleanup',
  label: { 'zh-CN': '清理验证码', en: 'Purge verification codes' },
  description: {
    'zh-CN': '删除已使用或已过期、且发送超过保留小时数的验证码',
    en: 'Deletes used or expired verification codes sent more than the retention hours ago',
  },
  params: z.strictObject({ retentionHours: z.number().int().min(1).max(8760).default(24) }),
  defaultCron: '0 40 2 * * ?',
  run: async ({ app, params, now }) => {
    const cutoff = ago(now, params.retentionHours * 3_600_000);
    const result = await app.db
      .delete(verificationCodes)
      .where(
        and(
          lt(verificationCodes.createdAt, cutoff),
          or(isNotNull(verificationCodes.usedAt), lt(verificationCodes.expiresAt, now)),
        ),
      );
    return { removed: removed(result) };
  },
});
