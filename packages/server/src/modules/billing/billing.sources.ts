import { and, eq, inArray, ne } from 'drizzle-orm';
import { PayStatus, nextPayStatus, type ChargeSourceCode, type RevenueCategoryCode } from '@rehab/shared';
import type { Tx, TxOrDb } from '../../db/client';
import { billCharges } from './billing.tables';
import { refused } from './billing.kernel';

/**
 * Charge lines that another module puts on a patient's bill inside its own unit of work (the billing module's face
 * for them): an equipment lease's deposit when it is leased and its rent when it comes back, a remote consultation's
 * fee when the inviting side countersigns its report. The line is priced by its source and charged once (the source
 * unique index, also under concurrent saves); the till settles, refunds and reports it like any other line.
 */
export type SourceCharge = {
  organizationId: number;
  patientId: number;
  sourceType: Extract<ChargeSourceCode, 'lease' | 'leaseDeposit' | 'consultation'>;
  sourceId: number;
  /** the course the line belongs to, if any (the course's bill shows it) */
  treatmentId?: number | null;
  name: string;
  nameEn: string | null;
  category: RevenueCategoryCode;
  unitPriceFen: number;
  quantity: number;
  createdBy: number;
};

/** Puts the line on the bill; refused (409, by name) when the source is already on it. Answers the line's id. */
export async function chargeSource(tx: Tx, line: SourceCharge, at: Date): Promise<number> {
  const [row] = await tx
    .insert(billCharges)
    .values({ ...line, amountFen: line.unitPriceFen * line.quantity, createdAt: at, updatedAt: at })
    .onConflictDoNothing()
    .returning({ id: billCharges.id });
  if (!row) throw refused('alreadyCharged', { name: line.name });
  return row.id;
}

/**
 * The live (not voided) line of a source. Unpaid, it is voided with the reason and the answer is `voided`; paid (or
 * further on), it stays and the answer is its pay status, for the caller to say what happens next (a refund at the
 * till). Null when the source has no live line.
 */
export async function voidSourceIfUnpaid(
  tx: Tx,
  organizationId: number,
  source: { sourceType: SourceCharge['sourceType']; sourceId: number },
  reason: string,
  at: Date,
): Promise<'voided' | number | null> {
  const [c] = await tx
    .select({ id: billCharges.id, payStatus: billCharges.payStatus })
    .from(billCharges)
    .where(
      and(
        eq(billCharges.organizationId, organizationId),
        eq(billCharges.sourceType, source.sourceType),
        eq(billCharges.sourceId, source.sourceId),
        ne(billCharges.payStatus, PayStatus.voided),
      ),
    )
    .for('update');
  if (!c) return null;
  const next = nextPayStatus(c.payStatus, 'void');
  if (next === null) return c.payStatus;
  await tx
    .update(billCharges)
    .set({ payStatus: next, voidReason: reason, updatedAt: at })
    .where(eq(billCharges.id, c.id));
  return 'voided';
}

export type SourceLine = { payStatus: number; quantity: number; amountFen: number };

/** Each source's live line (source id -> pay status, quantity, amount); a source without one is absent. */
export async function sourceLines(
  db: TxOrDb,
  organizationId: number,
  sourceType: SourceCharge['sourceType'],
  sourceIds: readonly number[],
): Promise<Map<number, SourceLine>> {
  if (!sourceIds.length) return new Map();
  const rows = await db
    .select({
      sourceId: billCharges.sourceId,
      payStatus: billCharges.payStatus,
      quantity: billCharges.quantity,
      amountFen: billCharges.amountFen,
    })
    .from(billCharges)
    .where(
      and(
        eq(billCharges.organizationId, organizationId),
        eq(billCharges.sourceType, sourceType),
        inArray(billCharges.sourceId, [...sourceIds]),
        ne(billCharges.payStatus, PayStatus.voided),
      ),
    );
  return new Map(rows.map(({ sourceId, ...line }) => [sourceId!, line]));
}
