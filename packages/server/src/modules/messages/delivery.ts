import { inArray, count, sql } from 'drizzle-orm';
import type { TxOrDb } from '../../db/client';
import { messageRecipients } from './messages.tables';

/**
 * How many received and how many read each of some messages, by message id (a message nobody receives any more,
 * its recipients' accounts deleted, is absent): what a sender's list of sent notices shows.
 */
export async function deliveryOfMessages(
  db: TxOrDb,
  messageIds: readonly number[],
): Promise<Map<number, { recipientCount: number; readCount: number }>> {
  const wanted = [...new Set(messageIds)];
  if (!wanted.length) return new Map();
  const rows = await db
    .select({
      messageId: messageRecipients.messageId,
      recipientCount: count(),
      readCount: sql<number>`count(${messageRecipients.readAt})`.mapWith(Number),
    })
    .from(messageRecipients)
    .where(inArray(messageRecipients.messageId, wanted))
    .groupBy(messageRecipients.messageId);
  return new Map(rows.map(({ messageId, ...counts }) => [messageId, counts]));
}
