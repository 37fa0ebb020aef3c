import { schedulingEndpoints as endpoints, workOrdersEndpoints, type Locale } from '@rehab/shared';
import type { FastifyReply } from 'fastify';
import { defineRoute, type RouteDef } from '../../http/route';
import type { SessionContext } from '../../http/session';
import { resolveToken } from '../auth';
import {
  applyRecommendation,
  dayScheduling,
  recommendDay,
  scheduleViewJson,
  selectorOptions,
} from './scheduling-board.service';
import {
  checkUpdateScheduling,
  deleteScheduling,
  saveScheduling,
  updateScheduling,
} from './scheduling-bookings.service';
import { applySubstitute, deleteLeaves, listLeaves, saveLeave, setSubstitute } from './scheduling-leave.service';
import { todayOf, type Scope } from './scheduling.service';
import { hisLogin } from '../auth';
import { patientScheduling } from './scheduling-patient.service';
import { sendJsonBytes } from '../../http/json-bytes';
import { doctorSchedule, listShifts, saveShifts } from './shifts.service';

const scopeOf = (session: SessionContext, locale: Locale): Scope => ({
  organizationId: session.organizationId!,
  userId: session.userId,
  locale,
});

const MINUTE = 60_000;

/**
 * A handler's answer sent as bytes already (sendJsonBytes): the route adds no envelope and checks nothing; the reply
 * goes back as the handler's result, as before. Typed as the contract's answer, which the bytes carry.
 */
const preSerialized = (sent: FastifyReply) => sent as never;

/**
 * Scheduling (spec section 7, Scheduling) under /schedulingManagement, the schedule view's two list calls (the spec
 * does not show their paths: `viewList` for the project view, `viewMasterList` for the equipment-and-therapist view),
 * therapist leave and substitutes under /sys/therapistLeave, and the hospital-system entry /sys/ssoLogin.
 */
