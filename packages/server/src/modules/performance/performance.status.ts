import { eq } from 'drizzle-orm';
import type { TxOrDb } from '../../db/client';
import { userNames } from '../users';
import { closedMonth } from './performance.facts';
import { perfPublications, type perfMonthCloses } from './performance.tables';

/** A month's state: closed by whom (the close in force), published to staff by whom (the publication of that close). */

/** The publication of the close in force of a month, if the month is closed and published. */
export async function publicationOf(
  db: TxOrDb,
  organizationId: number,
  month: string,
): Promise<{
  close: typeof perfMonthCloses.$inferSelect | null;
  publication: typeof perfPublications.$inferSelect | null;
}> {
  const close = await closedMonth(db, organizationId, month);
  if (!close) return { close: null, publication: null };
  const [publication] = await db.select().from(perfPublications).where(eq(perfPublications.closeId, close.id));
  return { close, publication: publication ?? null };
}

/** Whether a month is closed and published, by whom. */
export async function monthStatusWithPublication(db: TxOrDb, organizationId: number, month: string) {
  const { close, publication } = await publicationOf(db, organizationId, month);
  const names = await userNames(db, [close?.closedBy, publication?.publishedBy]);
  return {
    month,
    closed: !!close,
    closedAt: close ? close.closedAt.toISOString() : null,
    closedByName: close?.closedBy ? (names.get(close.closedBy) ?? null) : null,
    published: !!publication,
    publishedAt: publication ? publication.publishedAt.toISOString() : null,
    publishedByName: publication ? (names.get(publication.publishedBy) ?? null) : null,
  };
}
