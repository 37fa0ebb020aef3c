import { desc, eq } from 'drizzle-orm';
import { toPage, versionsEndpoints as endpoints } from '@rehab/shared';
import { defineRoute } from '../../http/route';
import { versions } from './versions.tables';
import { createVersion, getVersion, listVersions, updateVersion } from './versions.service';

export const versionRoutes = [
  /** The current version and its release notes, in the caller's language; public because the login screen shows it. */
  defineRoute(endpoints.current, {
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

  /** Administration of the versions (platform-wide, not per organization). */
  defineRoute(endpoints.page, {
    handler: async ({ app, body }) => {
      const { list, total } = await listVersions(app.db, body);
      return { data: toPage(list, total, body.page, body.limit) };
    },
  }),
  defineRoute(endpoints.info, {
    handler: async ({ app, params }) => ({ data: await getVersion(app.db, params.id) }),
  }),
  defineRoute(endpoints.save, {
    handler: async ({ app, body }) => ({ data: await createVersion(app.db, body) }),
  }),
  defineRoute(endpoints.update, {
    handler: async ({ app, body }) => {
      const { id, ...values } = body;
      return { data: await updateVersion(app.db, id, values) };
    },
  }),
];
