import { and, asc, eq } from 'drizzle-orm';
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

/** The organization's therapist groups in use, by name: `{ id, name }` for the pickers. */
export function activeTeamsOf(db: TxOrDb, organizationId: number) {
  return db
    .select({ id: treatmentTeams.id, name: treatmentTeams.name })
    .from(treatmentTeams)
    .where(and(eq(treatmentTeams.organizationId, organizationId), eq(treatmentTeams.status, 1)))
    .orderBy(asc(treatmentTeams.name), asc(treatmentTeams.id));
}
