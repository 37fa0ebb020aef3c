import type { TxOrDb } from '../../db/client';
import { treatmentTeamMembers, treatmentTeams } from './teams.tables';

const GROUPS = [
  { name: '运动治疗组', nameEn: 'Exercise therapy group', remark: 'PT' },
  { name: '作业与言语治疗组', nameEn: 'Occupational and speech therapy group', remark: 'OT/ST' },
];

/**
 * Demo data: the organization's two therapist groups, the first of the office `officeIds[0]`, the second of
 * `officeIds[1]` (none where missing), led by the first and second therapist; every therapist in the first group
 * (default), every other one (or the only one) also in the second. Answers the groups' ids.
 */
export async function seedDemoGroups(
  db: TxOrDb,
  organizationId: number,
  officeIds: readonly (number | undefined)[],
  therapists: readonly number[],
): Promise<number[]> {
  const teamIds: number[] = [];
  for (const [i, g] of GROUPS.entries()) {
    const [team] = await db
      .insert(treatmentTeams)
      .values({
        organizationId,
        officeId: officeIds[i] ?? null,
        name: g.name,
        nameEn: g.nameEn,
        remark: g.remark,
        leaderId: therapists[i % Math.max(1, therapists.length)] ?? null,
      })
      .returning({ id: treatmentTeams.id });
    teamIds.push(team!.id);
  }
  for (const [i, userId] of therapists.entries()) {
    await db.insert(treatmentTeamMembers).values({ teamId: teamIds[0]!, userId, isDefault: true });
    if (i % 2 === 1 || therapists.length === 1)
      await db.insert(treatmentTeamMembers).values({ teamId: teamIds[1]!, userId, isDefault: false });
  }
  return teamIds;
}
