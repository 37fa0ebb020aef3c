import { createHmac } from 'node:crypto';
import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import {
  MAX_CALL_PARTICIPANTS,
  CALL_TOPIC_PREFIX,
  ResultCode,
  callDuration,
  callTopic,
  type CallIce,
  type CallInfo,
  type CallTopicMessage,
  type callSignalSchema,
} from '@rehab/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { TxOrDb } from '../../db/client';
import { AppError } from '../../http/errors';
import type { SessionContext } from '../../http/session';
import type { LiveTopicGuard } from '../../kernel/module';
import { runUnitOfWork } from '../../kernel/unit-of-work';
import { userNames } from '../users';
import { CALL_STATUSES } from './call-records';
import { crossOrgSide } from './cross-org-access';
import { consultationCalls, consultations } from './telemedicine.tables';
import { applyStep, grantOf, lockVisible, notFoundRecord } from './telemedicine.service';

/**
 * The live video call of a remote consultation (issue 17; docs/decisions.md "Live video in remote consultations").
 *
 * Media go browser to browser (WebRTC, a mesh of up to MAX_CALL_PARTICIPANTS); the server only lets people in and
 * passes signals on. The participants are the inviting side (staff of the sending organization who see the
 * consultation) and the consultation's expert; the expert is in the call on joining (and starts an accepted
 * consultation), the others wait in the lobby until the expert admits them. A signal is POSTed and published on the
 * recipient's call topic (`web/call/<consultation>/<user>`), which only that user, still a participant, may listen
 * to; sender and recipient must both be in the call. Stays (joined, left) are recorded for the half-hour fee.
 *
 * A hospital running its own media server (LiveKit, Jitsi) would implement `CallMediaProvider`: only the peer-to-peer
 * provider below exists; the screens ask for ICE servers and signal through this module either way.
 */
export type CallMediaProvider = {
  /** how the browsers reach each other: ICE servers for peer to peer, or a room URL and token of a media server */
  connection(app: AppContext, consultationId: number, userId: number, now: Date): CallIce;
};

type Row = typeof consultations.$inferSelect;
type Role = 'sender' | 'expert';
type SignalInput = z.output<typeof callSignalSchema>;

const refused = (key: string, params: Record<string, string | number> = {}) =>
  new AppError(ResultCode.conflict, key, params);

/** The session's part in the call: the inviting side, the expert, or none (seeing it is not taking part). */
async function roleOf(db: TxOrDb, row: Row, session: SessionContext, now: Date): Promise<Role | null> {
  const side = await crossOrgSide(db, grantOf(row), session, now);
  if (!side) throw notFoundRecord();
  if (side === 'sender') return 'sender';
  return row.expertId === session.userId ? 'expert' : null;
}

const isOpen = (row: Row) => (CALL_STATUSES as readonly string[]).includes(row.status);

const openStays = (db: TxOrDb, consultationId: number) =>
  db
    .select()
    .from(consultationCalls)
    .where(and(eq(consultationCalls.consultationId, consultationId), isNull(consultationCalls.leftAt)))
    .orderBy(asc(consultationCalls.id));

const tell = (app: AppContext, consultationId: number, userId: number, message: CallTopicMessage) =>
  app.live.publishTo(callTopic(consultationId, userId), message);

/**
 * The peer-to-peer provider: ICE servers from the settings, TURN credentials in the shared-secret scheme that coturn's
 * `use-auth-secret` checks (username `<expiry unix seconds>:<userId>`, credential base64(HMAC-SHA1(secret, username))).
 */
