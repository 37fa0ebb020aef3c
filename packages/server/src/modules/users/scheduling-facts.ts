import { QueryBuilder } from 'drizzle-orm/pg-core';
import { users } from './users.tables';

const qb = new QueryBuilder();

/**
 * Users' `id`, `name` and `status` (1 enabled) as a subquery named `alias`, to join where a board or a list shows who
 * is booked or who did something in its own single query (the scheduling board's therapists, the work orders' staff
 * pickers): a join on it plans as a join on the users table itself.
 */
export function userNameRows<A extends string>(alias: A) {
  return qb.select({ id: users.id, name: users.name, status: users.status }).from(users).as(alias);
}
