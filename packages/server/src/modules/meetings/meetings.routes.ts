import { meetingsEndpoints as endpoints, toPage, translate, type Locale } from '@rehab/shared';
import { defineRoute, type RouteDef } from '../../http/route';
import { sendXlsx } from '../../http/xlsx';
import { meetingListXlsx } from './meetings.export';
import { meetingReportSignature, signMeetingReport } from './meeting-signature';
import { caOn } from '../signatures';
import type { SessionContext } from '../../http/session';
import {
  answerMeeting,
  cancelMeeting,
  listMeetings,
  meetingInfo,
  meetingPatients,
  meetingStaff,
  recordPresence,
  reviewMeeting,
  saveMeeting,
  updateMeeting,
  writeReport,
  type Scope,
} from './meetings.service';

/** The most rows an export writes. */
const EXPORT_LIMIT = 10_000;

const scopeOf = (session: SessionContext, locale: Locale): Scope => ({
  organizationId: session.organizationId!,
  userId: session.userId,
  locale,
  caIntegration: caOn(session),
});

/**
 * Assessment meetings (issue 6; screens /recovery/meeting/list/:userType? and /recovery/meeting/detail/:id/:disable?).
 *
 * POST /sys/meeting/list             { userType 0 all | 1 I host | 2 I take part | 3 I applied, keyword?, status?, page, limit }
 * GET  /sys/meeting/info/:id         the meeting with participants, attendance and report
 * POST /sys/meeting/save             arrange { patientId, treatmentId?, theme, location, hostId, participantIds, startTime }
 * POST /sys/meeting/update           edit { id, theme, location, hostId, participantIds, startTime } (applicant or host)
 * POST /sys/meeting/cancel           { id, reason? } (applicant or host, before it is held)
 * POST /sys/meeting/confirm          { id } the caller confirms attendance
 * POST /sys/meeting/leave            { id, reason } the caller cannot attend
 * POST /sys/meeting/presence         { id, records: [{ userId, present }] } (host)
 * POST /sys/meeting/saveReport       { id, content } draft (host; sanitized HTML)
 * POST /sys/meeting/submitReport     { id, content } for review (host)
 * POST /sys/meeting/review           { id, approve, opinion? } audit (not the host)
 * POST /sys/meeting/patients         { keyword? } patients with an active course, for the arrange dialog
 * GET  /sys/meeting/staff            members of the organization, for host and participants
 *
 * Transitions and refusals: packages/shared/src/meetings/meeting-state.ts.
 */
export const meetingRoutes: RouteDef[] = [
  defineRoute(endpoints.list, {
    handler: async ({ app, session, locale, body }) => {
      const { list, total } = await listMeetings(app.db, scopeOf(session, locale), body);
      return { data: toPage(list, total, body.page, body.limit) };
    },
  }),
  /** The list as an Excel file with its filters; patient data leaving the system: access log (issue 22). */
  defineRoute(endpoints.exportList, {
    handler: async ({ app, session, locale, body, reply, auditRead }) => {
      const { list } = await listMeetings(app.db, scopeOf(session, locale), { ...body, page: 1, limit: EXPORT_LIMIT });
      auditRead({ kind: 'export', patientId: null, rows: list.length, filters: body });
      await sendXlsx(
        reply,
        await meetingListXlsx(list, locale),
        translate(locale, 'listExport.meetingTitle'),
        'meetings',
      );
    },
  }),
  defineRoute(endpoints.info, {
    handler: async ({ app, session, locale, params }) => ({
      data: await meetingInfo(app.db, scopeOf(session, locale), params.id),
    }),
  }),
  defineRoute(endpoints.save, {
    handler: async ({ app, session, locale, body }) => ({
      data: await saveMeeting(app, scopeOf(session, locale), body),
    }),
  }),
  defineRoute(endpoints.update, {
    handler: async ({ app, session, locale, body }) => {
      await updateMeeting(app, scopeOf(session, locale), body);
      return {};
    },
  }),
  defineRoute(endpoints.cancel, {
    handler: async ({ app, session, locale, body }) => {
      await cancelMeeting(app, scopeOf(session, locale), body.id, body.reason);
      return {};
    },
  }),
  defineRoute(endpoints.confirm, {
    handler: async ({ app, session, locale, body }) => {
      await answerMeeting(app, scopeOf(session, locale), body.id, { action: 'confirm' });
      return {};
    },
  }),
  defineRoute(endpoints.leave, {
    handler: async ({ app, session, locale, body }) => {
      await answerMeeting(app, scopeOf(session, locale), body.id, { action: 'leave', reason: body.reason });
      return {};
    },
  }),
  defineRoute(endpoints.presence, {
    handler: async ({ app, session, locale, body }) => {
      await recordPresence(app, scopeOf(session, locale), body.id, body.records);
      return {};
    },
  }),
  defineRoute(endpoints.saveReport, {
    handler: async ({ app, session, locale, body }) => {
      await writeReport(app, scopeOf(session, locale), body.id, body.content, false);
      return {};
    },
  }),
  defineRoute(endpoints.submitReport, {
    handler: async ({ app, session, locale, body }) => {
      await writeReport(app, scopeOf(session, locale), body.id, body.content, true, body.signLater);
      return {};
    },
  }),
  defineRoute(endpoints.reportSign, {
    handler: async ({ app, session, locale, params }) => ({
      data: await signMeetingReport(app, scopeOf(session, locale), params.id),
    }),
  }),
  defineRoute(endpoints.reportSignature, {
    handler: async ({ app, session, locale, params }) => ({
      data: await meetingReportSignature(app.db, scopeOf(session, locale), params.id),
    }),
  }),
  defineRoute(endpoints.review, {
    handler: async ({ app, session, locale, body }) => {
      await reviewMeeting(app, scopeOf(session, locale), body.id, body.approve, body.opinion);
      return {};
    },
  }),
  defineRoute(endpoints.patients, {
    handler: async ({ app, session, locale, body }) => ({
      data: await meetingPatients(app.db, scopeOf(session, locale), body.keyword),
    }),
  }),
  defineRoute(endpoints.staff, {
    handler: async ({ app, session, locale }) => ({ data: await meetingStaff(app.db, scopeOf(session, locale)) }),
  }),
];