export const peerToPeer: CallMediaProvider = {
  connection(app, _consultationId, userId, now) {
    const { urls, secret, ttlMs } = app.config.turn;
    if (!urls.length) return { iceServers: [], turnConfigured: false, expiresAt: null };
    const hasTurn = urls.some((u) => /^turns?:/.test(u));
    if (!secret || !hasTurn) return { iceServers: [{ urls }], turnConfigured: false, expiresAt: null };
    const expiry = Math.floor((now.getTime() + ttlMs) / 1000);
    const username = `${expiry}:${userId}`;
    const credential = createHmac('sha1', secret).update(username).digest('base64');
    return {
      iceServers: [{ urls, username, credential }],
      turnConfigured: true,
      expiresAt: new Date(expiry * 1000).toISOString(),
    };
  },
};

async function visibleRow(app: AppContext, id: number) {
  const [row] = await app.db.select().from(consultations).where(eq(consultations.id, id));
  if (!row) throw notFoundRecord();
  return row;
}

/** The call as the session sees it: who is in it or waits, every stay, the minutes held and the fee's half hours. */
export async function callInfo(app: AppContext, session: SessionContext, id: number): Promise<CallInfo> {
  const now = app.clock.now();
  const row = await visibleRow(app, id);
  const role = await roleOf(app.db, row, session, now);
  const stays = await app.db
    .select()
    .from(consultationCalls)
    .where(eq(consultationCalls.consultationId, id))
    .orderBy(asc(consultationCalls.id));
  const names = await userNames(
    app.db,
    stays.map((s) => s.userId),
  );
  const nameOf = (userId: number) => names.get(userId) ?? '';
  const open = stays.filter((s) => s.leftAt === null);
  const mine = open.find((s) => s.userId === session.userId);
  const held = stays.filter((s) => s.joinedAt !== null) as ((typeof stays)[number] & { joinedAt: Date })[];
  return {
    open: isOpen(row) && role !== null,
    me: {
      userId: session.userId,
      role: role ?? 'sender',
      state: !mine ? 'none' : mine.joinedAt ? 'joined' : 'lobby',
    },
    participants: open.map((s) => ({
      userId: s.userId,
      name: nameOf(s.userId),
      role: s.role as Role,
      state: s.joinedAt ? 'joined' : 'lobby',
    })),
    records: held.map((s) => ({
      userId: s.userId,
      name: nameOf(s.userId),
      joinedAt: s.joinedAt.toISOString(),
      leftAt: s.leftAt?.toISOString() ?? null,
    })),
    ...callDuration(held, now),
  };
}

/** ICE servers (and TURN credentials) for a participant. */
export async function callIce(app: AppContext, session: SessionContext, id: number): Promise<CallIce> {
  const now = app.clock.now();
  const row = await visibleRow(app, id);
  if (!(await roleOf(app.db, row, session, now))) throw refused('remote.callNotParticipant');
  return peerToPeer.connection(app, id, session.userId, now);
}

/** Enters the call: the expert at once (starting an accepted consultation), anyone else into the lobby. */
export async function joinCall(app: AppContext, session: SessionContext, id: number) {
  const told = await runUnitOfWork(app, async (uow) => {
    const { tx, now } = uow;
    // the row lock orders concurrent joins: the participant cap holds
    const { row } = await lockVisible(uow, session, id);
    const role = await roleOf(tx, row, session, now);
    if (!role) throw refused('remote.callNotParticipant');
    if (!isOpen(row)) throw refused('remote.callClosed');
    const open = await openStays(tx, id);
    // joining again (a reload): the stay goes on
    if (open.some((s) => s.userId === session.userId)) return null;
    if (open.length >= MAX_CALL_PARTICIPANTS) throw refused('remote.callFull', { max: MAX_CALL_PARTICIPANTS });
    await tx.insert(consultationCalls).values({
      consultationId: id,
      userId: session.userId,
      role,
      requestedAt: now,
      joinedAt: role === 'expert' ? now : null,
    });
    if (role === 'expert' && row.status === 'accepted') await applyStep(app, uow, row, 'start', session.userId, {});
    return role === 'expert' ? null : row.expertId;
  });
  if (told) tell(app, id, told, { type: 'lobby', userId: session.userId });
}

