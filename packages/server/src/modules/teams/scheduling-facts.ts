import { QueryBuilder } from 'drizzle-orm/pg-core';
import { treatmentTeams } from './teams.tables';

const qb = new QueryBuilder();

/**
 * Therapist groups' `id`, `name` and `nameEn` as a subquery named `alias`, to join where a board names the group of
 * its work orders in its own single query (the schedule view's cards): a join on it plans as a join on the groups
 * table itself. `localTeamName` turns the two names into the reader's.
 */
export function teamNameRows<A extends string>(alias: A) {
  return qb
    .select({ id: treatmentTeams.id, name: treatmentTeams.name, nameEn: treatmentTeams.nameEn })
    .from(treatmentTeams)
    .as(alias);
}
