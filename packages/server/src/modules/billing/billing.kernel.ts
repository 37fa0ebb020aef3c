import { and, eq, ne, sql } from 'drizzle-orm';
import { PayStatus, ResultCode, RevenueCategory, type Locale, dateTimeFormat } from '@rehab/shared';
import type { Tx, TxOrDb } from '../../db/client';
import { AppError, conflict } from '../../http/errors';
import type { SessionContext } from '../../http/session';
import type { AppContext } from '../../context';
import type { UnitOfWorkHost } from '../../kernel/unit-of-work';
import { sendSystemMessage, type SystemMessage } from '../messages';
import { caOn } from '../signatures';
import { billCharges, billIdempotency, billJournalEntries, billJournalLines, billShifts } from './billing.tables';

/** Who acts in billing: the organization from the session, the user, their roles and permissions there. */
export type Scope = {
  organizationId: number;
  userId: number;
  /** the signed-in user's name (the session's), where the answer shows who acted */
  userName?: string;
  roleIds: readonly number[];
  permissions: ReadonlySet<string>;
  locale: Locale;
  /** the organization has its CA integration on: decisions are signed through the signing service (issue 19) */
  caIntegration?: boolean;
};

export const scopeOf = (session: SessionContext, locale: Locale): Scope => ({
  organizationId: session.organizationId!,
  userId: session.userId,
  userName: session.userName,
  roleIds: session.roleIds,
  permissions: session.permissions,
  locale,
  caIntegration: caOn(session),
});

/** 409 with a billing message. */
export const refused = (key: string, params: Record<string, string | number> = {}) =>
  conflict(`billing.${key}`, params);
/** 400 with a billing message. */
export const invalid = (key: string, params: Record<string, string | number> = {}) =>
  new AppError(ResultCode.badRequest, `billing.${key}`, params);
/** 404 with a billing message. */
export const missing = (key: string) => new AppError(ResultCode.notFound, `billing.${key}`);

/** The clinic year of an instant (numbers restart each year). */
export const yearOf = (at: Date, timeZone: string) =>
  Number(dateTimeFormat('en', { timeZone, year: 'numeric' }).format(at));

/**
 * A settlement's id and number (JS2026-000123, refunds TF…), from the settlement sequence: unique, taken without a
 * lock (a rolled-back settlement leaves its number unused; only receipts must have no gaps).
 */
export async function settlementIdAndNumber(tx: Tx, prefix: 'JS' | 'TF', year: number) {
  const rows = (await tx.execute(
    sql`SELECT nextval(pg_get_serial_sequence('bill_settlement', 'id')) AS id`,
  )) as unknown as {
    rows: { id: string | number }[];
  };
  const id = Number(rows.rows[0]!.id);
  return { id, settlementNo: `${prefix}${year}-${String(id).padStart(6, '0')}` };
}

/**
 * The next receipt number of the gapless per-organization yearly counter (`SJ2026-000123`), as the value of the
 * receipt's `receipt_no` in the statement that writes it (migration 0069): taken in the writing transaction, the row
 * stays locked until it commits, and a rollback gives the number back. Every receipt of the organization waits on
 * that row, so a use case writes its receipt last.
 */
export const nextReceiptNo = (organizationId: number, year: number) =>
  sql<string>`bill_next_receipt_no(${organizationId}::integer, ${year}::integer)`;

/**
 * Claims an idempotency key for `action` before anything is written. A key seen before answers its first answer
 * (a concurrent replay waits on the unique index until the first commits, then reads it); a key of another action
 * or user is refused.
 */
export async function claimKey(tx: Tx, scope: Scope, key: string, action: string): Promise<{ answer: unknown } | null> {
  const inserted = await tx
    .insert(billIdempotency)
    .values({ organizationId: scope.organizationId, key, action, userId: scope.userId })
    .onConflictDoNothing()
    .returning({ key: billIdempotency.key });
  if (inserted.length) return null;
  const [row] = await tx
    .select()
    .from(billIdempotency)
    .where(and(eq(billIdempotency.organizationId, scope.organizationId), eq(billIdempotency.key, key)));
  if (!row || row.action !== action || row.userId !== scope.userId || row.answer === null) throw refused('keyReused');
  return { answer: row.answer };
}

/** Stores the first answer of a claimed key (in the same transaction as the action). */
export async function keepAnswer(tx: Tx, scope: Scope, key: string, answer: unknown) {
  await tx
    .update(billIdempotency)
    .set({ answer: JSON.parse(JSON.stringify(answer)) })
    .where(and(eq(billIdempotency.organizationId, scope.organizationId), eq(billIdempotency.key, key)));
}

/**
 * Runs a money action once per key: a replay answers the first answer with `replayed: true` and writes nothing.
 * `run` returns the answer (plain JSON: strings for times).
 */
