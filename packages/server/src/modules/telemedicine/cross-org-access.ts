import { isTerminal, RemotePerm, type ConsultationStatusCode, type MaterialKind } from '@rehab/shared';
import type { TxOrDb } from '../../db/client';
import type { SessionContext } from '../../http/session';
import { isMemberOf, userNames } from '../users';
import { consultationReads } from './telemedicine.tables';

/**
 * The cross-organization access model (issue 17): one rule for every workflow that sends a patient's data from one
 * organization to a related one (remote consultation now; referral and transfer of treatment build on it).
 *
 * A request names a sending and a receiving organization (related ones only, checked when it is made) and
 * optionally the receiving office and a named person. The sending side sees its requests; the receiving side sees
 * exactly what is attached to the request, read-only, while the request is open and for `retentionDays` after it
 * ended, and only:
 * - the person who took the request over (whatever organization the session is in: the expert's view opens without
 *   one), or
 * - before anyone took it over: a member of the receiving organization, signed into it, holding `receiverPermission`,
 *   in the receiving office (when one is named) and the named person (when one is named).
 * Nobody else, not even another member of the receiving organization, learns that the request exists: callers answer
 * "not found" for it. Every read by the receiving side is recorded with `recordCrossOrgRead` (who, which patient,
 * which request, what).
 */
export type CrossOrgGrant = {
  id: number;
  fromOrganizationId: number;
  toOrganizationId: number;
  toOfficeId: number | null;
  /** the person named by the sender, or null for any */
  targetUserId: number | null;
  /** the person who took the request over, or null */
  assigneeId: number | null;
  patientId: number;
  /** the request's state: a consultation's, or another workflow's when `terminal` is given */
  status: string;
  /** whether the request reached a terminal state (workflows other than consultation say it; a consultation's
   * status tells it otherwise) */
  terminal?: boolean;
  /** still with the sending side (a draft, or waiting for its own approval): the receiving side does not see it */
  heldBySender: boolean;
  /** when the request reached a terminal state */
  endedAt: Date | null;
  retentionDays: number;
};

export type CrossOrgSide = 'sender' | 'receiver';

const DAY_MS = 86_400_000;

/** Whether the receiving side may read the request: released by the sender, and open or within the retention. */
export function receiverWindowOpen(
  g: Pick<CrossOrgGrant, 'status' | 'terminal' | 'heldBySender' | 'endedAt' | 'retentionDays'>,
  now: Date,
) {
  if (g.heldBySender) return false;
  if (!(g.terminal ?? isTerminal(g.status as ConsultationStatusCode))) return true;
  const ended = g.endedAt?.getTime() ?? 0;
  return now.getTime() < ended + g.retentionDays * DAY_MS;
}

/** Whether this session is one the receiving side lets in before anyone took the request over. */
export function inReceivingPool(g: CrossOrgGrant, session: SessionContext, receiverPermission: string) {
  return (
    g.assigneeId === null &&
    session.organizationId === g.toOrganizationId &&
    session.permissions.has(receiverPermission) &&
    (g.toOfficeId === null || session.officeId === g.toOfficeId) &&
    (g.targetUserId === null || g.targetUserId === session.userId)
  );
}

/**
 * Which side of the request the session is on, or null when it may not see it at all. The sending side needs the
 * list permission in the sending organization.
 */
export async function crossOrgSide(
  db: TxOrDb,
  g: CrossOrgGrant,
  session: SessionContext,
  now: Date,
  options: { senderPermission?: string; receiverPermission?: string } = {},
): Promise<CrossOrgSide | null> {
  const senderPermission = options.senderPermission ?? RemotePerm.list;
  const receiverPermission = options.receiverPermission ?? RemotePerm.expert;
  if (session.organizationId === g.fromOrganizationId && session.permissions.has(senderPermission)) return 'sender';
  if (!receiverWindowOpen(g, now)) return null;
  if (g.assigneeId !== null && g.assigneeId === session.userId) {
    // still a member of the receiving organization (a member who left loses the access)
    return (await isMemberOf(db, g.toOrganizationId, session.userId)) ? 'receiver' : null;
  }
  return inReceivingPool(g, session, receiverPermission) ? 'receiver' : null;
}

/** Records a read of the request's patient data by the receiving side. */
export async function recordCrossOrgRead(
  db: TxOrDb,
  g: Pick<CrossOrgGrant, 'id' | 'patientId'>,
  session: SessionContext,
  what: string,
  now: Date,
) {
  await db.insert(consultationReads).values({
    consultationId: g.id,
    patientId: g.patientId,
    userId: session.userId,
    organizationId: session.organizationId,
    what,
    at: now,
  });
}

/** A request's attached material as its detail shows it (the rows of `tm_material` and `ref_material` alike). */
export const materialsOut = (
  rows: { id: number; kind: string; title: string; lines: { label: string; value: string }[] }[],
) => rows.map((m) => ({ id: m.id, kind: m.kind as MaterialKind, title: m.title, lines: m.lines }));

/** A request's steps as its detail shows them, each with the name of who took it (`tm_history`, `ref_history`). */
export async function stepsOut(
  db: TxOrDb,
  rows: {
    action: string;
    fromStatus: string | null;
    toStatus: string;
    actorId: number | null;
    reason: string | null;
    at: Date;
  }[],
) {
  const actors = await userNames(
    db,
    rows.map((h) => h.actorId),
  );
  return rows.map((h) => ({
    action: h.action,
    fromStatus: h.fromStatus,
    toStatus: h.toStatus,
    actorName: h.actorId ? (actors.get(h.actorId) ?? null) : null,
    reason: h.reason,
    at: h.at.toISOString(),
  }));
}
