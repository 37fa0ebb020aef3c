import { and, eq } from 'drizzle-orm';
import { userConfigEndpoints as endpoints } from '@rehab/shared';
import { userConfigs } from './user-config.tables';
import { defineRoute } from '../../http/route';
import { clockNow } from '../../kernel/clock';

/**
 * Settings a user keeps across browsers (spec section 7: GET sys/userConfig/info/{a}/{b}), such as the columns
 * chosen for a table. `a` names the screen and `b` the table; each user reads and writes only their own.
 */
export const userConfigRoutes = [
  defineRoute(endpoints.info, {
    handler: async ({ app, session, params }) => {
      const [row] = await app.db
        .select({ value: userConfigs.value })
        .from(userConfigs)
        .where(and(eq(userConfigs.userId, session.userId), eq(userConfigs.a, params.a), eq(userConfigs.b, params.b)))
        .limit(1);
      return { data: row?.value ?? null };
    },
  }),
  defineRoute(endpoints.save, {
    handler: async ({ app, session, body }) => {
      await app.db
        .insert(userConfigs)
        .values({ userId: session.userId, a: body.a, b: body.b, value: body.value })
        .onConflictDoUpdate({
          target: [userConfigs.userId, userConfigs.a, userConfigs.b],
          set: { value: body.value, updatedAt: clockNow() },
        });
      return {};
    },
  }),
];
