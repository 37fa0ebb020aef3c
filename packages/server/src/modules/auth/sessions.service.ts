import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { sessions } from './auth.tables';
import { dataVersions } from '../../db/data-versions.tables';
import { userRoles } from '../roles/roles.tables';
import { users } from '../users/users.tables';
import { AppError, unauthorized } from '../../http/errors';
import { ResultCode, durationText, type SessionEndReason, type SessionEnded } from '@rehab/shared';
import type { SessionContext } from '../../http/session';
import { permissionsOf, productsOf, rolesAmong, withinProducts } from '../menus';
import { newToken, sha256 } from './tokens';
import { clockNow, clockMs } from '../../kernel/clock';

type SessionRow = typeof sessions.$inferSelect;

/** Whether a session still counts as signed in: not revoked, not past its lifetime, not idle too long. */
export function sessionState(row: SessionRow, now: number, idleMs: number): 'active' | 'revoked' | 'idle' | 'expired' {
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt.getTime() <= now) return 'expired';
  if (!row.keepLogin && now - row.lastSeenAt.getTime() > idleMs) return 'idle';
  return 'active';
}

/** Absolute lifetime of a session: keep-login sessions last SESSION_KEEP_DAYS, others 24 idle periods (a day at least). */
const sessionLifetime = (app: AppContext, keepLogin: boolean) =>
  keepLogin ? app.config.sessionKeepMs : Math.max(app.config.sessionIdleMs * 24, 86_400_000);

/** Keep-login switched in My center applies to the sessions already open, not only to the next sign-in. */
export async function setKeepLogin(app: AppContext, userId: number, keepLogin: boolean) {
  await app.db
    .update(sessions)
    .set({ keepLogin, expiresAt: new Date(clockMs() + sessionLifetime(app, keepLogin)) })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

export async function createSession(
  app: AppContext,
  input: { userId: number; keepLogin: boolean; loginRoleType: number; ip: string; userAgent: string },
) {
  const token = newToken();
  const now = clockMs();
  const lifetime = sessionLifetime(app, input.keepLogin);
  await app.db.insert(sessions).values({
    tokenHash: sha256(token),
    userId: input.userId,
    keepLogin: input.keepLogin,
    loginRoleType: input.loginRoleType,
    // on the application's clock, not the database's: the idle check compares them with clockNow()
    createdAt: new Date(now),
    lastSeenAt: new Date(now),
    expiresAt: new Date(now + lifetime),
    ip: input.ip.slice(0, 64),
    userAgent: input.userAgent.slice(0, 300),
  });
  return token;
}

/** Sessions of a user that still count as signed in, except `exceptId`. */
export async function activeSessionsOf(app: AppContext, userId: number, exceptId = 0) {
  const rows = await app.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.id, exceptId)));
  const now = clockMs();
  return rows.filter((row) => sessionState(row, now, app.config.sessionIdleMs) === 'active');
}

