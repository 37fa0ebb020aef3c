import crypto from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { sessions, ssoNonces } from './auth.tables';
import { organizations } from '../organizations/organizations.tables';
import { userOrganizations, users } from '../users/users.tables';
import { AppError, forbidden } from '../../http/errors';
import { ResultCode } from '@rehab/shared';
import { createSession } from './sessions.service';
import { officesFor } from '../organizations';
import { rolesIn } from '../menus';
import { assertSignInOpen } from '../break';
import type { SessionContext } from '../../http/session';
import { clockMs } from '../../kernel/clock';

/**
 * The hospital system's single sign-on (the scheduling screen's entry from the HIS): an identity concern, so the
 * auth module's; scheduling serves the route.
 */

/** Sessions opened by the hospital system carry this login role type (2 administrator, 1 and 0 medical staff). */
export const HIS_LOGIN_ROLE_TYPE = 3;

/** The signature the hospital system sends: hex HMAC-SHA256 of `${userId}.${ts}` with the shared secret. */
export const hisSignature = (secret: string, userId: number, ts: number) =>
  crypto.createHmac('sha256', secret).update(`${userId}.${ts}`).digest('hex');

const badSignature = () => new AppError(ResultCode.forbidden, 'scheduling.ssoBadSignature');

function signatureMatches(expected: string, given: string) {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given.toLowerCase(), 'utf8');
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/**
 * Records a signature as used; a second use (a replay, from this process or another sharing the database) is refused.
 * The row is needed only while the signature could pass the age check; the session purge job deletes it after.
 */
async function useSignatureOnce(app: AppContext, userId: number, signature: string, expiresAt: Date) {
  const inserted = await app.db
    .insert(ssoNonces)
    .values({ signature, userId, expiresAt })
    .onConflictDoNothing()
    .returning({ signature: ssoNonces.signature });
  if (!inserted.length) throw forbidden('scheduling.ssoReplayed');
}

/**
 * POST /sys/ssoLogin (loginSystem=1): the hospital-system entry exchanges a user id for a session token. Refused
 * (403) when no secret is configured (HIS_SSO_SECRET), and unless the request proves it comes from the hospital
 * system: a fresh signature (`ts` within HIS_SSO_MAX_AGE_SECONDS, `sign` = HMAC of `${userId}.${ts}`, used once), or, for the
 * timed refresh, a valid token of the same user. The session opens in HIS_SSO_ORGANIZATION_ID (else the user's last
 * organization, else the first they belong to), which the user must belong to.
 */
export async function hisLogin(
  app: AppContext,
  input: { userId: number; ts?: number; sign?: string },
  caller: SessionContext | null,
  client: { ip: string; userAgent: string },
) {
  const { secret, organizationId: configuredOrg, maxAgeMs } = app.config.hisSso;
  if (!secret) throw forbidden('scheduling.ssoNotConfigured');
  const refresh = caller !== null && caller.userId === input.userId;
  if (!refresh) {
    if (!input.ts || !input.sign) throw badSignature();
    if (Math.abs(clockMs() - input.ts) > maxAgeMs) throw badSignature();
    if (!signatureMatches(hisSignature(secret, input.userId, input.ts), input.sign)) throw badSignature();
    await useSignatureOnce(app, input.userId, input.sign.toLowerCase(), new Date(input.ts + maxAgeMs));
  }
  const [user] = await app.db.select().from(users).where(eq(users.id, input.userId)).limit(1);
  if (!user || user.status !== 1) throw badSignature();
  const memberships = await app.db
    .select({ organizationId: userOrganizations.organizationId })
    .from(userOrganizations)
    .where(eq(userOrganizations.userId, user.id))
    .orderBy(asc(userOrganizations.organizationId));
  const member = new Set(memberships.map((m) => m.organizationId));
  const organizationId =
    configuredOrg ??
    (user.lastOrganizationId && member.has(user.lastOrganizationId)
      ? user.lastOrganizationId
      : memberships[0]?.organizationId);
  if (!organizationId || !member.has(organizationId)) throw forbidden('scheduling.ssoNotMember');
  const roleIdList = await rolesIn(app, user.id, organizationId);
  if (roleIdList.length === 0) throw forbidden('scheduling.ssoNotMember');
  // a maintenance window that pauses sign-in (/system/break) pauses this entry too; the timed refresh of an open
  // session goes on, as open sessions do
  if (!refresh) await assertSignInOpen(app, roleIdList);
  const token = await createSession(app, {
    userId: user.id,
    keepLogin: false,
    loginRoleType: HIS_LOGIN_ROLE_TYPE,
    ...client,
  });
  const officeList = await officesFor(app, user.id, organizationId);
  const office = officeList.find((o) => o.id === user.lastOfficeId) ?? officeList[0] ?? null;
  await app.db
    .update(sessions)
    .set({ organizationId, officeId: office?.id ?? null })
    .where(
      and(
        eq(sessions.userId, user.id),
        eq(sessions.tokenHash, crypto.createHash('sha256').update(token).digest('hex')),
      ),
    );
  const [org] = await app.db.select().from(organizations).where(eq(organizations.id, organizationId));
  return {
    token,
    data: {
      token,
      organization: {
        id: organizationId,
        name: org!.name,
        nameLang: org!.nameLang,
        config: { caIntegration: org!.caIntegration },
      },
      office,
    },
    user: { id: user.id, name: user.name, roleIdList, office },
  };
}
