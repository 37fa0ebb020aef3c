import { eq } from 'drizzle-orm';
import { ResultCode, accountKind, isAdminRoleSet } from '@rehab/shared';
import type { z } from 'zod';
import type { loginSchema, resetPasswordSchema } from '@rehab/shared';
import type { AppContext } from '../../context';
import { users } from '../users/users.tables';
import { AppError, badRequest, forbidden, unauthorized } from '../../http/errors';
import { allRolesOf } from '../menus';
import { checkCode } from './codes.service';
import { burnPasswordCheck, hashPassword, verifyPassword } from './password';
import { checkNewPassword } from './password-policy';
import { countAttempt, forgetAttempts, peekCounts, takeBackAttempt, type ThrottleKey } from './throttle.service';
import { checkCaptcha } from './captcha.service';
import { activeSessionsOf, createSession, revokeSession, revokeSessions } from './sessions.service';
import { findUserByAccount } from './users.repository';
import { sendAccountMessage } from '../messages';
import { assertSignInOpen } from '../break';
import { clockNow } from '../../kernel/clock';

type LoginInput = z.output<typeof loginSchema>;

/** What a successful login answers: the token and the user block of spec section 3. */
export type LoginResult =
  | { kind: 'signedInElsewhere' }
  | {
      kind: 'ok';
      token: string;
      user: {
        id: number;
        name: string;
        phone: string;
        email: string | null;
        roleIdList: number[];
        keepLogin: boolean;
        office: null;
      };
      passwordAtRisk: boolean;
    };

/** The answer to a wrong account or password; `captcha` when the next sign-in from here must carry the check. */
const wrongCredentials = (captcha = false) =>
  new AppError(ResultCode.badRequest, 'auth.wrongCredentials', {}, captcha ? { captcha: true } : {});

/**
 * Sign-in of spec section 4: the password check slowed down by growing delays after failures (throttle.service), the
 * login role type rule (administrator login for roles 1 and 19 only; staff log in with a code), the
 * signed-in-elsewhere confirmation (code 2 until the caller confirms with isLogin=1, which ends the other sessions)
 * and the password-at-risk flag. An unknown account is answered exactly like a known one with a wrong password.
 */
export async function login(
  app: AppContext,
  input: LoginInput,
  client: { ip: string; userAgent: string },
): Promise<LoginResult> {
  const account = (input.email || input.phone || input.account)!;
  const user = await findUserByAccount(app.db, account);
  await checkPasswordSlowed(app, user, account, input.password!, client.ip, input.captcha);
  if (!user) throw wrongCredentials();
  if (user.status !== 1) throw forbidden('auth.disabled');
  const roleIds = await allRolesOf(app, user.id);
  if (input.loginRoleType === 2 && !isAdminRoleSet(roleIds)) throw forbidden('auth.staffMustUseCode');
  // a maintenance window that pauses sign-in (/system/break): checked after the password, so it tells nothing to a guess
  await assertSignInOpen(app, roleIds);
  const codeAddress = accountKind(account) === 'phone' ? user.phone : (user.email ?? account);
  if (input.loginRoleType !== 2) {
    await checkCode(app, {
      purpose: 'login',
      address: codeAddress,
      code: input.verificationCode ?? '',
      consume: false,
    });
  }

  const others = await activeSessionsOf(app, user.id);
  if (others.length > 0 && input.isLogin !== 1) return { kind: 'signedInElsewhere' };

  if (input.loginRoleType !== 2) {
    await checkCode(app, { purpose: 'login', address: codeAddress, code: input.verificationCode ?? '', consume: true });
  }
  if (others.length > 0) await revokeSessions(app, user.id, 'replaced');
  return openSession(app, user, roleIds, input.loginRoleType, client, input.password === app.config.defaultPassword);
}

/** The session of a sign-in that passed its checks, and the user block the answer carries (spec section 3). */
async function openSession(
  app: AppContext,
  user: typeof users.$inferSelect,
  roleIds: number[],
  loginRoleType: number,
  client: { ip: string; userAgent: string },
  passwordAtRisk: boolean,
): Promise<Extract<LoginResult, { kind: 'ok' }>> {
  const token = await createSession(app, { userId: user.id, keepLogin: user.keepLogin, loginRoleType, ...client });
  return {
    kind: 'ok',
    token,
    user: {
      id: user.id,
      name: user.name,
      phone: user.phone,
      email: user.email,
      roleIdList: roleIds,
      keepLogin: user.keepLogin,
      office: null,
    },
    passwordAtRisk,
  };
}

