import crypto from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { Locale, QrLoginState } from '@rehab/shared';
import type { AppContext } from '../../context';
import type { OrgSession } from '../../http/session';
import { badRequest, conflict, forbidden } from '../../http/errors';
import { clockMs, clockNow } from '../../kernel/clock';
import { sha256, signInConfirmed } from '../auth';
import { currentOrganization, organizationNames } from '../organizations';
import { userNames } from '../users';
import { writeOperationLog } from '../logs';
import { qrLogins } from './qr-login.tables';

type Row = typeof qrLogins.$inferSelect;
type Client = { ip: string; userAgent: string };

/**
 * The name of the nonce cookie that binds a request to the browser that asked for it: one per request, so that two
 * tabs of one browser in the QR mode do not take each other's.
 */
export const qrNonceCookie = (signDataId: string) => `rehab_qr_${sha256(signDataId).slice(0, 12)}`;
/** Requests are kept a day after they expired, for the record; older ones are deleted when a new one is made. */
const KEEP_MS = 86_400_000;

const randomId = () => crypto.randomBytes(24).toString('base64url');

/** The state as the clock sees it: a request not finished before its expiry is expired. */
export function stateOf(row: Row, now: number): QrLoginState {
  if (row.state === 'cancelled' || row.state === 'signedIn') return row.state as QrLoginState;
  if (row.expiresAt.getTime() <= now) return 'expired';
  return row.state as QrLoginState;
}

/**
 * A new login request for the browser asking (spec section 3: qrCode, signDataId): the QR carries only the public
 * id of the phone's confirmation page; the sign-data id and the nonce (an HttpOnly cookie) stay with this browser.
 */
export async function createQrLogin(app: AppContext, client: Client, confirmPageBase: string) {
  const now = clockMs();
  await app.db.delete(qrLogins).where(lt(qrLogins.expiresAt, new Date(now - KEEP_MS)));
  const publicId = randomId();
  const signDataId = randomId();
  const nonce = randomId();
  await app.db.insert(qrLogins).values({
    publicId,
    signDataHash: sha256(signDataId),
    nonceHash: sha256(nonce),
    ip: client.ip.slice(0, 64),
    userAgent: client.userAgent.slice(0, 300),
    createdAt: new Date(now),
    expiresAt: new Date(now + app.config.qrLoginLifetimeMs),
  });
  return {
    qrCode: `${confirmPageBase}/qr-confirm/${publicId}`,
    signDataId,
    expiresIn: app.config.qrLoginLifetimeMs,
    nonce,
  };
}

const refusal = (state: QrLoginState) =>
  state === 'expired'
    ? badRequest('qrLogin.expired')
    : state === 'cancelled'
      ? badRequest('qrLogin.cancelled')
      : badRequest('qrLogin.codeUsed');

/**
 * The login page's poll (`code` '0'), and the exchange of the one-time code for a session (`code` the loginCode of
 * the confirmed answer). Only the browser holding the request's nonce cookie is answered; the code is taken once
 * (the row is claimed by a conditional update, so two exchanges racing get one session). The sign-in is written to
 * the operation log with the user, as a password sign-in is.
 */
export async function pollQrLogin(
  app: AppContext,
  input: { signDataId: string; code: string; nonce: string | undefined },
  client: Client,
) {
  const [row] = await app.db
    .select()
    .from(qrLogins)
    .where(eq(qrLogins.signDataHash, sha256(input.signDataId)))
    .limit(1);
  if (!row) throw badRequest('qrLogin.notFound');
  if (!input.nonce || !safeEqual(row.nonceHash, sha256(input.nonce))) throw forbidden('qrLogin.otherBrowser');
  const now = clockMs();
  const state = stateOf(row, now);
  if (state === 'expired' || state === 'cancelled' || state === 'signedIn') throw refusal(state);
  const scannedBy = row.scannedBy ? ((await userNames(app.db, [row.scannedBy])).get(row.scannedBy) ?? null) : null;
  const waiting = { scannedBy, loginCode: null, token: null, user: null, passwordAtRisk: false, expire: null };
  if (input.code === '0') {
    if (state !== 'confirmed') return { state, ...waiting };
    // the code is handed out once: a later poll of the same request gets no second copy
    const loginCode = randomId();
    const [handed] = await app.db
      .update(qrLogins)
      .set({ loginCodeHash: sha256(loginCode) })
      .where(and(eq(qrLogins.id, row.id), eq(qrLogins.state, 'confirmed'), eq(qrLogins.loginCodeHash, 'pending')))
      .returning({ id: qrLogins.id });
    if (!handed) throw badRequest('qrLogin.codeUsed');
    return { state: 'confirmed' as const, ...waiting, loginCode };
  }
  if (state !== 'confirmed' || !row.loginCodeHash || !safeEqual(row.loginCodeHash, sha256(input.code))) {
    throw badRequest('qrLogin.codeUsed');
  }
  const [claimed] = await app.db
    .update(qrLogins)
    .set({ state: 'signedIn', usedAt: new Date(now) })
    .where(and(eq(qrLogins.id, row.id), eq(qrLogins.state, 'confirmed')))
    .returning({ id: qrLogins.id });
  if (!claimed) throw badRequest('qrLogin.codeUsed');
  const signedIn = await signInConfirmed(app, row.scannedBy!, row.confirmerSessionId ?? 0, client);
  await writeOperationLog(app, {
    userId: signedIn.user.id,
    userName: signedIn.user.name,
    organizationId: row.organizationId,
    operation: 'ca qrLogin signIn',
    kind: 'signIn',
    method: 'POST',
    url: '/sys/ca/pollLoginStatus/:signDataId/:code',
    params: { confirmedIn: row.organizationId },
    durationMs: 0,
    ip: client.ip.slice(0, 64),
    status: 200,
  });
  return {
    state: 'signedIn' as const,
    scannedBy,
    loginCode: null,
    token: signedIn.token,
    user: signedIn.user,
    passwordAtRisk: false,
    expire: app.config.sessionIdleMs,
  };
}

