import { z } from 'zod';
import { idParamSchema, idSchema } from '../schemas/common.schema';
import {
  RemotePerm,
  acceptSchema,
  consultationDetailSchema,
  consultationInitiateSchema,
  consultationListQuerySchema,
  consultationRowSchema,
  materialCandidateSchema,
  optionalReasonSchema,
  reasonSchema,
  recordCameraGroupParamsSchema,
  remoteOrganizationSchema,
  remotePatientSchema,
  remoteSettingsSchema,
  reportAnswerSchema,
  reportQuerySchema,
  reportSaveSchema,
  reportSignSchema,
} from '../telemedicine/telemedicine.schema';
import {
  proposalAcceptSchema,
  proposalCatalogueItemSchema,
  proposalKindQuerySchema,
  proposalListSchema,
  proposeSchema,
} from '../telemedicine/proposal.schema';
import { callAdmitSchema, callIceSchema, callInfoSchema, callSignalSchema } from '../telemedicine/call.schema';
import { defineEndpoint, fileResponse, okResponse, pageSchema } from './endpoint';

const base = '/sys/remoteDiagnosis';
const report = '/sys/reportMedicalRecord';
const proposal = `${base}/proposal`;

/** A step of a consultation on its id (`:id`), by the holders of `permission`. */
const step = (name: string, permission: string, zh: string, en: string, under = base) =>
  defineEndpoint({
    method: 'POST',
    path: `${under}/${name}/:id`,
    access: { permission },
    params: idParamSchema,
    response: okResponse,
    summary: { 'zh-CN': zh, en },
  });

/**
 * Remote consultation (远程会诊, spec section 7 "Remote", issue 17): requests between related organizations, the
 * receiving office's experts, the report and its signature. A consultation the caller may not see answers code 1
 * 'Remote consultation record not found', as an unknown id does.
 */
