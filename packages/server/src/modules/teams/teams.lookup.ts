import { and, asc, eq, sql } from 'drizzle-orm';
import type { Locale } from '@rehab/shared';
import type { TxOrDb } from '../../db/client';
import { treatmentTeams } from './teams.tables';

/** Whether `teamId` is a therapist group of the organization in use (enabled). */
export async function isActiveTeam(db: TxOrDb, organizationId: number, teamId: number): Promise<boolean> {
  const [hit] = await db
    .select({ id: treatmentTeams.id })
    .from(treatmentTeams)
    .where(
      and(
        eq(treatmentTeams.id, teamId),
        eq(treatmentTeams.organizationId, organizationId),
        eq(treatmentTeams.status, 1),
      ),
    )
    .limit(1);
  return hit !== undefined;
}

/** A group's name in the reader's language: the English name on English screens, the Chinese name when it is empty. */
export const localTeamName = (locale: Locale, name: string, nameEn: string | null | undefined) =>
  (locale === 'en' && nameEn) || name;

/** A joined group's name in the reader's language, as a column of a select (see `localTeamName`). */
export const teamNameColumn = (locale: Locale) =>
  locale === 'en'
    ? sql<string>`coalesce(nullif(${treatmentTeams.nameEn}, ''), ${treatmentTeams.name})`
    : sql<string>`${treatmentTeams.name}`;

/** The organization's therapist groups in use, by name in the reader's language: `{ id, name }` for the pickers. */
export function activeTeamsOf(db: TxOrDb, organizationId: number, locale: Locale) {
  return db
    .select({ id: treatmentTeams.id, name: teamNameColumn(locale) })
    .from(treatmentTeams)
    .where(and(eq(treatmentTeams.organizationId, organizationId), eq(treatmentTeams.status, 1)))
    .orderBy(asc(treatmentTeams.name), asc(treatmentTeams.id));
}
