import { desc, eq } from 'drizzle-orm';
import {
  idParamSchema,
  SystemPerm,
  toPage,
  versionPageSchema,
  versionSaveSchema,
  versionUpdateSchema,
} from '@rehab/shared';
import { defineRoute } from '../../http/route';
import { versions } from './versions.tables';
import { createVersion, getVersion, listVersions, updateVersion } from './versions.service';

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

  /** Administration of the versions (platform-wide, not per organization). */
  defineRoute({
    method: 'POST',
    url: '/sys/version/pageInfo',
    access: { permission: SystemPerm.versionList },
    body: versionPageSchema,
    handler: async ({ app, body }) => {
      const { list, total } = await listVersions(app.db, body);
      return { data: toPage(list, total, body.page, body.limit) };
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/sys/version/info/:id',
    access: { permission: SystemPerm.versionInfo },
    params: idParamSchema,
    handler: async ({ app, params }) => ({ data: await getVersion(app.db, params.id) }),
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/version/save',
    access: { permission: SystemPerm.versionSave },
    body: versionSaveSchema,
    handler: async ({ app, body }) => ({ data: await createVersion(app.db, body) }),
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/version/update',
    access: { permission: SystemPerm.versionUpdate },
    body: versionUpdateSchema,
    handler: async ({ app, body }) => {
      const { id, ...values } = body;
      return { data: await updateVersion(app.db, id, values) };
    },
  }),
];