export async function once<T extends object>(
  tx: Tx,
  scope: Scope,
  key: string,
  action: string,
  run: () => Promise<T>,
): Promise<T & { replayed: boolean }> {
  const prior = await claimKey(tx, scope, key, action);
  if (prior) return { ...(prior.answer as T), replayed: true };
  const answer = await run();
  await keepAnswer(tx, scope, key, answer);
  return { ...answer, replayed: false };
}

export type JournalLine = { account: string; debitFen?: number; creditFen?: number };

/** Journal accounts: money by pay type, revenue by category, the patients' prepaid balances, discounts given. */
export const Account = {
  clearing: (payType: string) => `clearing:${payType}`,
  /** a deposit is held for the patient, not earned: it goes to the `deposit` liability */
  revenue: (category: number) => (category === RevenueCategory.deposit ? 'deposit' : `revenue:${category}`),
  prepaid: 'prepaid',
  discount: 'discount',
} as const;

/**
 * Posts a journal entry: its lines' debits must equal their credits (lines of 0 are left out). A mistake here is a
 * bug of the caller, never the user's: it throws and the whole action rolls back.
 */
export async function post(
  tx: Tx,
  entry: {
    organizationId: number;
    kind: string;
    settlementId?: number;
    accountEntryId?: number;
    cashierId: number;
    at: Date;
  },
  lines: JournalLine[],
) {
  const kept = lines
    .map((l) => ({ account: l.account, debitFen: l.debitFen ?? 0, creditFen: l.creditFen ?? 0 }))
    .filter((l) => l.debitFen !== 0 || l.creditFen !== 0);
  if (kept.some((l) => l.debitFen < 0 || l.creditFen < 0 || (l.debitFen > 0 && l.creditFen > 0)))
    throw new Error(`journal ${entry.kind}: a line must be a debit or a credit of a positive amount`);
  const debit = kept.reduce((s, l) => s + l.debitFen, 0);
  const credit = kept.reduce((s, l) => s + l.creditFen, 0);
  if (debit !== credit) throw new Error(`journal ${entry.kind}: debits ${debit} <> credits ${credit}`);
  if (!kept.length) return;
  // the entry and its lines in one statement: one round trip for every money action
  const values = sql.join(
    kept.map((l) => sql`(${l.account}, ${l.debitFen}::integer, ${l.creditFen}::integer)`),
    sql`, `,
  );
  await tx.execute(sql`
    WITH entry AS (
      INSERT INTO ${billJournalEntries}
        (organization_id, kind, settlement_id, account_entry_id, cashier_id, occurred_at)
      VALUES (${entry.organizationId}, ${entry.kind}, ${entry.settlementId ?? null}::integer,
        ${entry.accountEntryId ?? null}::integer, ${entry.cashierId}, ${entry.at.toISOString()}::timestamptz)
      RETURNING id
    )
    INSERT INTO ${billJournalLines} (entry_id, account, debit_fen, credit_fen)
    SELECT entry.id, line.account, line.debit_fen, line.credit_fen
    FROM entry, (VALUES ${values}) AS line (account, debit_fen, credit_fen)`);
}

/** The caller's open shift, locked against a concurrent close (shared lock), or 409 asking to open one. */
export async function openShiftOf(tx: Tx, scope: Scope, lock: 'share' | 'update' = 'share') {
  const [shift] = await tx
    .select()
    .from(billShifts)
    .where(
      and(
        eq(billShifts.organizationId, scope.organizationId),
        eq(billShifts.cashierId, scope.userId),
        eq(billShifts.status, 'open'),
      ),
    )
    .for(lock);
  if (!shift) throw refused('noOpenShift');
  return shift;
}

/**
 * Serializes paying for one prescribed project: per course, per session or by package sessions, never two of them.
 */
export const lockProject = (tx: Tx, projectId: number) =>
  tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('bill:project'), ${projectId})`);

/** The charges (not voided) of a prescribed project: per course (`project`) or per session (`workOrder`, its id). */
export async function liveChargesOfProject(tx: Tx, scope: Scope, projectId: number) {
  return tx
    .select({ sourceType: billCharges.sourceType, sourceId: billCharges.sourceId })
    .from(billCharges)
    .where(
      and(
        eq(billCharges.organizationId, scope.organizationId),
        eq(billCharges.projectId, projectId),
        ne(billCharges.payStatus, PayStatus.voided),
      ),
    );
}

/** Sum of a list by a number field. */
export const sumOf = <T>(list: readonly T[], f: (x: T) => number) => list.reduce((s, x) => s + f(x), 0);

export type { TxOrDb };

/**
 * What the billing use cases need of the application: a unit of work's host. The server passes its context; the
 * demo data passes the seed's host, which has no live channel, so its actions send no messages.
 */
export type BillingHost = UnitOfWorkHost;

/** Sends a product message (after a commit) where the host can deliver it. */
export async function tell(app: BillingHost, message: SystemMessage) {
  if (!('live' in app)) return;
  await sendSystemMessage(app as AppContext, message);
}
