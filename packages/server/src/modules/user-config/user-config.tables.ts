import { integer, jsonb, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables';

/**
 * Settings of one user (`GET /sys/userConfig/info/{a}/{b}`), such as the column choice of a table: `a` names the
 * screen, `b` the table or panel within it.
 */
export const userConfigs = pgTable(
  'sys_user_config',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    a: varchar('a', { length: 64 }).notNull(),
    b: varchar('b', { length: 64 }).notNull(),
    value: jsonb('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sys_user_config_uq').on(t.userId, t.a, t.b)],
);