function safeEqual(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/**
 * CA login is offered only where the organization has enabled it (docs/decisions.md, issue 19): the confirmer's
 * current organization must have CA integration on; elsewhere the spec's 'not activated' message.
 */
async function caOrganization(app: AppContext, session: OrgSession) {
  const { organization } = await currentOrganization(app, session);
  if (!organization?.config.caIntegration) throw forbidden('qrLogin.caNotActivated');
  return organization;
}

async function requestOf(app: AppContext, qrId: string) {
  const [row] = await app.db.select().from(qrLogins).where(eq(qrLogins.publicId, qrId)).limit(1);
  if (!row) throw badRequest('qrLogin.notFound');
  return row;
}

/** `Chrome 130 · Windows` from a user agent: which computer asks, without the whole string. */
export function clientSummary(userAgent: string) {
  const browser =
    /Edg\/(\d+)/.exec(userAgent)?.[1] !== undefined
      ? `Edge ${/Edg\/(\d+)/.exec(userAgent)![1]}`
      : /Firefox\/(\d+)/.test(userAgent)
        ? `Firefox ${/Firefox\/(\d+)/.exec(userAgent)![1]}`
        : /Chrome\/(\d+)/.test(userAgent)
          ? `Chrome ${/Chrome\/(\d+)/.exec(userAgent)![1]}`
          : /Version\/(\d+).*Safari/.test(userAgent)
            ? `Safari ${/Version\/(\d+)/.exec(userAgent)![1]}`
            : null;
  const system = /Windows/.test(userAgent)
    ? 'Windows'
    : /Mac OS X/.test(userAgent)
      ? 'macOS'
      : /Android/.test(userAgent)
        ? 'Android'
        : /iPhone|iPad/.test(userAgent)
          ? 'iOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  return [browser, system].filter(Boolean).join(' · ') || userAgent.slice(0, 40) || '-';
}

/**
 * The phone opened the QR's page: the request is marked scanned by the signed-in staff member (only while waiting,
 * or scanned by the same person) and shown: which computer, from where, when.
 */
export async function scanQrLogin(app: AppContext, session: OrgSession, qrId: string, locale: Locale) {
  await caOrganization(app, session);
  const row = await requestOf(app, qrId);
  const now = clockMs();
  const state = stateOf(row, now);
  if (state === 'waiting') {
    await app.db
      .update(qrLogins)
      .set({ state: 'scanned', scannedBy: session.userId, scannedAt: new Date(now) })
      .where(and(eq(qrLogins.id, row.id), eq(qrLogins.state, 'waiting')));
  } else if (row.scannedBy !== session.userId && state !== 'expired') {
    throw conflict('qrLogin.scannedByOther');
  }
  const names = await organizationNames(app.db, [session.organizationId], locale);
  return {
    state: state === 'waiting' ? ('scanned' as const) : state,
    client: clientSummary(row.userAgent),
    ip: row.ip,
    requestedAt: row.createdAt,
    expiresAt: row.expiresAt,
    organizationName: names.get(session.organizationId) ?? '',
  };
}

/** The staff member confirms on the phone: the page's next poll gets the one-time code. */
export async function confirmQrLogin(app: AppContext, session: OrgSession, qrId: string) {
  await caOrganization(app, session);
  const row = await requestOf(app, qrId);
  const state = stateOf(row, clockMs());
  if (state === 'expired' || state === 'cancelled') throw refusal(state);
  if (state !== 'scanned' || row.scannedBy !== session.userId) throw conflict('qrLogin.alreadyConfirmed');
  const [done] = await app.db
    .update(qrLogins)
    .set({
      state: 'confirmed',
      organizationId: session.organizationId,
      confirmerSessionId: session.sessionId,
      confirmedAt: clockNow(),
      // no code yet: the polling page is handed one once (pollQrLogin)
      loginCodeHash: 'pending',
    })
    .where(and(eq(qrLogins.id, row.id), eq(qrLogins.state, 'scanned'), eq(qrLogins.scannedBy, session.userId)))
    .returning({ id: qrLogins.id });
  if (!done) throw conflict('qrLogin.alreadyConfirmed');
}

/** The staff member cancels on the phone: the page's next poll shows the message and the refresh button. */
export async function cancelQrLogin(app: AppContext, session: OrgSession, qrId: string) {
  const row = await requestOf(app, qrId);
  const state = stateOf(row, clockMs());
  if (state === 'expired' || state === 'cancelled') throw refusal(state);
  if (row.scannedBy !== session.userId || (state !== 'scanned' && state !== 'confirmed')) {
    throw conflict('qrLogin.alreadyConfirmed');
  }
  await app.db
    .update(qrLogins)
    .set({ state: 'cancelled', cancelledAt: clockNow() })
    .where(and(eq(qrLogins.id, row.id), eq(qrLogins.scannedBy, session.userId)));
}
