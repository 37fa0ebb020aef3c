import {
  clockInSchema,
  dailyWorkloadQuerySchema,
  getDoctorSchema,
  getTherapistSchema,
  Perm,
  RoleId,
  TeamPerm,
  WorkloadPerm,
  workloadTodayQuerySchema,
} from '@rehab/shared';
import { defineRoute } from '../../http/route';
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
  defineRoute({
    method: 'POST',
    url: '/sys/checkin/needCheckIn',
    access: 'organization',
    handler: async ({ app, session }) => ({ data: { needCheckIn: await needCheckIn(app, session) } }),
  }),
  /** Today's post of the user in this organization (the last-checked post), or null. */
  defineRoute({
    method: 'POST',
    url: '/sys/checkin/todayCheck',
    access: 'organization',
    handler: async ({ app, session }) => ({ data: await todayCheck(app, session) }),
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/checkin/selectTreatmentTeamList',
    access: { permission: Perm.clockIn },
    handler: async ({ app, session }) => ({ data: await clockInTeams(app, session) }),
  }),
  defineRoute({
    method: 'PUT',
    url: '/sys/checkin/check',
    access: { permission: Perm.clockIn },
    body: clockInSchema,
    handler: async ({ app, session, body, t }) => {
      const data = await checkIn(app, session, body.treatmentTeamId);
      return { msg: t('checkin.success', { name: data.teamName }), data };
    },
  }),
];

/** The workload screens: workplace (today), daily workload (a date range), the visual working board. */
export const workloadRoutes = [
  defineRoute({
    method: 'GET',
    url: '/sys/workload/today',
    access: { permission: WorkloadPerm.workplace },
    query: workloadTodayQuerySchema,
    handler: async ({ app, session, query, locale }) => ({
      data: await workplaceToday(app, session, query.officeId, locale),
    }),
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/workload/daily',
    access: { permission: WorkloadPerm.daily },
    body: dailyWorkloadQuerySchema,
    handler: async ({ app, session, body }) => ({ data: await dailyWorkload(app, session, body) }),
  }),
  defineRoute({
    method: 'GET',
    url: '/sys/workload/board',
    access: { permission: WorkloadPerm.board },
    query: workloadTodayQuerySchema,
    handler: async ({ app, session, query, locale }) => ({
      data: await visualBoard(app, session, query.officeId, locale),
    }),
  }),
  /** Therapist management: the organization's therapists with their groups, departments and today. */
  defineRoute({
    method: 'GET',
    url: '/sys/therapist/list',
    access: { permission: TeamPerm.list },
    handler: async ({ app, session, locale }) => ({ data: await therapistRows(app, session, locale) }),
  }),
  /** Spec section 7: POST /sys/user/getDoctor (roleId; doctors, role 11, by default). */
  defineRoute({
    method: 'POST',
    url: '/sys/user/getDoctor',
    access: 'organization',
    body: getDoctorSchema,
    handler: async ({ app, session, body }) => ({
      data: await staffWithRole(app, session, body.roleId ?? RoleId.doctor),
    }),
  }),
  /** Spec section 7: POST /sys/user/getTherapist (the organization's therapists with their groups). */
  defineRoute({
    method: 'POST',
    url: '/sys/user/getTherapist',
    access: 'organization',
    body: getTherapistSchema,
    handler: async ({ app, session, body }) => ({ data: await therapistOptions(app, session, body) }),
  }),
];
