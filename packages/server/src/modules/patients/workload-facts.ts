import { QueryBuilder } from 'drizzle-orm/pg-core';
import { treatmentProjects } from './patients.tables';

const qb = new QueryBuilder();

/**
 * Treatment projects' `id`, `name` and `duration` (minutes a session), with what a work order shows and counts of its
 * project (`frequency`, `totalTimes`, `treatedTimes`, the `templateId` and `comboName` it was prescribed from, and
 * `createdAt`, when it was prescribed), as a subquery named `alias`, to join where a list of work orders or bookings
 * names their projects, or workload and statistics figures sum their minutes, in one query (work orders' card join
 * names it `pat_treatment_project`): a join on it plans as a join on the projects table itself.
 */
export function projectRows<A extends string>(alias: A) {
  return qb
    .select({
      id: treatmentProjects.id,
      name: treatmentProjects.name,
      duration: treatmentProjects.duration,
      frequency: treatmentProjects.frequency,
      totalTimes: treatmentProjects.totalTimes,
      treatedTimes: treatmentProjects.treatedTimes,
      templateId: treatmentProjects.templateId,
      comboName: treatmentProjects.comboName,
      createdAt: treatmentProjects.createdAt,
    })
    .from(treatmentProjects)
    .as(alias);
}
