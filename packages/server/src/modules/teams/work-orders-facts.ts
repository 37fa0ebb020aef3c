import { and, asc, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Locale } from '@rehab/shared';
import type { TxOrDb } from '../../db/client';
import { userNameRows } from '../users';
import { teamNameColumn } from './teams.lookup';
import { treatmentTeamMembers, treatmentTeams } from './teams.tables';

/**
 * A group's (Chinese) name by its id (null when none or gone), as a correlated scalar subquery: how a list of work
 * orders names the group of each in its own single query (with `teamNameEnSql`, and `localTeamName` to choose).
 */
export function teamNameSql(teamId: SQLWrapper): SQL<string | null> {
  return sql<
    string | null
  >`(select ${treatmentTeams.name} from ${treatmentTeams} where ${treatmentTeams.id} = ${teamId})`;
}

/** The ids of the organization's groups (any status) the user is a member of: whose work orders are the user's. */
export async function teamIdsOfMember(db: TxOrDb, organizationId: number, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: treatmentTeamMembers.teamId })
    .from(treatmentTeamMembers)
    .innerJoin(treatmentTeams, eq(treatmentTeams.id, treatmentTeamMembers.teamId))
    .where(and(eq(treatmentTeamMembers.userId, userId), eq(treatmentTeams.organizationId, organizationId)));
  return rows.map((r) => r.id);
}

/** The user ids of the members of some groups (a member of two once per group): who may take their work orders. */
export async function memberIdsOfTeams(db: TxOrDb, teamIds: readonly number[]): Promise<number[]> {
  const rows = await db
    .select({ userId: treatmentTeamMembers.userId })
    .from(treatmentTeamMembers)
    .where(inArray(treatmentTeamMembers.teamId, [...teamIds]));
  return rows.map((r) => r.userId);
}

const member = userNameRows('member');

/**
 * The organization's groups in use, by (Chinese) name then id, each named in the reader's language with its enabled
 * members by name: whom a work order may be authorized to.
 */
export async function teamsWithEnabledMembers(db: TxOrDb, organizationId: number, locale: Locale) {
  const rows = await db
    .select({
      teamId: treatmentTeams.id,
      teamName: teamNameColumn(locale),
      userId: member.id,
      userName: member.name,
    })
    .from(treatmentTeams)
    .leftJoin(treatmentTeamMembers, eq(treatmentTeamMembers.teamId, treatmentTeams.id))
    .leftJoin(member, and(eq(member.id, treatmentTeamMembers.userId), eq(member.status, 1)))
    .where(and(eq(treatmentTeams.organizationId, organizationId), eq(treatmentTeams.status, 1)))
    .orderBy(asc(treatmentTeams.name), asc(treatmentTeams.id), asc(member.name));
  const teams = new Map<number, { id: number; name: string; therapists: { id: number; name: string }[] }>();
  for (const r of rows) {
    const t = teams.get(r.teamId) ?? { id: r.teamId, name: r.teamName, therapists: [] };
    if (r.userId !== null && r.userName !== null) t.therapists.push({ id: r.userId, name: r.userName });
    teams.set(r.teamId, t);
  }
  return [...teams.values()];
}