/** The counters that slow down guessing at sign-in: the account from this address, the account, the address. */
function signInKeys(app: AppContext, accountKey: string, ip: string): ThrottleKey[] {
  const d = app.config.signInDelays;
  const growing = (free: number, maxDelayMs: number) => ({
    mode: 'growing' as const,
    free,
    maxDelayMs,
    windowMs: d.forgetMs,
  });
  return [
    { scope: 'sign-in-pair', key: `${accountKey}|${ip}`.slice(0, 200), rule: growing(d.pairFree, d.maxDelayMs) },
    { scope: 'sign-in-account', key: accountKey, rule: growing(d.accountFree, d.accountMaxDelayMs) },
    { scope: 'sign-in-address', key: ip.slice(0, 200), rule: growing(d.addressFree, d.maxDelayMs) },
  ];
}

/** Lifts the account's delays, from every address (a password reset by its owner or an administrator). */
export async function forgetSignInDelays(app: AppContext, userId: number) {
  await forgetAttempts(app, 'sign-in-account', `user:${userId}`);
  await forgetAttempts(app, 'sign-in-pair', `user:${userId}|`, { prefix: true });
}

/** The answer while a caller must wait: the same for every account, known or not. */
export const slowDown = (waitMs: number) => {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new AppError(ResultCode.tooManyRequests, 'auth.slowDown', { seconds }, { seconds });
};

/**
 * The password check behind growing delays (issue 22): failures are counted per account and address, per account
 * and per address, known accounts and unknown names alike, so that neither the answer nor its timing tells them
 * apart. There is no lock: an attacker slows down their own address, and the account's own count waits at most
 * `accountMaxDelayMs`, so that nobody can keep an owner out for long. The owner is told by a message when the
 * account's failures pass its free ones. A right password forgets the account's counts.
 */
async function checkPasswordSlowed(
  app: AppContext,
  user: { id: number; passwordHash: string } | undefined,
  account: string,
  password: string,
  ip: string,
  captcha: string | undefined,
) {
  const accountKey = user ? `user:${user.id}` : `name:${account.trim().toLowerCase().slice(0, 64)}`;
  const keys = signInKeys(app, accountKey, ip);
  // past `captcha.after` failures of the account from this address, or the address's free failures across accounts,
  // a sign-in carries a solved proof of work (captcha.service), checked before anything is counted
  const { after } = app.config.captcha;
  const needsCheck = (counts: number[]) =>
    after > 0 && (counts[0]! >= after || counts[2]! >= app.config.signInDelays.addressFree);
  if (needsCheck(await peekCounts(app, keys, clockNow()))) await checkCaptcha(app, captcha);
  const attempt = await countAttempt(app, keys, clockNow());
  if (attempt.waitMs > 0) {
    await burnPasswordCheck(password);
    throw slowDown(attempt.waitMs);
  }
  let right = false;
  if (user) right = await verifyPassword(user.passwordHash, password);
  else await burnPasswordCheck(password);
  if (right) {
    await forgetAttempts(app, keys[0]!.scope, keys[0]!.key);
    await forgetAttempts(app, keys[1]!.scope, keys[1]!.key);
    await takeBackAttempt(app, keys[2]!);
    return;
  }
  const accountFailures = attempt.counts[1]!;
  if (user && accountFailures === app.config.signInDelays.accountFree + 1) {
    await sendAccountMessage(app, user.id, {
      title: { key: 'message.signInAttackTitle' },
      content: {
        key: 'message.signInAttackContent',
        params: { count: accountFailures, time: formatLocalTime(clockNow()), address: ip },
      },
    });
  }
  throw wrongCredentials(needsCheck(attempt.counts));
}

