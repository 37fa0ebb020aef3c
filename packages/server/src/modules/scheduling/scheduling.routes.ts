import {
  SchedulingPerm,
  applyRecommendSchema,
  deleteSchedulingSchema,
  idParamSchema,
  leaveListSchema,
  leaveSaveSchema,
  leaveSubstituteSchema,
  saveSchedulingSchema,
  scheduleViewSchema,
  schedulingDaySchema,
  schedulingSelectorSchema,
  ssoLoginSchema,
  shiftSaveSchema,
  shiftWeekSchema,
  doctorScheduleSchema,
  updateSchedulingSchema,
  type Locale,
} from '@rehab/shared';
import { z } from 'zod';
import { defineRoute, type RouteDef } from '../../http/route';
import type { SessionContext } from '../../http/session';
import { resolveToken } from '../auth';
import {
  applyRecommendation,
  applySubstitute,
  checkUpdateScheduling,
  dayScheduling,
  deleteLeaves,
  deleteScheduling,
  listLeaves,
  recommendDay,
  saveLeave,
  saveScheduling,
  scheduleViewJson,
  selectorOptions,
  setSubstitute,
  todayOf,
  updateScheduling,
  type Scope,
} from './scheduling.service';
import { hisLogin } from './sso.service';
import { sendJsonBytes } from '../../http/json-bytes';
import { doctorSchedule, listShifts, saveShifts } from './shifts.service';

const scopeOf = (session: SessionContext, locale: Locale): Scope => ({
  organizationId: session.organizationId!,
  userId: session.userId,
  locale,
});

const MINUTE = 60_000;
const base = '/schedulingManagement';
const idsBody = z.strictObject({ ids: z.array(idParamSchema.shape.id).min(1).max(100) });

/**
 * Scheduling (spec section 7, Scheduling) under /schedulingManagement, the schedule view's two list calls (the spec
 * does not show their paths: `viewList` for the project view, `viewMasterList` for the equipment-and-therapist view),
 * therapist leave and substitutes under /sys/therapistLeave, and the hospital-system entry /sys/ssoLogin.
 */
