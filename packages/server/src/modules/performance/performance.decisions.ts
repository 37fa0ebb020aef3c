import { AdjustmentStatus } from '@rehab/shared';
import type { TxOrDb } from '../../db/client';
import { userNames } from '../users';

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
