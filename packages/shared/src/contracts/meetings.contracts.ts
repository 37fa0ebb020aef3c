import { z } from 'zod';
import { idParamSchema } from '../schemas/common.schema';
import {
  meetingCancelSchema,
  meetingIdSchema,
  meetingInfoSchema,
  meetingLeaveSchema,
  meetingListRowSchema,
  meetingListSchema,
  meetingPatientOptionSchema,
  meetingPatientSearchSchema,
  MeetingPerm,
  meetingPresenceSchema,
  meetingReportSchema,
  meetingReviewSchema,
  meetingSaveSchema,
  meetingStaffOptionSchema,
  meetingUpdateSchema,
} from '../meetings/meeting.schema';
import { recordSignatureSchema } from '../signatures/signature.schema';
import { defineEndpoint, fileResponse, pageSchema } from './endpoint';

const none = z.strictObject({});

/**
 * Assessment meetings (issue 6; screens /recovery/meeting/list/:userType? and /recovery/meeting/detail/:id/:disable?).
 * Transitions and refusals: packages/shared/src/meetings/meeting-state.ts.
 */
export const meetingsEndpoints = {
  list: defineEndpoint({
    method: 'POST',
    path: '/sys/meeting/list',
    access: { permission: MeetingPerm.list },
    body: meetingListSchema,
    response: z.strictObject({ data: pageSchema(meetingListRowSchema) }),
    summary: {
      'zh-CN': '评定会分页列表（全部、我主持、我参加、我申请）',
      en: 'One page of the assessment meetings (all, I host, I take part, I applied)',
    },
  }),
  exportList: defineEndpoint({
    method: 'POST',
    path: '/sys/meeting/export',
    access: { permission: MeetingPerm.list },
    body: meetingListSchema,
    response: fileResponse,
    kind: 'download',
    summary: {
      'zh-CN': '导出评估会议列表（Excel，按当前筛选条件）',
      en: 'Exports the assessment meeting list with the current filters (Excel)',
    },
  }),
  info: defineEndpoint({
    method: 'GET',
    path: '/sys/meeting/info/:id',
    access: { permission: MeetingPerm.info },
    params: idParamSchema,
    response: z.strictObject({ data: meetingInfoSchema }),
    summary: {
      'zh-CN': '评定会详情（参会人、出席、会议报告）',
      en: 'One assessment meeting with its participants, attendance and report',
    },
  }),
  save: defineEndpoint({
    method: 'POST',
    path: '/sys/meeting/save',
    access: { permission: MeetingPerm.save },
    body: meetingSaveSchema,
    response: z.strictObject({ data: z.strictObject({ id: z.number().int() }) }),
    summary: {
      'zh-CN': '安排评定会（患者、主题、地点、主持人、参会人、时间），通知参会人',
      en: 'Arranges an assessment meeting (patient, theme, place, host, participants, time); the invited are told',
    },
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/sys/meeting/update',
    access: { permission: MeetingPerm.save },
    body: meetingUpdateSchema,
    response: none,
    summary: { 'zh-CN': '修改评定会（申请人或主持人）', en: 'Changes an assessment meeting (applicant or host)' },
  }),
  cancel: defineEndpoint({
    method: 'POST',
    path: '/sys/meeting/cancel',
    access: { permission: MeetingPerm.save },
    body: meetingCancelSchema,
    response: none,
    summary: {
      'zh-CN': '取消评定会（申请人或主持人，召开前）',
      en: 'Cancels an assessment meeting (applicant or host, before it is held)',
    },
  }),
  confirm: defineEndpoint({
    method: 'POST',
    path: '/sys/meeting/confirm',
    access: { permission: MeetingPerm.attend },
    body: meetingIdSchema,
    response: none,
    summary: { 'zh-CN': '确认参会', en: 'The caller confirms attendance' },
  }),
  leave: defineEndpoint({
    method: 'POST',
    path: '/sys/meeting/leave',
    access: { permission: MeetingPerm.attend },
    body: meetingLeaveSchema,
    response: none,
    summary: { 'zh-CN': '请假（不能参会及原因）', en: 'The caller cannot attend, with the reason' },
  }),
  presence: defineEndpoint({
    method: 'POST',
    path: '/sys/meeting/presence',
    access: { permission: MeetingPerm.presence },
    body: meetingPresenceSchema,
    response: none,
    summary: { 'zh-CN': '登记出席情况（主持人）', en: 'Records who was present (host)' },
  }),
  saveReport: defineEndpoint({
    method: 'POST',
    path: '/sys/meeting/saveReport',
    access: { permission: MeetingPerm.report },
    body: meetingReportSchema,
    response: none,
    summary: { 'zh-CN': '保存会议报告草稿（主持人）', en: 'Saves the meeting report as a draft (host)' },
  }),
  submitReport: defineEndpoint({
    method: 'POST',
    path: '/sys/meeting/submitReport',
    access: { permission: MeetingPerm.report },
    body: meetingReportSchema,
    response: none,
    summary: { 'zh-CN': '提交会议报告审核（主持人）', en: 'Submits the meeting report for review (host)' },
  }),
  reportSign: defineEndpoint({
    method: 'POST',
    path: '/sys/meeting/report/sign/:id',
    access: { permission: MeetingPerm.report },
    params: idParamSchema,
    response: z.strictObject({ data: recordSignatureSchema }),
    summary: {
      'zh-CN': '主持人用 CA 证书签署已提交的会议报告（重签则取代上一次签名）',
      en: 'The host signs the submitted meeting report with the CA certificate (a new signature supersedes the last)',
    },
  }),
  reportSignature: defineEndpoint({
    method: 'GET',
    path: '/sys/meeting/report/signature/:id',
    access: { permission: MeetingPerm.info },
    params: idParamSchema,
    response: z.strictObject({ data: recordSignatureSchema }),
    summary: {
      'zh-CN': '会议报告的签名及验证结果（有效 / 签署后被修改）',
      en: "The meeting report's signature, verified: valid or modified since signing",
    },
  }),
  review: defineEndpoint({
    method: 'POST',
    path: '/sys/meeting/review',
    access: { permission: MeetingPerm.review },
    body: meetingReviewSchema,
    response: none,
    summary: { 'zh-CN': '审核会议报告（非主持人）', en: 'Reviews the meeting report (not the host)' },
  }),
  patients: defineEndpoint({
    method: 'POST',
    path: '/sys/meeting/patients',
    access: { permission: MeetingPerm.save },
    body: meetingPatientSearchSchema,
    response: z.strictObject({ data: z.array(meetingPatientOptionSchema) }),
    summary: {
      'zh-CN': '在治患者（按姓名、拼音、住院号/门诊号），供安排评定会',
      en: 'Patients with an active course (by name, pinyin, inpatient or outpatient number), to arrange a meeting',
    },
  }),
  staff: defineEndpoint({
    method: 'GET',
    path: '/sys/meeting/staff',
    access: { permission: MeetingPerm.list },
    response: z.strictObject({ data: z.array(meetingStaffOptionSchema) }),
    summary: {
      'zh-CN': '本机构人员，供选择主持人和参会人',
      en: 'Members of the organization, for host and participants',
    },
  }),
};
