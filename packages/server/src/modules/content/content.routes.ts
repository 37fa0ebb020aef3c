import { contentEndpoints as endpoints, toPage, type Locale } from '@rehab/shared';
import { defineRoute } from '../../http/route';
import type { OrgSession } from '../../http/session';
import {
  approveContent,
  contentDetail,
  deleteCategory,
  deleteContent,
  educationOfPatient,
  homepageOf,
  listCategories,
  listContent,
  listMedia,
  rejectContent,
  saveCategory,
  saveContent,
  sendEducation,
  submitContent,
  unpublishContent,
  uploadMedia,
} from './content.service';
import {
  appletCategories,
  appletEducation,
  appletHome,
  appletItem,
  appletList,
  sendAppletMedia,
  sendWithEtag,
} from './applet.service';
import { miniProgramHtml } from './content-html';

const org = (session: unknown) => session as OrgSession;
const langOf = (query: { lang?: Locale }, locale: Locale) => query.lang ?? locale;

/**
 * Mini-program content (issue 20; docs/decisions.md "Issue 20 (content)"): the organization is the session's; an
 * item of another organization answers code 1 'Content not found', as an unknown id does. The /applet calls are
 * public: the organization is in the path and only published versions are served.
 */
export const contentRoutes = [
  defineRoute(endpoints.page, {
    handler: async ({ app, session, query }) => {
      const { list, total } = await listContent(app.db, org(session), query);
      return { data: toPage(list, total, query.page, query.limit) };
    },
  }),
  defineRoute(endpoints.info, {
    handler: async ({ app, session, params }) => ({ data: await contentDetail(app.db, org(session), params.id) }),
  }),
  defineRoute(endpoints.homepage, {
    handler: async ({ app, session, params }) => ({ data: await homepageOf(app.db, org(session), params.kind) }),
  }),
  defineRoute(endpoints.save, {
    handler: async ({ app, session, body }) => ({ data: await saveContent(app, org(session), body) }),
  }),
  defineRoute(endpoints.preview, {
    handler: async ({ body }) => ({ data: { zh: miniProgramHtml(body.zh), en: miniProgramHtml(body.en) } }),
  }),
  defineRoute(endpoints.submit, {
    handler: async ({ app, session, body }) => submitContent(app, org(session), body.id),
  }),
  defineRoute(endpoints.approve, {
    handler: async ({ app, session, body }) =>
      approveContent(app, org(session), body.id, body.publishAt ? new Date(body.publishAt) : null),
  }),
  defineRoute(endpoints.reject, {
    handler: async ({ app, session, body }) => rejectContent(app, org(session), body.id, body.reason),
  }),
  defineRoute(endpoints.unpublish, {
    handler: async ({ app, session, body }) => unpublishContent(app, org(session), body.id),
  }),
  defineRoute(endpoints.remove, {
    handler: async ({ app, session, body }) => deleteContent(app, org(session), body.id),
  }),
  defineRoute(endpoints.categories, {
    handler: async ({ app, session }) => ({ data: await listCategories(app.db, org(session).organizationId) }),
  }),
  defineRoute(endpoints.saveCategory, {
    handler: async ({ app, session, body }) => ({ data: await saveCategory(app, org(session), body) }),
  }),
  defineRoute(endpoints.deleteCategory, {
    handler: async ({ app, session, body }) => deleteCategory(app, org(session), body.id),
  }),
  defineRoute(endpoints.media, {
    handler: async ({ app, session }) => ({ data: await listMedia(app.db, org(session).organizationId) }),
  }),
  defineRoute(endpoints.upload, {
    handler: async ({ app, session, req }) => ({ data: await uploadMedia(app, org(session), req) }),
  }),
  defineRoute(endpoints.sendEducation, {
    handler: async ({ app, session, body }) => ({ data: await sendEducation(app, org(session), body) }),
  }),
  defineRoute(endpoints.educationOfPatient, {
    handler: async ({ app, session, params, auditRead }) => {
      const data = await educationOfPatient(app.db, org(session), params.id);
      auditRead({ kind: 'record', patientId: params.id, subject: 'education sent' });
      return { data };
    },
  }),
  // ---- public: the mini-program --------------------------------------------------------------------------------
  defineRoute(endpoints.appletHome, {
    handler: async ({ app, req, reply, params, query, locale, t }) =>
      sendWithEtag(
        req,
        reply,
        t('common.success'),
        await appletHome(app.db, params.organizationId, params.kind, langOf(query, locale)),
      ),
  }),
  defineRoute(endpoints.appletCategories, {
    handler: async ({ app, req, reply, params, query, locale, t }) =>
      sendWithEtag(
        req,
        reply,
        t('common.success'),
        await appletCategories(app.db, params.organizationId, langOf(query, locale)),
      ),
  }),
  defineRoute(endpoints.appletList, {
    handler: async ({ app, req, reply, params, query, locale, t }) =>
      sendWithEtag(
        req,
        reply,
        t('common.success'),
        await appletList(app.db, params.organizationId, query, langOf(query, locale)),
      ),
  }),
  defineRoute(endpoints.appletItem, {
    handler: async ({ app, req, reply, params, query, locale, t }) =>
      sendWithEtag(
        req,
        reply,
        t('common.success'),
        await appletItem(app.db, params.organizationId, params.id, langOf(query, locale)),
      ),
  }),
  defineRoute(endpoints.appletMedia, {
    handler: async ({ app, req, reply, params }) =>
      sendAppletMedia(app.db, params.organizationId, params.id, req, reply),
  }),
  defineRoute(endpoints.appletEducation, {
    handler: async ({ app, params, query, locale }) => ({
      data: await appletEducation(app, params.token, langOf(query, locale)),
    }),
  }),
];
