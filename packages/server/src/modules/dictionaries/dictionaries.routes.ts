import { ResultCode, dictionariesEndpoints as endpoints, toPage } from '@rehab/shared';
import { AppError } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { createItem, deleteItems, dictionaryEntries, localized, updateItem } from './dictionaries.service';
import { ORG_DICTIONARIES } from './org-dictionaries';

export const dictionaryRoutes = [
  /**
   * An application dictionary (spec section 7, Dictionaries): `{ type, page, num }`, entries `{ k, val }` with `val`
   * in the caller's language; built-in entries first, then the organization's own. Every screen needs these, so
   * any member of the organization may read them.
   */
  defineRoute(endpoints.list, {
    handler: async ({ app, session, body, locale }) => {
      const all = localized(await dictionaryEntries(app.db, session.organizationId!, body.type), locale);
      const list = all.slice((body.page - 1) * body.num, body.page * body.num);
      return { data: toPage(list, all.length, body.page, body.num) };
    },
  }),

  /**
   * An organization dictionary list (spec section 3, Organization dictionary lists): `{ id, name }` entries of the
   * current organization (staff lists add `userId` and `roleId`). The spec names no path; this one serves them all.
   */
  defineRoute(endpoints.org, {
    handler: async ({ app, session, params, query, locale }) => {
      const source = Object.hasOwn(ORG_DICTIONARIES, params.type) ? ORG_DICTIONARIES[params.type] : undefined;
      if (!source) {
        throw new AppError(ResultCode.badRequest, 'dict.unknownType', { type: params.type }, { field: 'type' });
      }
      return {
        data: await source(app.db, { organizationId: session.organizationId!, userId: session.userId, locale, query }),
      };
    },
  }),

  /** The maintenance screen's view of one dictionary: both languages, built-in or the organization's own. */
  defineRoute(endpoints.entries, {
    handler: async ({ app, session, params }) => ({
      data: await dictionaryEntries(app.db, session.organizationId!, params.type),
    }),
  }),

  defineRoute(endpoints.save, {
    handler: async ({ app, session, body }) => {
      const { type, ...item } = body;
      return { data: await createItem(app.db, scope(session), type, item) };
    },
  }),

  defineRoute(endpoints.update, {
    handler: async ({ app, session, body }) => {
      await updateItem(app.db, scope(session), body);
      return {};
    },
  }),

  defineRoute(endpoints.delete, {
    handler: async ({ app, session, body }) => {
      await deleteItems(app.db, scope(session), body.ids);
      return {};
    },
  }),
];

const scope = (session: { organizationId: number | null; userId: number }) => ({
  organizationId: session.organizationId!,
  userId: session.userId,
});
