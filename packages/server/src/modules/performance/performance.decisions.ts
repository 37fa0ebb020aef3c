import { AdjustmentStatus, RoleId } from '@rehab/shared';
import type { AppContext } from '../../context';
import type { TxOrDb } from '../../db/client';
import type { UnitOfWork } from '../../kernel/unit-of-work';
import { sendSystemMessage } from '../messages';
import { staffWithRoles } from '../roles';
import { userNames } from '../users';

/** The statements' screen, where every performance message leads (with `?month=`). */
export const ACHIEVEMENT_LINK = '/achievement/therapist-achievement';

/** Sends a product message (registered with afterCommit: once the use case committed); nobody to tell sends nothing. */
export function tell(app: AppContext, message: Parameters<typeof sendSystemMessage>[1]) {
  if (message.userIds.length === 0) return Promise.resolve();
  return sendSystemMessage(app, message).then(() => undefined);
}

type Message = Parameters<typeof sendSystemMessage>[1];

/**
 * A request another administrator decides (an appeal, a reopening): once committed, the organization's
 * administrators other than the requester are told, with a link to the month.
 */
export async function tellDeciders(
  app: AppContext,
  uow: Pick<UnitOfWork, 'tx' | 'afterCommit'>,
  request: { organizationId: number; requestedBy: number; month: string },
  message: Pick<Message, 'title' | 'content'>,
) {
  const admins = (await staffWithRoles(uow.tx, request.organizationId, [RoleId.orgAdmin])).map((a) => a.id);
  uow.afterCommit(() =>
    tell(app, {
      organizationId: request.organizationId,
      userIds: admins.filter((id) => id !== request.requestedBy),
      category: 'execute',
      ...message,
      link: `${ACHIEVEMENT_LINK}?month=${request.month}`,
    }),
  );
}

/**
 * What adjustments and reopenings share: a request one person asks for and another decides (four eyes, checked by
 * the services and a CHECK constraint), its status as AdjustmentStatus.
 */
type Decided = {
  status: number;
  requestedBy: number;
  requestedAt: Date;
  decidedBy: number | null;
  decidedAt: Date | null;
  remark: string | null;
};

/** The values a decision writes on a pending request. */
export const decisionOf = (approve: boolean, userId: number, now: Date, remark?: string) => ({
  status: approve ? AdjustmentStatus.approved : AdjustmentStatus.rejected,
  decidedBy: userId,
  decidedAt: now,
  remark: remark ?? null,
});

/** The request's decision fields as the contract's row carries them, with the names of who asked and decided. */
export const decisionFieldsOf = (r: Decided, names: Map<number, string>) => ({
  status: r.status,
  requestedBy: r.requestedBy,
  requestedByName: names.get(r.requestedBy) ?? String(r.requestedBy),
  requestedAt: r.requestedAt.toISOString(),
  decidedBy: r.decidedBy,
  decidedByName: r.decidedBy === null ? null : (names.get(r.decidedBy) ?? null),
  decidedAt: r.decidedAt ? r.decidedAt.toISOString() : null,
  remark: r.remark,
});

/** The names of who asked for and decided each request, and of the `others` (one query). */
export const decisionNames = (db: TxOrDb, rows: Decided[], others: number[] = []) =>
  userNames(db, [...others, ...rows.flatMap((r) => [r.requestedBy, r.decidedBy])]);