export async function revokeSessions(app: AppContext, userId: number, reason: string) {
  await app.db
    .update(sessions)
    .set({ revokedAt: clockNow(), revokeReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  // their live message connections end too, on every server
  app.live.sessionsRevoked({ userId });
}

export async function revokeSession(app: AppContext, sessionId: number, reason: string) {
  await app.db
    .update(sessions)
    .set({ revokedAt: clockNow(), revokeReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  app.live.sessionsRevoked({ sessionIds: [sessionId] });
}

/** Why a revoked token is refused, for the message: every later request says the same as the first. */
const REVOKED_MESSAGE: Record<string, string> = { replaced: 'error.sessionReplaced' };
/** The stored revoke reason as the answer names it (the screen says why and when the session ended). */
const END_REASON: Record<string, SessionEndReason> = {
  replaced: 'replaced',
  idle: 'idle',
  logout: 'signedOut',
  password: 'password',
  disabled: 'disabled',
};

const endedExtra = (sessionEnded: SessionEnded) => ({ sessionEnded });

/** The idle-timeout answer, naming the configured limit in the caller's language (issue 22) and when it ended. */
const sessionExpired = (app: AppContext, ended: SessionEnded) =>
  new AppError(
    ResultCode.unauthorized,
    'error.sessionExpired',
    (locale) => ({ limit: durationText(app.config.sessionIdleMs, locale) }),
    endedExtra(ended),
  );

/** When an idle session ended: its last activity plus the idle limit. */
const idleEnd = (app: AppContext, row: SessionRow): SessionEnded => ({
  reason: 'idle',
  at: new Date(row.lastSeenAt.getTime() + app.config.sessionIdleMs).toISOString(),
  idleMs: app.config.sessionIdleMs,
});

/**
 * The session lookup of every request, built once per database and prepared (on PostgreSQL a named statement,
 * parsed and planned once per connection): building the statement anew cost a tenth of a kept answer's CPU. It
 * reads the user's roles in the same statement (one round trip a request less: [role id, organization id] pairs)
 * and the organization's data version (db/data-version.ts), so a read of kept answers needs no round trip either.
 */
const lookupStatement = (db: Db) =>
  db
    .select({
      session: sessions,
      userName: users.name,
      userStatus: users.status,
      roles: sql<
        [number, number][] | string
      >`(SELECT coalesce(json_agg(json_build_array(${userRoles.roleId}, ${userRoles.organizationId})), '[]') FROM ${userRoles} WHERE ${userRoles.userId} = ${sessions.userId})`,
      dataVersion: sql<
        string | null
      >`(SELECT sum(${dataVersions.version})::text FROM ${dataVersions} WHERE ${dataVersions.organizationId} IN (0, ${sessions.organizationId}))`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('session_lookup');
const lookups = new WeakMap<Db, ReturnType<typeof lookupStatement>>();
function sessionLookupOf(db: Db) {
  let lookup = lookups.get(db);
  if (!lookup) lookups.set(db, (lookup = lookupStatement(db)));
  return lookup;
}

/**
 * Resolves a token into the caller, or throws 401 with the reason: unknown, signed out, replaced by a sign-in
 * elsewhere, or idle past the limit (the server enforces the same idle hour as the screen).
 */
export async function resolveToken(app: AppContext, token: string | undefined): Promise<SessionContext> {
  if (!token) throw unauthorized();
  const [found] = await sessionLookupOf(app.db).execute({ tokenHash: sha256(token) });
  if (!found) throw unauthorized();
  const { session: row } = found;
  const now = clockMs();
  const state = sessionState(row, now, app.config.sessionIdleMs);
  if (state === 'revoked') {
    if (row.revokeReason === 'idle') throw sessionExpired(app, idleEnd(app, row));
    const reason = END_REASON[row.revokeReason ?? ''];
    throw new AppError(
      ResultCode.unauthorized,
      REVOKED_MESSAGE[row.revokeReason ?? ''] ?? 'error.unauthorized',
      {},
      reason ? endedExtra({ reason, at: row.revokedAt!.toISOString() }) : {},
    );
  }
  if (state === 'idle') {
    await revokeSession(app, row.id, 'idle');
    throw sessionExpired(app, idleEnd(app, row));
  }
  if (state === 'expired') throw sessionExpired(app, { reason: 'expired', at: row.expiresAt.toISOString() });
  if (found.userStatus !== 1) throw unauthorized('auth.disabled');

  // one write per interval, not per request; precise enough for an idle limit measured in minutes
  const touchEvery = Math.min(60_000, Math.max(1000, app.config.sessionIdleMs / 10));
  if (now - row.lastSeenAt.getTime() > touchEvery) {
    await app.db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.id, row.id));
  }

  const roleRows = (typeof found.roles === 'string' ? JSON.parse(found.roles) : found.roles) as [number, number][];
  const roleIds = row.organizationId
    ? rolesAmong(
        roleRows.map(([roleId, organizationId]) => ({ roleId, organizationId })),
        row.organizationId,
      )
    : [];
  // no role left in the session's organization: the user was taken out of it, and the session is back at checkout
  const organizationId = roleIds.length > 0 ? row.organizationId : null;
  const products = organizationId ? await productsOf(app, organizationId) : new Set<string>();
  const permissions = organizationId ? withinProducts(await permissionsOf(app, roleIds), products) : new Set<string>();
  return {
    sessionId: row.id,
    userId: row.userId,
    userName: found.userName,
    organizationId,
    officeId: organizationId ? row.officeId : null,
    keepLogin: row.keepLogin,
    roleIds,
    permissions,
    products,
    dataVersion: organizationId ? (found.dataVersion ?? '0') : null,
  };
}
