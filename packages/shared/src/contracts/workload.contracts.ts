import { z } from 'zod';
import { Perm } from '../permissions';
import {
  TeamPerm,
  WorkloadPerm,
  clockInRecordSchema,
  clockInSchema,
  clockInTeamListSchema,
  dailyWorkloadQuerySchema,
  dailyWorkloadSchema,
  getDoctorSchema,
  getTherapistSchema,
  roleStaffSchema,
  therapistFilterSchema,
  therapistPickSchema,
  therapistRowSchema,
  visualBoardSchema,
  workloadTodayQuerySchema,
  workplaceTodaySchema,
} from '../workload/workload.schema';
import { defineEndpoint, fileResponse } from './endpoint';

/** Post clock-in of the treating staff (spec section 7, Staff and dashboard: /sys/checkin/*). */
export const checkinEndpoints = {
  needCheckIn: defineEndpoint({
    method: 'POST',
    path: '/sys/checkin/needCheckIn',
    access: 'organization',
    response: z.strictObject({ data: z.strictObject({ needCheckIn: z.boolean() }) }),
    summary: {
      'zh-CN': '当前用户是否需要在本机构岗位打卡',
      en: 'Whether the user should clock in to a post here',
    },
  }),
  todayCheck: defineEndpoint({
    method: 'POST',
    path: '/sys/checkin/todayCheck',
    access: 'organization',
    response: z.strictObject({ data: clockInRecordSchema.nullable() }),
    summary: { 'zh-CN': '今日岗位打卡记录；未打卡时为 null', en: "Today's post of the user; null when not clocked in" },
  }),
  teams: defineEndpoint({
    method: 'POST',
    path: '/sys/checkin/selectTreatmentTeamList',
    access: { permission: Perm.clockIn },
    response: z.strictObject({ data: clockInTeamListSchema }),
    summary: {
      'zh-CN': '可打卡的治疗小组及默认小组',
      en: 'The therapist groups to clock in to, and the default one',
    },
  }),
  check: defineEndpoint({
    method: 'PUT',
    path: '/sys/checkin/check',
    access: { permission: Perm.clockIn },
    body: clockInSchema,
    response: z.strictObject({ data: clockInRecordSchema }),
    summary: {
      'zh-CN': '岗位打卡（同日再次打卡则更换岗位）',
      en: 'Clocks in to a group (again the same day: changes the post)',
    },
  }),
};

/** The workload screens (workplace, daily workload, visual board), the therapist list and the staff pickers. */
export const workloadEndpoints = {
  today: defineEndpoint({
    method: 'GET',
    path: '/sys/workload/today',
    access: { permission: WorkloadPerm.workplace },
    query: workloadTodayQuerySchema,
    response: z.strictObject({ data: workplaceTodaySchema }),
    summary: {
      'zh-CN': '今日工作台：各治疗师与小组的工单数',
      en: "Today's workplace: order counts per therapist and group",
    },
  }),
  daily: defineEndpoint({
    method: 'POST',
    path: '/sys/workload/daily',
    access: { permission: WorkloadPerm.daily },
    body: dailyWorkloadQuerySchema,
    response: z.strictObject({ data: dailyWorkloadSchema }),
    summary: { 'zh-CN': '日工作量统计（日期范围）', en: 'Daily workload over a date range' },
  }),
  dailyExport: defineEndpoint({
    method: 'POST',
    path: '/sys/workload/daily/export',
    access: { permission: WorkloadPerm.daily },
    body: dailyWorkloadQuerySchema,
    response: fileResponse,
    kind: 'download',
    summary: {
      'zh-CN': '导出日工作量（按治疗师，含合计行；Excel）',
      en: 'Exports the daily workload by therapist with a total row (Excel)',
    },
  }),
  board: defineEndpoint({
    method: 'GET',
    path: '/sys/workload/board',
    access: { permission: WorkloadPerm.board },
    query: workloadTodayQuerySchema,
    response: z.strictObject({ data: visualBoardSchema }),
    summary: {
      'zh-CN': '可视化工作看板：各治疗师的待治疗队列',
      en: "The visual working board: each therapist's queue",
    },
  }),
  therapists: defineEndpoint({
    method: 'GET',
    path: '/sys/therapist/list',
    access: { permission: TeamPerm.list },
    response: z.strictObject({ data: z.array(therapistRowSchema) }),
    summary: {
      'zh-CN': '治疗师管理：治疗师及其小组、科室与今日情况',
      en: 'Therapist management: therapists with their groups, departments and today',
    },
  }),
  therapistsExport: defineEndpoint({
    method: 'GET',
    path: '/sys/therapist/list/export',
    access: { permission: TeamPerm.list },
    query: therapistFilterSchema,
    response: fileResponse,
    kind: 'download',
    summary: {
      'zh-CN': '导出治疗师管理列表（Excel）',
      en: 'Exports the therapist management list (Excel)',
    },
  }),
  getDoctor: defineEndpoint({
    method: 'POST',
    path: '/sys/user/getDoctor',
    access: 'organization',
    body: getDoctorSchema,
    response: z.strictObject({ data: z.array(roleStaffSchema) }),
    summary: {
      'zh-CN': '持有某角色的人员（默认医生）',
      en: 'Staff holding a role (doctors by default)',
    },
  }),
  getTherapist: defineEndpoint({
    method: 'POST',
    path: '/sys/user/getTherapist',
    access: 'organization',
    body: getTherapistSchema,
    response: z.strictObject({ data: z.array(therapistPickSchema) }),
    summary: {
      'zh-CN': '本机构治疗师及其小组（可按小组或姓名筛选）',
      en: "The organization's therapists with their groups, by group or name",
    },
  }),
};