/** The expert lets someone in from the lobby; the newcomer then offers to everyone in the call. */
export async function admitToCall(app: AppContext, session: SessionContext, id: number, userId: number) {
  const peers = await runUnitOfWork(app, async (uow) => {
    const { tx, now } = uow;
    const { row } = await lockVisible(uow, session, id);
    if ((await roleOf(tx, row, session, now)) !== 'expert') throw refused('remote.notTheExpert');
    if (!isOpen(row)) throw refused('remote.callClosed');
    const open = await openStays(tx, id);
    const waiting = open.find((s) => s.userId === userId && s.joinedAt === null);
    if (!waiting) throw refused('remote.callNotInLobby');
    await tx.update(consultationCalls).set({ joinedAt: now }).where(eq(consultationCalls.id, waiting.id));
    return open.filter((s) => s.joinedAt !== null && s.userId !== userId).map((s) => s.userId);
  });
  tell(app, id, userId, { type: 'admitted', peers });
}

/** Hangs up (or leaves the lobby); the others close their connection to the one who left. */
export async function leaveCall(app: AppContext, session: SessionContext, id: number) {
  const others = await runUnitOfWork(app, async (uow) => {
    const { tx, now } = uow;
    const { row } = await lockVisible(uow, session, id);
    if (!(await roleOf(tx, row, session, now))) throw refused('remote.callNotParticipant');
    const open = await openStays(tx, id);
    const mine = open.filter((s) => s.userId === session.userId);
    if (!mine.length) return [];
    await tx
      .update(consultationCalls)
      .set({ leftAt: now })
      .where(
        and(
          eq(consultationCalls.consultationId, id),
          eq(consultationCalls.userId, session.userId),
          isNull(consultationCalls.leftAt),
        ),
      );
    return open.filter((s) => s.userId !== session.userId).map((s) => s.userId);
  });
  for (const userId of others) tell(app, id, userId, { type: 'left', userId: session.userId });
}

/**
 * Passes a signal on to another participant: both must be in the call (admitted, not left). A `ping` to oneself is the
 * pre-call check's round trip through the live channel and needs only a part in the call.
 */
export async function signalCall(app: AppContext, session: SessionContext, id: number, v: SignalInput) {
  const now = app.clock.now();
  const row = await visibleRow(app, id);
  if (!(await roleOf(app.db, row, session, now))) throw refused('remote.callNotParticipant');
  if (v.kind === 'ping' || v.to === session.userId) {
    if (v.kind !== 'ping' || v.to !== session.userId) throw refused('remote.callPeerAbsent');
  } else {
    if (!isOpen(row)) throw refused('remote.callClosed');
    const joined = await app.db
      .select({ userId: consultationCalls.userId })
      .from(consultationCalls)
      .where(
        and(
          eq(consultationCalls.consultationId, id),
          isNull(consultationCalls.leftAt),
          isNotNull(consultationCalls.joinedAt),
        ),
      );
    const inCall = new Set(joined.map((j) => j.userId));
    if (!inCall.has(session.userId)) throw refused('remote.callNotJoined');
    if (!inCall.has(v.to)) throw refused('remote.callPeerAbsent');
  }
  tell(app, id, v.to, { type: 'signal', from: session.userId, kind: v.kind, data: v.data });
}

/**
 * Who may listen to `web/call/<consultation>/<user>`: that user only, while a participant of the consultation (the
 * inviting side that sees it, or its expert).
 */
export const mayListenToCall: LiveTopicGuard = async (app, session, topic) => {
  const m = /^(\d+)\/(\d+)$/.exec(topic.slice(CALL_TOPIC_PREFIX.length));
  if (!m || Number(m[2]) !== session.userId || Number(m[1]) > 2_147_483_647) return false;
  const [row] = await app.db
    .select()
    .from(consultations)
    .where(eq(consultations.id, Number(m[1])));
  if (!row) return false;
  try {
    return (await roleOf(app.db, row, session, app.clock.now())) !== null;
  } catch {
    return false;
  }
};
