import { desc, eq } from 'drizzle-orm';
import { defineRoute } from '../../http/route';
import { versions } from '../../db/schema';

export const versionRoutes = [
  /** The current version and its release notes, in the caller's language; public because the login screen shows it. */
  defineRoute({
    method: 'GET',
    url: '/sys/version/getCurrentVersion',
    access: 'public',
    handler: async ({ app, locale }) => {
      const [row] = await app.db
        .select()
        .from(versions)
        .where(eq(versions.isCurrent, true))
        .orderBy(desc(versions.createdAt))
        .limit(1);
      return {
        data: row
          ? {
              version: row.version,
              releaseNote: row.releaseNoteLang[locale] ?? row.releaseNote,
              createdAt: row.createdAt,
            }
          : null,
      };
    },
  }),
];