export const schedulingRoutes: RouteDef[] = [
  // the scheduling board, a doctor's day and a patient's day name patients: in the access log (issue 22); the board
  // refreshes itself on every booking and on a timer, so it is one row a user and day
  defineRoute(endpoints.board, {
    handler: async ({ app, session, locale, body, auditRead }) => {
      const date = body.date ?? todayOf(app);
      const data = await dayScheduling(app, scopeOf(session, locale), date);
      auditRead({ kind: 'list', subject: 'scheduling board', filters: { date }, oncePerDay: true });
      return { data };
    },
  }),
  defineRoute(endpoints.recommend, {
    handler: async ({ app, session, locale, body }) => ({
      data: await recommendDay(app, scopeOf(session, locale), body.date ?? todayOf(app)),
    }),
  }),
  defineRoute(endpoints.applyRecommend, {
    handler: async ({ app, session, locale, body }) => ({
      data: await applyRecommendation(app, scopeOf(session, locale), body.date ?? todayOf(app), body.patientId),
    }),
  }),
  defineRoute(endpoints.selector, {
    handler: async ({ app, session, locale, body }) => ({
      data: await selectorOptions(app, scopeOf(session, locale), body.type, body.date ?? todayOf(app)),
    }),
  }),
  defineRoute(endpoints.save, {
    handler: async ({ app, session, locale, body }) => ({
      data: await saveScheduling(app, scopeOf(session, locale), body.list),
    }),
  }),
  defineRoute(endpoints.checkUpdate, {
    handler: async ({ app, session, locale, body, t }) => ({
      data: await checkUpdateScheduling(app, scopeOf(session, locale), body, t),
    }),
  }),
  defineRoute(endpoints.update, {
    handler: async ({ app, session, locale, body }) => ({
      data: await updateScheduling(app, scopeOf(session, locale), body),
    }),
  }),
  defineRoute(endpoints.delete, {
    handler: async ({ app, session, locale, body }) => ({
      data: await deleteScheduling(app, scopeOf(session, locale), body.ids),
    }),
  }),
  defineRoute(endpoints.view, {
    // pre-serialized: the cards of a day are kept as JSON (scheduleViewJson)
    handler: async ({ app, session, locale, body, reply, t, auditRead }) => {
      // served to open boards on every booking and every few minutes: one access-log row a user and day
      auditRead({ kind: 'list', subject: 'schedule view', filters: body, oncePerDay: true });
      return preSerialized(
        sendJsonBytes(
          reply,
          await scheduleViewJson(app, scopeOf(session, locale), body, 'project', t('common.success')),
        ),
      );
    },
  }),
  defineRoute(endpoints.viewMaster, {
    // pre-serialized: the cards of a day are kept as JSON (scheduleViewJson)
    handler: async ({ app, session, locale, body, reply, t, auditRead }) => {
      // served to open boards on every booking and every few minutes: one access-log row a user and day
      auditRead({ kind: 'list', subject: 'schedule view', filters: body, oncePerDay: true });
      return preSerialized(
        sendJsonBytes(
          reply,
          await scheduleViewJson(app, scopeOf(session, locale), body, 'master', t('common.success')),
        ),
      );
    },
  }),
  // --- therapist leave and substitutes ------------------------------------------------------------------------------
  defineRoute(endpoints.leaveList, {
    handler: async ({ app, session, locale, body }) => ({
      data: await listLeaves(app, scopeOf(session, locale), body),
    }),
  }),
  defineRoute(endpoints.leaveSave, {
    handler: async ({ app, session, locale, body }) => ({
      data: await saveLeave(app, scopeOf(session, locale), body),
    }),
  }),
  defineRoute(endpoints.leaveSubstitute, {
    handler: async ({ app, session, locale, body }) => ({
      data: await setSubstitute(app, scopeOf(session, locale), body.id, body.substituteId ?? null),
    }),
  }),
  defineRoute(endpoints.leaveApplySubstitute, {
    handler: async ({ app, session, locale, body }) => ({
      data: await applySubstitute(app, scopeOf(session, locale), body.id),
    }),
  }),
  defineRoute(endpoints.leaveDelete, {
    handler: async ({ app, session, locale, body }) => ({
      data: await deleteLeaves(app, scopeOf(session, locale), body.ids),
    }),
  }),
  // --- the hospital-system entry ----------------------------------------------------------------------------------
  defineRoute(endpoints.ssoLogin, {
    rateLimit: { max: (app) => app.config.rateLimit.loginPerMinute, windowMs: MINUTE },
    handler: async ({ app, body, req }) => {
      const token = typeof req.headers.token === 'string' ? req.headers.token : undefined;
      const caller = token ? await resolveToken(app, token).catch(() => null) : null;
      return hisLogin(app, body, caller, { ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') });
    },
  }),
  // --- shift management and the doctor's schedule -------------------------------------------------------------------
  defineRoute(endpoints.shiftList, {
    handler: async ({ app, session, locale, body }) => ({
      data: await listShifts(app, scopeOf(session, locale), body.weekStart),
    }),
  }),
  defineRoute(endpoints.shiftSave, {
    handler: async ({ app, session, locale, body }) => ({
      data: await saveShifts(app, scopeOf(session, locale), body.list),
    }),
  }),
  defineRoute(endpoints.doctorSchedule, {
    handler: async ({ app, session, locale, body, auditRead }) => {
      const date = body.date ?? todayOf(app);
      const data = await doctorSchedule(app, scopeOf(session, locale), date, body.patientId);
      auditRead({ kind: 'list', patientId: body.patientId ?? null, subject: "doctor's schedule", filters: { date } });
      return { data };
    },
  }),
  // --- the check-in desk's view of a patient's day (a work-order call that reads the schedule) --------------------------
  defineRoute(workOrdersEndpoints.patientScheduling, {
    handler: async ({ app, session, locale, body, auditRead }) => {
      const data = await patientScheduling(app.db, scopeOf(session, locale), body.patientId, body.date);
      auditRead({
        kind: 'record',
        patientId: body.patientId,
        subject: "patient's schedule",
        filters: { date: body.date },
      });
      return { data };
    },
  }),
];
