import { RoleId, checkinEndpoints, filterTherapistRows, translate, workloadEndpoints } from '@rehab/shared';
import { defineRoute } from '../../http/route';
import { sendXlsx } from '../../http/xlsx';
import { dailyWorkloadXlsx, therapistsXlsx } from './workload.export';
import { checkIn, clockInTeams, needCheckIn, todayCheck } from './checkin.service';
import {
  dailyWorkload,
  staffWithRole,
  therapistOptions,
  therapistRows,
  visualBoard,
  workplaceToday,
} from './workload.service';

/** Post clock-in (spec section 7, Staff and dashboard: /sys/checkin/*). */
export const checkinRoutes = [
  /** The check-required flag of the shell: true when the user should clock in here (see checkin.service). */
  defineRoute(checkinEndpoints.needCheckIn, {
    handler: async ({ app, session }) => ({ data: { needCheckIn: await needCheckIn(app, session) } }),
  }),
  /** Today's post of the user in this organization (the last-checked post), or null. */
  defineRoute(checkinEndpoints.todayCheck, {
    handler: async ({ app, session, locale }) => ({ data: await todayCheck(app, session, locale) }),
  }),
  defineRoute(checkinEndpoints.teams, {
    handler: async ({ app, session, locale }) => ({ data: await clockInTeams(app, session, locale) }),
  }),
  defineRoute(checkinEndpoints.check, {
    handler: async ({ app, session, body, t, locale }) => {
      const data = await checkIn(app, session, body.treatmentTeamId, locale);
      return { msg: t('checkin.success', { name: data.teamName }), data };
    },
  }),
];

/** The workload screens: workplace (today), daily workload (a date range), the visual working board. */
export const workloadRoutes = [
  defineRoute(workloadEndpoints.today, {
    handler: async ({ app, session, query, locale }) => ({
      data: await workplaceToday(app, session, query.officeId, locale),
    }),
  }),
  defineRoute(workloadEndpoints.daily, {
    handler: async ({ app, session, body, locale }) => ({ data: await dailyWorkload(app, session, body, locale) }),
  }),
  /** The daily workload by therapist as an Excel file, with the screen's filters (staff counts: no patient data). */
  defineRoute(workloadEndpoints.dailyExport, {
    handler: async ({ app, session, body, locale, reply }) => {
      const d = await dailyWorkload(app, session, body, locale);
      await sendXlsx(
        reply,
        await dailyWorkloadXlsx(d, locale),
        translate(locale, 'listExport.workloadTitle'),
        'workload',
      );
    },
  }),
  defineRoute(workloadEndpoints.board, {
    handler: async ({ app, session, query, locale }) => ({
      data: await visualBoard(app, session, query.officeId, locale),
    }),
  }),
  /** Therapist management: the organization's therapists with their groups, departments and today. */
  defineRoute(workloadEndpoints.therapists, {
    handler: async ({ app, session, locale }) => ({ data: await therapistRows(app, session, locale) }),
  }),
  defineRoute(workloadEndpoints.therapistsExport, {
    handler: async ({ app, session, locale, query, reply }) => {
      const rows = filterTherapistRows(await therapistRows(app, session, locale), query);
      await sendXlsx(
        reply,
        await therapistsXlsx(rows, locale),
        translate(locale, 'listExport.therapistsTitle'),
        'therapists',
      );
    },
  }),
  /** Spec section 7: POST /sys/user/getDoctor (roleId; doctors, role 11, by default). */
  defineRoute(workloadEndpoints.getDoctor, {
    handler: async ({ app, session, body }) => ({
      data: await staffWithRole(app, session, body.roleId ?? RoleId.doctor),
    }),
  }),
  /** Spec section 7: POST /sys/user/getTherapist (the organization's therapists with their groups). */
  defineRoute(workloadEndpoints.getTherapist, {
    handler: async ({ app, session, body, locale }) => ({ data: await therapistOptions(app, session, body, locale) }),
  }),
];
