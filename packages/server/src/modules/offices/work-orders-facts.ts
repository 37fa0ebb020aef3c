import { QueryBuilder } from 'drizzle-orm/pg-core';
import { offices } from './offices.tables';

const qb = new QueryBuilder();

/**
 * Offices' `id`, `name` and `nameLang` (the name by language) as a subquery named `alias`, to join where a list of
 * work orders or a figure over them names the executing department in its own single query: a join on it plans as
 * a join on the offices table itself.
 */
export function officeNameRows<A extends string>(alias: A) {
  return qb.select({ id: offices.id, name: offices.name, nameLang: offices.nameLang }).from(offices).as(alias);
}
