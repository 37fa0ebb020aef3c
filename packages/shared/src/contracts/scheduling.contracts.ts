import { z } from 'zod';
import { idParamSchema, idSchema } from '../schemas/common.schema';
import {
  SchedulingPerm,
  applyRecommendSchema,
  boardSchema,
  bookedSchema,
  checkUpdateAnswerSchema,
  deleteSchedulingSchema,
  doctorScheduleAnswerSchema,
  doctorScheduleSchema,
  leaveListSchema,
  leaveRowSchema,
  leaveSaveSchema,
  leaveSubstituteSchema,
  recommendationSchema,
  saveSchedulingSchema,
  scheduleViewAnswerSchema,
  scheduleViewSchema,
  schedulingDaySchema,
  schedulingSelectorSchema,
  selectorOptionSchema,
  shiftSaveSchema,
  shiftWeekAnswerSchema,
  shiftWeekSchema,
  ssoLoginAnswerSchema,
  ssoLoginSchema,
  substituteProposalSchema,
  updateSchedulingSchema,
} from '../scheduling/scheduling.schema';
import { defineEndpoint, pageSchema } from './endpoint';

const M = '/schedulingManagement';
const removed = z.strictObject({ data: z.strictObject({ removed: z.number().int() }) });

/**
 * Scheduling (spec section 7, Scheduling): the day's board, the recommendation, bookings, the schedule view, therapist
 * leave and substitutes, shifts, the doctor's schedule and the hospital-system entry.
 */