export const remoteEndpoints = {
  patients: defineEndpoint({
    method: 'GET',
    path: `${base}/patients`,
    access: { permission: RemotePerm.request },
    query: z.object({ keyword: z.string().trim().max(20).optional() }),
    response: z.strictObject({ data: z.array(remotePatientSchema) }),
    summary: { 'zh-CN': '可申请会诊的患者', en: 'Patients a consultation may be requested for' },
  }),
  materials: defineEndpoint({
    method: 'GET',
    path: `${base}/materials`,
    access: { permission: RemotePerm.request },
    query: z.object({ patientId: idSchema }),
    response: z.strictObject({ data: z.array(materialCandidateSchema) }),
    summary: { 'zh-CN': '可附带的病历资料', en: 'Record materials that may be attached' },
  }),
  organizations: defineEndpoint({
    method: 'GET',
    path: `${base}/organizations`,
    access: { permission: RemotePerm.request },
    response: z.strictObject({ data: z.array(remoteOrganizationSchema) }),
    summary: { 'zh-CN': '可邀请的关联机构及科室', en: 'Related organizations and their offices' },
  }),
  initiate: defineEndpoint({
    method: 'POST',
    path: `${base}/initiate`,
    access: { permission: RemotePerm.request },
    body: consultationInitiateSchema,
    response: z.strictObject({ data: z.strictObject({ id: z.number().int() }) }),
    summary: { 'zh-CN': '发起远程会诊申请', en: 'Requests a remote consultation' },
  }),
  records: defineEndpoint({
    method: 'GET',
    path: `${base}/records`,
    access: { permission: RemotePerm.list },
    query: consultationListQuerySchema,
    response: z.strictObject({ data: pageSchema(consultationRowSchema) }),
    summary: { 'zh-CN': '会诊记录（发出或收到）', en: 'Consultations sent or received' },
  }),
  takeover: defineEndpoint({
    method: 'GET',
    path: `${base}/takeover`,
    access: { permission: RemotePerm.expert },
    response: z.strictObject({ data: z.array(consultationRowSchema) }),
    summary: { 'zh-CN': '待专家接诊的会诊', en: 'Consultations waiting for an expert to take over' },
  }),
  info: defineEndpoint({
    method: 'GET',
    path: `${base}/info/:id`,
    // the expert's view opens without a current organization (spec section 2): the server decides who sees it
    access: 'session',
    params: idParamSchema,
    response: z.strictObject({ data: consultationDetailSchema }),
    summary: { 'zh-CN': '会诊详情', en: 'One consultation' },
  }),
  submit: step('submit', RemotePerm.request, '提交会诊申请', 'Submits a draft request'),
  approve: step('approve', RemotePerm.approve, '科主任审批通过', 'Department head approves'),
  receive: step('receive', RemotePerm.expert, '受邀科室接收', 'The receiving office receives it'),
  accept: defineEndpoint({
    method: 'POST',
    path: `${base}/accept/:id`,
    access: { permission: RemotePerm.expert },
    params: idParamSchema,
    body: acceptSchema,
    response: okResponse,
    summary: { 'zh-CN': '专家接诊并确定时间', en: 'An expert takes it over and sets the time' },
  }),
  start: step('start', RemotePerm.expert, '开始会诊', 'Starts the session'),
  reject: defineEndpoint({
    method: 'POST',
    path: `${base}/reject/:id`,
    access: { permission: RemotePerm.expert },
    params: idParamSchema,
    body: reasonSchema,
    response: okResponse,
    summary: { 'zh-CN': '拒绝会诊（需填写原因）', en: 'Rejects it, with a reason' },
  }),
  cancel: defineEndpoint({
    method: 'POST',
    path: `${base}/cancel/:id`,
    access: { permission: RemotePerm.request },
    params: idParamSchema,
    body: optionalReasonSchema,
    response: okResponse,
    summary: { 'zh-CN': '撤销会诊申请', en: 'Cancels the request' },
  }),
  recordCameraGroup: defineEndpoint({
    method: 'POST',
    path: `${base}/recordCameraGroup/:id/:cameraGroupId/:type`,
    access: { permission: RemotePerm.list },
    params: recordCameraGroupParamsSchema,
    response: okResponse,
    summary: { 'zh-CN': '关联摄像头分组', en: 'Attaches a camera group' },
  }),
  settings: defineEndpoint({
    method: 'GET',
    path: `${base}/settings`,
    access: { permission: RemotePerm.settings },
    response: z.strictObject({ data: remoteSettingsSchema }),
    summary: { 'zh-CN': '远程会诊设置', en: 'Consultation settings' },
  }),
  saveSettings: defineEndpoint({
    method: 'POST',
    path: `${base}/settings`,
    access: { permission: RemotePerm.settings },
    body: remoteSettingsSchema,
    response: okResponse,
    summary: { 'zh-CN': '保存远程会诊设置', en: 'Saves the consultation settings' },
  }),
  saveReport: defineEndpoint({
    method: 'POST',
    path: `${report}/save`,
    access: { permission: RemotePerm.expert },
    body: reportSaveSchema,
    response: okResponse,
    summary: { 'zh-CN': '保存会诊报告草稿', en: 'Saves the report draft' },
  }),
  queryReport: defineEndpoint({
    method: 'POST',
    path: `${report}/query`,
    access: 'session',
    body: reportQuerySchema,
    response: z.strictObject({ data: reportAnswerSchema }),
    summary: { 'zh-CN': '会诊报告（草稿与已签版本）', en: 'The report: draft and signed versions' },
  }),
  reportPdf: defineEndpoint({
    method: 'GET',
    // the consultation's id, as the report query takes it: the PDF is of the report in force (or the unsigned draft)
    path: `${report}/pdf/:id`,
    access: 'session',
    params: idParamSchema,
    kind: 'download',
    response: fileResponse,
    summary: {
      'zh-CN': '会诊报告 PDF（现行版本；未签名时为草稿）',
      en: 'The report as PDF (the version in force; an unsigned draft marked so)',
    },
  }),
  signReport: defineEndpoint({
    method: 'POST',
    path: `${report}/sign/:id`,
    access: { permission: RemotePerm.expert },
    params: idParamSchema,
    body: reportSignSchema,
    response: okResponse,
    summary: { 'zh-CN': '专家签署会诊报告', en: 'The expert signs the report' },
  }),
  reviseReport: step(
    'revise',
    RemotePerm.expert,
    '修订已签报告（新版本取代旧版本）',
    'Revises a signed report (a new version supersedes it)',
    report,
  ),
  countersign: defineEndpoint({
    method: 'POST',
    path: `${report}/countersign/:id`,
    access: { permission: RemotePerm.request },
    params: idParamSchema,
    response: okResponse,
    summary: { 'zh-CN': '邀请方签收会诊报告', en: 'The inviting side countersigns the report' },
  }),
  // The expert's proposals (treat-project, assess-project): proposed on a consultation's id, decided on a
  // proposal's id; a consultation or proposal the caller may not see answers code 1 as elsewhere.
  proposals: defineEndpoint({
    method: 'GET',
    path: `${proposal}/list/:id`,
    access: 'session',
    params: idParamSchema,
    query: proposalKindQuerySchema,
    response: z.strictObject({ data: proposalListSchema }),
    summary: { 'zh-CN': '专家建议的治疗项目或评估', en: "The expert's proposed treatment projects or assessments" },
  }),
  proposalCatalogue: defineEndpoint({
    method: 'GET',
    path: `${proposal}/catalogue/:id`,
    access: { permission: RemotePerm.expert },
    params: idParamSchema,
    query: proposalKindQuerySchema,
    response: z.strictObject({ data: z.array(proposalCatalogueItemSchema) }),
    summary: {
      'zh-CN': '邀请方的治疗项目模板或评估量表（供专家建议）',
      en: "The inviting organization's project templates or assessment methods, to propose from",
    },
  }),
  propose: defineEndpoint({
    method: 'POST',
    path: `${proposal}/propose/:id`,
    access: { permission: RemotePerm.expert },
    params: idParamSchema,
    body: proposeSchema,
    response: z.strictObject({ data: z.strictObject({ id: z.number().int() }) }),
    summary: { 'zh-CN': '专家建议治疗项目或评估', en: 'The expert proposes a treatment project or an assessment' },
  }),
  withdrawProposal: step('withdraw', RemotePerm.expert, '专家撤回建议', 'The expert withdraws a proposal', proposal),
  acceptProposal: defineEndpoint({
    method: 'POST',
    path: `${proposal}/accept/:id`,
    access: { permission: RemotePerm.request },
    params: idParamSchema,
    body: proposalAcceptSchema,
    response: z.strictObject({ data: z.strictObject({ recordId: z.number().int() }) }),
    summary: {
      'zh-CN': '邀请方采纳建议（开具治疗项目或新建评定）',
      en: 'The inviting side accepts a proposal (prescribes the project or plans the assessment)',
    },
  }),
  declineProposal: defineEndpoint({
    method: 'POST',
    path: `${proposal}/decline/:id`,
    access: { permission: RemotePerm.request },
    params: idParamSchema,
    body: reasonSchema,
    response: okResponse,
    summary: { 'zh-CN': '邀请方不采纳建议（需填写原因）', en: 'The inviting side declines a proposal, with a reason' },
  }),
  // The live video call of a consultation (its participants only: the inviting organization's staff who see it, and
  // its expert); a consultation the caller may not see answers code 1 as elsewhere.
  callInfo: defineEndpoint({
    method: 'GET',
    path: `${base}/call/info/:id`,
    access: 'session',
    params: idParamSchema,
    response: z.strictObject({ data: callInfoSchema }),
    summary: { 'zh-CN': '视频会诊：参与者与通话记录', en: 'The video call: participants and call records' },
  }),
  callIce: defineEndpoint({
    method: 'GET',
    path: `${base}/call/ice/:id`,
    access: 'session',
    params: idParamSchema,
    response: z.strictObject({ data: callIceSchema }),
    summary: {
      'zh-CN': '视频会诊：ICE/TURN 服务器与临时凭据',
      en: 'The video call: ICE servers and short-lived TURN credentials',
    },
  }),
  callJoin: defineEndpoint({
    method: 'POST',
    path: `${base}/call/join/:id`,
    access: 'session',
    params: idParamSchema,
    response: okResponse,
    summary: {
      'zh-CN': '进入视频会诊（专家直接入会，其他人在等候室）',
      en: 'Joins the call (the expert at once, others wait in the lobby)',
    },
  }),
  callAdmit: defineEndpoint({
    method: 'POST',
    path: `${base}/call/admit/:id`,
    access: 'session',
    params: idParamSchema,
    body: callAdmitSchema,
    response: okResponse,
    summary: { 'zh-CN': '专家允许等候者入会', en: 'The expert admits someone from the lobby' },
  }),
  callLeave: defineEndpoint({
    method: 'POST',
    path: `${base}/call/leave/:id`,
    access: 'session',
    params: idParamSchema,
    response: okResponse,
    summary: { 'zh-CN': '离开视频会诊', en: 'Leaves the call' },
  }),
  callSignal: defineEndpoint({
    method: 'POST',
    path: `${base}/call/signal/:id`,
    access: 'session',
    params: idParamSchema,
    body: callSignalSchema,
    response: okResponse,
    summary: { 'zh-CN': '视频会诊信令（转发给另一参与者）', en: 'A call signal, passed on to another participant' },
  }),
};
