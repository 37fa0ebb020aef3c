import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { ResultCode, accountKind, isAdminRoleSet } from '@rehab/shared';
import type { z } from 'zod';
import type { loginSchema, resetPasswordSchema } from '@rehab/shared';
import type { AppContext } from '../../context';
import { users } from '../users/users.tables';
import { AppError, badRequest, forbidden, tooManyRequests } from '../../http/errors';
import { allRolesOf } from '../menus';
import { checkCode } from './codes.service';
import { burnPasswordCheck, hashPassword, verifyPassword } from './password';
import { activeSessionsOf, createSession, revokeSessions } from './sessions.service';
import { findUserByAccount } from './users.repository';
import { sendAccountMessage } from '../messages';
import { assertSignInOpen } from '../break';
import { clockNow, clockMs } from '../../kernel/clock';

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

const wrongCredentials = () => badRequest('auth.wrongCredentials');

/**
 * Sign-in of spec section 4: password check with lockout after repeated failures, the login role type rule
 * (administrator login for roles 1 and 19 only; staff log in with a code), the signed-in-elsewhere confirmation
 * (code 2 until the caller confirms with isLogin=1, which ends the other sessions) and the password-at-risk flag.
 */
export async function login(
  app: AppContext,
  input: LoginInput,
  client: { ip: string; userAgent: string },
): Promise<LoginResult> {
  const account = (input.email || input.phone || input.account)!;
  const user = await findUserByAccount(app.db, account);
  if (!user) {
    await burnPasswordCheck(input.password!);
    throw wrongCredentials();
  }
  const now = clockMs();
  if (user.lockedUntil && user.lockedUntil.getTime() > now) throw lockedError(user.lockedUntil, now);
  await checkPasswordWithLockout(app, user, input.password!, now);
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
  await app.db.update(users).set({ failedAttempts: 0, lockedUntil: null }).where(eq(users.id, user.id));
  const token = await createSession(app, {
    userId: user.id,
    keepLogin: user.keepLogin,
    loginRoleType: input.loginRoleType,
    ...client,
  });
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
    passwordAtRisk: input.password === app.config.defaultPassword,
  };
}

const lockedError = (lockedUntil: Date, now: number) =>
  new AppError(ResultCode.tooManyRequests, 'auth.locked', {
    minutes: Math.max(1, Math.ceil((lockedUntil.getTime() - now) / 60_000)),
  });

/**
 * The password check with the lockout: five wrong passwords lock the account. The attempt is counted (atomically)
 * before the password is checked, so that parallel requests cannot get more guesses than the limit: one beyond
 * the attempts left is refused unchecked. A right password takes its count back.
 */
async function checkPasswordWithLockout(
  app: AppContext,
  user: { id: number; passwordHash: string },
  password: string,
  now: number,
) {
  const max = app.config.loginMaxFailures;
  const lock = async () => {
    const lockedUntil = new Date(now + app.config.loginLockMs);
    await app.db.update(users).set({ failedAttempts: 0, lockedUntil }).where(eq(users.id, user.id));
    return lockedError(lockedUntil, now);
  };
  const [attempt] = await app.db
    .update(users)
    .set({ failedAttempts: sql`${users.failedAttempts} + 1` })
    .where(and(eq(users.id, user.id), or(isNull(users.lockedUntil), lte(users.lockedUntil, new Date(now)))))
    .returning({ failures: users.failedAttempts });
  if (!attempt) {
    // locked by a parallel request since the account was read
    const [row] = await app.db.select({ lockedUntil: users.lockedUntil }).from(users).where(eq(users.id, user.id));
    throw lockedError(row?.lockedUntil ?? new Date(now + app.config.loginLockMs), now);
  }
  const takeBack = () =>
    app.db
      .update(users)
      .set({ failedAttempts: sql`greatest(${users.failedAttempts} - 1, 0)` })
      .where(eq(users.id, user.id));
  if (attempt.failures > max) {
    // more attempts in flight than are left: refused unchecked, and not counted
    await takeBack();
    throw tooManyRequests();
  }
  if (!(await verifyPassword(user.passwordHash, password))) {
    if (attempt.failures >= max) throw await lock();
    throw badRequest('auth.wrongCredentialsRemaining', { count: max - attempt.failures });
  }
  await takeBack();
}

/** Password reset by code: the new password must differ from the old one; every session of the account ends. */
export async function resetPassword(app: AppContext, input: z.output<typeof resetPasswordSchema>) {
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