export const schedulingEndpoints = {
  board: defineEndpoint({
    method: 'POST',
    path: `${M}/getTodayAllScheduling`,
    access: { permission: SchedulingPerm.list },
    body: schedulingDaySchema,
    response: z.strictObject({ data: boardSchema }),
    summary: {
      'zh-CN': '当日排班看板：时段、治疗师（含请假与代班）、已排与未排工单',
      en: "A day's scheduling board: slots, therapists (leave, substitutes), booked and unbooked orders",
    },
  }),
  recommend: defineEndpoint({
    method: 'POST',
    path: `${M}/getTodayAllSchedulingRecommend`,
    access: { permission: SchedulingPerm.list },
    body: schedulingDaySchema,
    response: z.strictObject({ data: recommendationSchema }),
    summary: { 'zh-CN': '当日智能排班建议（不保存）', en: 'The recommended bookings of a day (not saved)' },
  }),
  applyRecommend: defineEndpoint({
    method: 'POST',
    path: `${M}/applyRecommend`,
    access: { permission: SchedulingPerm.save },
    body: applyRecommendSchema,
    response: z.strictObject({ data: bookedSchema }),
    summary: {
      'zh-CN': '保存排班建议（全部或某位患者）',
      en: "Books the day's recommendation, all of it or one patient's part",
    },
  }),
  selector: defineEndpoint({
    method: 'POST',
    path: `${M}/getSchedulingSelector`,
    access: { permission: SchedulingPerm.view },
    body: schedulingSelectorSchema,
    response: z.strictObject({ data: z.strictObject({ list: z.array(selectorOptionSchema) }) }),
    summary: {
      'zh-CN': '排班筛选选项：项目、患者、设备或治疗师',
      en: 'Option list of the schedule filters: projects, patients, equipment or therapists',
    },
  }),
  save: defineEndpoint({
    method: 'POST',
    path: `${M}/saveScheduling`,
    access: { permission: SchedulingPerm.save },
    body: saveSchedulingSchema,
    response: z.strictObject({
      data: z.array(z.strictObject({ id: z.number().int(), workOrderId: z.number().int() })),
    }),
    summary: { 'zh-CN': '为一位患者的工单排班', en: "Books one patient's work orders into slots" },
  }),
  checkUpdate: defineEndpoint({
    method: 'POST',
    path: `${M}/checkUpdateScheduling`,
    access: { permission: SchedulingPerm.save },
    body: updateSchedulingSchema,
    response: z.strictObject({ data: checkUpdateAnswerSchema }),
    summary: {
      'zh-CN': '调整排班前检查冲突（治疗师、设备、患者）',
      en: 'Checks a booking move for conflicts (therapist, equipment, patient)',
    },
  }),
  update: defineEndpoint({
    method: 'POST',
    path: `${M}/updateScheduling`,
    access: { permission: SchedulingPerm.save },
    body: updateSchedulingSchema,
    response: z.strictObject({ data: z.strictObject({ id: z.number().int().optional() }) }),
    summary: {
      'zh-CN': '调整排班：更换时段、治疗师或设备',
      en: 'Moves a booking to another slot, therapist or equipment',
    },
  }),
  delete: defineEndpoint({
    method: 'POST',
    path: `${M}/deleteScheduling`,
    access: { permission: SchedulingPerm.save },
    body: deleteSchedulingSchema,
    response: removed,
    summary: { 'zh-CN': '取消排班（工单回到未排）', en: 'Cancels bookings (the orders go back to unscheduled)' },
  }),
  view: defineEndpoint({
    method: 'POST',
    path: `${M}/viewList`,
    access: { permission: SchedulingPerm.view },
    body: scheduleViewSchema,
    response: z.strictObject({ data: scheduleViewAnswerSchema }),
    summary: { 'zh-CN': '排班一览（项目视图）', en: 'The schedule view by project' },
  }),
  viewMaster: defineEndpoint({
    method: 'POST',
    path: `${M}/viewMasterList`,
    access: { permission: SchedulingPerm.view },
    body: scheduleViewSchema,
    response: z.strictObject({ data: scheduleViewAnswerSchema }),
    summary: { 'zh-CN': '排班一览（设备与治疗师视图）', en: 'The schedule view by equipment and therapist' },
  }),
  leaveList: defineEndpoint({
    method: 'POST',
    path: '/sys/therapistLeave/list',
    access: { permission: SchedulingPerm.leaveList },
    body: leaveListSchema,
    response: z.strictObject({ data: pageSchema(leaveRowSchema) }),
    summary: { 'zh-CN': '治疗师请假分页列表', en: 'One page of therapist leave' },
  }),
  leaveSave: defineEndpoint({
    method: 'POST',
    path: '/sys/therapistLeave/save',
    access: { permission: SchedulingPerm.leaveSave },
    body: leaveSaveSchema,
    response: z.strictObject({
      data: z.strictObject({ id: z.number().int(), removed: z.number().int(), proposal: substituteProposalSchema }),
    }),
    summary: {
      'zh-CN': '登记请假：取消其间的排班，有代班人时给出代班建议',
      en: 'Records a leave: cancels its bookings and proposes them to the substitute, if any',
    },
  }),
  leaveSubstitute: defineEndpoint({
    method: 'POST',
    path: '/sys/therapistLeave/substitute',
    access: { permission: SchedulingPerm.leaveSave },
    body: leaveSubstituteSchema,
    response: z.strictObject({ data: z.strictObject({ id: z.number().int(), proposal: substituteProposalSchema }) }),
    summary: { 'zh-CN': '指定或清除请假的代班人', en: 'Names or clears the substitute of a leave' },
  }),
  leaveApplySubstitute: defineEndpoint({
    method: 'POST',
    path: '/sys/therapistLeave/applySubstitute',
    access: { permission: SchedulingPerm.leaveSave },
    body: idParamSchema,
    response: z.strictObject({ data: bookedSchema }),
    summary: {
      'zh-CN': '按代班建议为代班人排班',
      en: "Books the substitute's proposal",
    },
  }),
  leaveDelete: defineEndpoint({
    method: 'POST',
    path: '/sys/therapistLeave/delete',
    access: { permission: SchedulingPerm.leaveSave },
    body: z.strictObject({ ids: z.array(idSchema).min(1).max(100) }),
    response: removed,
    summary: { 'zh-CN': '删除请假记录', en: 'Deletes leave records' },
  }),
  ssoLogin: defineEndpoint({
    method: 'POST',
    path: '/sys/ssoLogin',
    access: 'public',
    body: ssoLoginSchema,
    response: ssoLoginAnswerSchema,
    summary: {
      'zh-CN': 'HIS 单点登录：以签名的用户号换取令牌（或以当前令牌续期）',
      en: 'Hospital-system sign-in: a signed user id (or the current token) for a token',
    },
  }),
  shiftList: defineEndpoint({
    method: 'POST',
    path: '/sys/shift/list',
    access: { permission: SchedulingPerm.shiftList },
    body: shiftWeekSchema,
    response: z.strictObject({ data: shiftWeekAnswerSchema }),
    summary: { 'zh-CN': '一周的治疗师班次', en: "The therapists' shifts of a week" },
  }),
  shiftSave: defineEndpoint({
    method: 'POST',
    path: '/sys/shift/save',
    access: { permission: SchedulingPerm.shiftSave },
    body: shiftSaveSchema,
    response: z.strictObject({ data: z.strictObject({ saved: z.number().int(), cleared: z.number().int() }) }),
    summary: { 'zh-CN': '保存一周的班次（空值清除）', en: 'Saves shifts of a week (null clears a cell)' },
  }),
  doctorSchedule: defineEndpoint({
    method: 'POST',
    path: `${M}/doctorSchedule`,
    access: { permission: SchedulingPerm.doctorSchedule },
    body: doctorScheduleSchema,
    response: z.strictObject({ data: doctorScheduleAnswerSchema }),
    summary: {
      'zh-CN': '医生的当日排班：本人患者的已排与未排工单',
      en: "The doctor's schedule of a day: their patients' booked and unbooked orders",
    },
  }),
};