export const schedulingRoutes: RouteDef[] = [
  defineRoute({
    method: 'POST',
    url: `${base}/getTodayAllScheduling`,
    access: { permission: SchedulingPerm.list },
    body: schedulingDaySchema,
    handler: async ({ app, session, locale, body }) => ({
      data: await dayScheduling(app, scopeOf(session, locale), body.date ?? todayOf(app)),
    }),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/getTodayAllSchedulingRecommend`,
    access: { permission: SchedulingPerm.list },
    body: schedulingDaySchema,
    handler: async ({ app, session, locale, body }) => ({
      data: await recommendDay(app, scopeOf(session, locale), body.date ?? todayOf(app)),
    }),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/applyRecommend`,
    access: { permission: SchedulingPerm.save },
    body: applyRecommendSchema,
    handler: async ({ app, session, locale, body }) => ({
      data: await applyRecommendation(app, scopeOf(session, locale), body.date ?? todayOf(app), body.patientId),
    }),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/getSchedulingSelector`,
    access: { permission: SchedulingPerm.view },
    body: schedulingSelectorSchema,
    handler: async ({ app, session, locale, body }) => ({
      data: await selectorOptions(app, scopeOf(session, locale), body.type, body.date ?? todayOf(app)),
    }),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/saveScheduling`,
    access: { permission: SchedulingPerm.save },
    body: saveSchedulingSchema,
    handler: async ({ app, session, locale, body }) => ({
      data: await saveScheduling(app, scopeOf(session, locale), body.list),
    }),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/checkUpdateScheduling`,
    access: { permission: SchedulingPerm.save },
    body: updateSchedulingSchema,
    handler: async ({ app, session, locale, body, t }) => ({
      data: await checkUpdateScheduling(app, scopeOf(session, locale), body, t),
    }),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/updateScheduling`,
    access: { permission: SchedulingPerm.save },
    body: updateSchedulingSchema,
    handler: async ({ app, session, locale, body }) => ({
      data: await updateScheduling(app, scopeOf(session, locale), body),
    }),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/deleteScheduling`,
    access: { permission: SchedulingPerm.save },
    body: deleteSchedulingSchema,
    handler: async ({ app, session, locale, body }) => ({
      data: await deleteScheduling(app, scopeOf(session, locale), body.ids),
    }),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/viewList`,
    access: { permission: SchedulingPerm.view },
    body: scheduleViewSchema,
    // pre-serialized: the cards of a day are kept as JSON (scheduleViewJson)
    handler: async ({ app, session, locale, body, reply, t }) =>
      sendJsonBytes(reply, await scheduleViewJson(app, scopeOf(session, locale), body, 'project', t('common.success'))),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/viewMasterList`,
    access: { permission: SchedulingPerm.view },
    body: scheduleViewSchema,
    // pre-serialized: the cards of a day are kept as JSON (scheduleViewJson)
    handler: async ({ app, session, locale, body, reply, t }) =>
      sendJsonBytes(reply, await scheduleViewJson(app, scopeOf(session, locale), body, 'master', t('common.success'))),
  }),
  // --- therapist leave and substitutes ------------------------------------------------------------------------------
  defineRoute({
    method: 'POST',
    url: '/sys/therapistLeave/list',
    access: { permission: SchedulingPerm.leaveList },
    body: leaveListSchema,
    handler: async ({ app, session, locale, body }) => ({
      data: await listLeaves(app, scopeOf(session, locale), body),
    }),
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/therapistLeave/save',
    access: { permission: SchedulingPerm.leaveSave },
    body: leaveSaveSchema,
    handler: async ({ app, session, locale, body }) => ({
      data: await saveLeave(app, scopeOf(session, locale), body),
    }),
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/therapistLeave/substitute',
    access: { permission: SchedulingPerm.leaveSave },
    body: leaveSubstituteSchema,
    handler: async ({ app, session, locale, body }) => ({
      data: await setSubstitute(app, scopeOf(session, locale), body.id, body.substituteId ?? null),
    }),
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/therapistLeave/applySubstitute',
    access: { permission: SchedulingPerm.leaveSave },
    body: idParamSchema,
    handler: async ({ app, session, locale, body }) => ({
      data: await applySubstitute(app, scopeOf(session, locale), body.id),
    }),
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/therapistLeave/delete',
    access: { permission: SchedulingPerm.leaveSave },
    body: idsBody,
    handler: async ({ app, session, locale, body }) => ({
      data: await deleteLeaves(app, scopeOf(session, locale), body.ids),
    }),
  }),
  // --- the hospital-system entry ----------------------------------------------------------------------------------
  defineRoute({
    method: 'POST',
    url: '/sys/ssoLogin',
    access: 'public',
    body: ssoLoginSchema,
    rateLimit: { max: (app) => app.config.rateLimit.loginPerMinute, windowMs: MINUTE },
    handler: async ({ app, body, req }) => {
      const token = typeof req.headers.token === 'string' ? req.headers.token : undefined;
      const caller = token ? await resolveToken(app, token).catch(() => null) : null;
      return hisLogin(app, body, caller, { ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') });
    },
  }),
  // --- shift management and the doctor's schedule -------------------------------------------------------------------
  defineRoute({
    method: 'POST',
    url: '/sys/shift/list',
    access: { permission: SchedulingPerm.shiftList },
    body: shiftWeekSchema,
    handler: async ({ app, session, locale, body }) => ({
      data: await listShifts(app, scopeOf(session, locale), body.weekStart),
    }),
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/shift/save',
    access: { permission: SchedulingPerm.shiftSave },
    body: shiftSaveSchema,
    handler: async ({ app, session, locale, body }) => ({
      data: await saveShifts(app, scopeOf(session, locale), body.list),
    }),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/doctorSchedule`,
    access: { permission: SchedulingPerm.doctorSchedule },
    body: doctorScheduleSchema,
    handler: async ({ app, session, locale, body }) => ({
      data: await doctorSchedule(app, scopeOf(session, locale), body.date ?? todayOf(app), body.patientId),
    }),
  }),
];
