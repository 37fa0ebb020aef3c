import { and, eq, isNull } from 'drizzle-orm';
import type { ConsultationStatusCode } from '@rehab/shared';
import type { TxOrDb } from '../../db/client';
import { consultationCalls } from './telemedicine.tables';

/** The states in which a consultation's video call may be joined. */
export const CALL_STATUSES = ['accepted', 'in_progress'] as const satisfies readonly ConsultationStatusCode[];

/** Ends the call: every stay still open (in the call or in the lobby) leaves at `now`; answers who was in it. */
export async function endCall(tx: TxOrDb, consultationId: number, now: Date): Promise<number[]> {
  const closed = await tx
    .update(consultationCalls)
    .set({ leftAt: now })
    .where(and(eq(consultationCalls.consultationId, consultationId), isNull(consultationCalls.leftAt)))
    .returning({ userId: consultationCalls.userId });
  return [...new Set(closed.map((c) => c.userId))];
}
