import { and, asc, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Locale } from '@rehab/shared';
import type { TxOrDb } from '../../db/client';
import { treatmentTeamMembers, treatmentTeams } from './teams.tables';
import { localName, localNameSql } from '../../kernel/local-name';

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
  localName(locale, name, nameEn);

/** A joined group's name in the reader's language, as a column of a select (see `localTeamName`). */
export const teamNameColumn = (locale: Locale) => localNameSql(locale, treatmentTeams.name, treatmentTeams.nameEn);

/** A group's English name by its id (null when it has none or is gone), a subquery for another module's select. */
export function teamNameEnSql(teamId: SQLWrapper): SQL<string | null> {
  return sql<
    string | null
  >`(select nullif(${treatmentTeams.nameEn}, '') from ${treatmentTeams} where ${treatmentTeams.id} = ${teamId})`;
}

/** The organization's therapist groups in use, by name in the reader's language: `{ id, name }` for the pickers. */
export function activeTeamsOf(db: TxOrDb, organizationId: number, locale: Locale) {
  return db
    .select({ id: treatmentTeams.id, name: teamNameColumn(locale) })
    .from(treatmentTeams)
    .where(and(eq(treatmentTeams.organizationId, organizationId), eq(treatmentTeams.status, 1)))
    .orderBy(asc(treatmentTeams.name), asc(treatmentTeams.id));
}

/** Whether the organization has a therapist group in use (enabled). */
export async function hasActiveTeam(db: TxOrDb, organizationId: number): Promise<boolean> {
  const [team] = await db
    .select({ id: treatmentTeams.id })
    .from(treatmentTeams)
    .where(and(eq(treatmentTeams.organizationId, organizationId), eq(treatmentTeams.status, 1)))
    .limit(1);
  return Boolean(team);
}

/** A therapist group of the organization (`id`, `name`, `nameEn`, `status`), or null. */
export async function teamOfOrganization(db: TxOrDb, organizationId: number, teamId: number) {
  const [team] = await db
    .select({
      id: treatmentTeams.id,
      name: treatmentTeams.name,
      nameEn: treatmentTeams.nameEn,
      status: treatmentTeams.status,
    })
    .from(treatmentTeams)
    .where(and(eq(treatmentTeams.id, teamId), eq(treatmentTeams.organizationId, organizationId)))
    .limit(1);
  return team ?? null;
}

/** The user's memberships among some groups, with whether each is the user's default group. */
export async function membershipsOf(db: TxOrDb, userId: number, teamIds: readonly number[]) {
  if (!teamIds.length) return [];
  return db
    .select({ teamId: treatmentTeamMembers.teamId, isDefault: treatmentTeamMembers.isDefault })
    .from(treatmentTeamMembers)
    .where(and(eq(treatmentTeamMembers.userId, userId), inArray(treatmentTeamMembers.teamId, [...teamIds])));
}

/** Every group of the organization (whole rows, by name then id) and their members (whole rows). */
export async function teamsWithMembers(db: TxOrDb, organizationId: number) {
  const teams = await db
    .select()
    .from(treatmentTeams)
    .where(eq(treatmentTeams.organizationId, organizationId))
    .orderBy(asc(treatmentTeams.name), asc(treatmentTeams.id));
  const members = teams.length
    ? await db
        .select()
        .from(treatmentTeamMembers)
        .where(
          inArray(
            treatmentTeamMembers.teamId,
            teams.map((t) => t.id),
          ),
        )
    : [];
  return { teams, members };
}