/** Password reset by code: the new password must differ from the old one; every session of the account ends. */
export async function resetPassword(app: AppContext, input: z.output<typeof resetPasswordSchema>) {
  // before the account is looked up: the same answer whether the account exists or not
  checkNewPassword(input.password, { production: app.config.production, field: 'password' });
  const user = await findUserByAccount(app.db, input.address);
  // no account: answered like a wrong code, so the form does not reveal who has an account
  if (!user) throw badRequest('auth.codeInvalid');
  await checkCode(app, { purpose: 'reset', address: input.address, code: input.verificationCode, consume: false });
  if (await verifyPassword(user.passwordHash, input.password)) throw badRequest('auth.passwordSameAsOld');
  await checkCode(app, { purpose: 'reset', address: input.address, code: input.verificationCode, consume: true });
  await app.db
    .update(users)
    .set({
      passwordHash: await hashPassword(input.password),
      passwordChangedAt: clockNow(),
      failedAttempts: 0,
      lockedUntil: null,
      updatedAt: clockNow(),
    })
    .where(eq(users.id, user.id));
  await forgetSignInDelays(app, user.id);
  await revokeSessions(app, user.id, 'password');
  // the account holder learns of it in their inbox, whoever reset it
  await sendAccountMessage(app, user.id, {
    title: { key: 'message.passwordResetTitle' },
    content: {
      key: 'message.passwordResetContent',
      params: { time: formatLocalTime(clockNow()), address: maskAddress(input.address) },
    },
  });
}

/** `2026-03-01 14:05` in the server's time zone. */
function formatLocalTime(d: Date) {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** An address as a notice may show it: 138****0011, a***@example.com. */
export function maskAddress(address: string) {
  const at = address.indexOf('@');
  if (at > 0) return `${address[0]}***${address.slice(at)}`;
  return address.length >= 7 ? `${address.slice(0, 3)}****${address.slice(-4)}` : '***';
}

/**
 * The current password asked by a password change (issue 22): wrong answers are counted per account, and the
 * `passwordChangeMaxFailures`-th in a row ends the session that asked (a stolen session cannot be turned into the
 * password by guessing). Counted before the check, so that parallel guesses get no more tries; a right answer
 * forgets the count.
 */
export async function checkCurrentPassword(
  app: AppContext,
  session: { userId: number; sessionId: number },
  passwordHash: string,
  given: string,
) {
  const max = app.config.passwordChangeMaxFailures;
  const key: ThrottleKey = {
    scope: 'password-change',
    key: `user:${session.userId}`,
    rule: { mode: 'growing', free: Number.MAX_SAFE_INTEGER, windowMs: app.config.signInDelays.forgetMs, maxDelayMs: 0 },
  };
  const { counts } = await countAttempt(app, [key], clockNow());
  const count = counts[0]!;
  const right = count <= max && (await verifyPassword(passwordHash, given));
  if (right) {
    await forgetAttempts(app, key.scope, key.key);
    return;
  }
  if (count >= max) {
    await forgetAttempts(app, key.scope, key.key);
    await revokeSession(app, session.sessionId, 'password');
    throw unauthorized('auth.passwordChangeSessionEnded');
  }
  throw badRequest('auth.oldPasswordWrong');
}

/**
 * A sign-in confirmed on another device (the QR collaborative login, issue 19): the confirmer proved who they are
 * with their signed-in phone, so no password is asked here. Refused for accounts without web access (disabled, or
 * holding no role anywhere) and while a maintenance window pauses sign-in. The new session replaces the user's other
 * sessions except the confirming one (the phone stays signed in), as confirming a sign-in elsewhere does.
 */
export async function signInConfirmed(
  app: AppContext,
  userId: number,
  keepSessionId: number,
  client: { ip: string; userAgent: string },
): Promise<Extract<LoginResult, { kind: 'ok' }>> {
  const [user] = await app.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user || user.status !== 1) throw forbidden('qrLogin.noWebAccess');
  const roleIds = await allRolesOf(app, user.id);
  if (roleIds.length === 0) throw forbidden('qrLogin.noWebAccess');
  await assertSignInOpen(app, roleIds);
  for (const other of await activeSessionsOf(app, user.id, keepSessionId))
    await revokeSession(app, other.id, 'replaced');
  return openSession(app, user, roleIds, isAdminRoleSet(roleIds) ? 2 : 1, client, false);
}
