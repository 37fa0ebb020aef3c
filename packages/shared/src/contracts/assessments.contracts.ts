import { z } from 'zod';
import {
  assessAnswersSchema,
  assessAttachmentSchema,
  assessAuthorizeSchema,
  assessCourseSchema,
  assessEvaluatorSchema,
  assessIdSchema,
  assessListSchema,
  assessPatientParamSchema,
  assessPatientReportSchema,
  AssessPerm,
  assessProjectInfoSchema,
  assessProjectRowSchema,
  assessRecordResultSchema,
  assessSaveSchema,
} from '../assessments/assessment.schema';
import { idParamSchema } from '../schemas/common.schema';
import { recordSignatureSchema } from '../signatures/signature.schema';
import { defineEndpoint, fileResponse, pageSchema } from './endpoint';

const none = z.strictObject({});

/**
 * Assessment projects, their records, reports and attachments (issue 6; spec section 1 assessments, section 4
 * states, section 5 rules), under /sys/assess, and the FHIR QuestionnaireResponse of a submitted assessment.
 */
export const assessmentsEndpoints = {
  list: defineEndpoint({
    method: 'POST',
    path: '/sys/assess/list',
    access: { permission: AssessPerm.list },
    body: assessListSchema,
    response: z.strictObject({ data: pageSchema(assessProjectRowSchema) }),
    summary: {
      'zh-CN': '评定项目分页列表（全部、我评定的、授权给我的）',
      en: 'One page of the assessment projects (all, mine, authorized to me)',
    },
  }),
  exportList: defineEndpoint({
    method: 'POST',
    path: '/sys/assess/export',
    access: { permission: AssessPerm.list },
    body: assessListSchema,
    response: fileResponse,
    kind: 'download',
    summary: {
      'zh-CN': '导出评定列表（Excel，按当前筛选条件）',
      en: 'Exports the assessment list with the current filters (Excel)',
    },
  }),
  info: defineEndpoint({
    method: 'GET',
    path: '/sys/assess/info/:id',
    access: { permission: AssessPerm.info },
    params: idParamSchema,
    response: z.strictObject({ data: assessProjectInfoSchema }),
    summary: {
      'zh-CN': '评定项目详情（暂存或已提交的评定记录、附件、可做的操作）',
      en: 'One assessment project with its draft or submitted record, attachments and what the caller may do',
    },
  }),
  evaluators: defineEndpoint({
    method: 'GET',
    path: '/sys/assess/evaluators',
    access: { permission: AssessPerm.list },
    response: z.strictObject({ data: z.array(assessEvaluatorSchema) }),
    summary: {
      'zh-CN': '有评定权限的本机构人员（评定人、授权选择）',
      en: 'Members with evaluation authority (assessor and authorize pickers)',
    },
  }),
  course: defineEndpoint({
    method: 'GET',
    path: '/sys/assess/course/:id',
    access: { permission: AssessPerm.list },
    params: idParamSchema,
    response: z.strictObject({ data: assessCourseSchema }),
    summary: { 'zh-CN': '评定项目页的疗程及患者', en: 'The course and patient of the assessment project screen' },
  }),
  save: defineEndpoint({
    method: 'POST',
    path: '/sys/assess/save',
    access: { permission: AssessPerm.save },
    body: assessSaveSchema,
    response: z.strictObject({ data: z.strictObject({ ids: z.array(z.number().int()) }) }),
    summary: {
      'zh-CN': '为疗程新建评定项目（每个评定方法一个）',
      en: 'Creates assessment projects for a course, one per assessment method',
    },
  }),
  end: defineEndpoint({
    method: 'POST',
    path: '/sys/assess/end',
    access: { permission: AssessPerm.end },
    body: assessIdSchema,
    response: none,
    summary: { 'zh-CN': '结束评定项目', en: 'Ends an assessment project' },
  }),
  cancel: defineEndpoint({
    method: 'POST',
    path: '/sys/assess/cancel',
    access: { permission: AssessPerm.cancel },
    body: assessIdSchema,
    response: none,
    summary: { 'zh-CN': '取消评定项目', en: 'Cancels an assessment project' },
  }),
  authorize: defineEndpoint({
    method: 'POST',
    path: '/sys/assess/authorize',
    access: { permission: AssessPerm.authorize },
    body: assessAuthorizeSchema,
    response: none,
    summary: { 'zh-CN': '授权他人评定', en: 'Authorizes another evaluator' },
  }),
  storeTemporarily: defineEndpoint({
    method: 'POST',
    path: '/sys/assess/storeTemporarily',
    access: { permission: AssessPerm.info },
    body: assessAnswersSchema,
    response: z.strictObject({ data: assessRecordResultSchema }),
    summary: {
      'zh-CN': '暂存评定（部分作答，需评定权限）',
      en: 'Stores partial answers (evaluation authority needed)',
    },
  }),
  submit: defineEndpoint({
    method: 'POST',
    path: '/sys/assess/submit',
    access: { permission: AssessPerm.info },
    body: assessAnswersSchema,
    response: z.strictObject({ data: assessRecordResultSchema }),
    summary: {
      'zh-CN': '提交评定：必答条目齐全，由服务器按量表计分',
      en: 'Submits the assessment: every required item, scored on the server',
    },
  }),
  report: defineEndpoint({
    method: 'GET',
    path: '/sys/assess/report/:id',
    access: { permission: AssessPerm.report },
    params: idParamSchema,
    kind: 'download',
    response: fileResponse,
    summary: { 'zh-CN': '已提交评定的 PDF 报告', en: 'The PDF report of a submitted assessment' },
  }),
  sign: defineEndpoint({
    method: 'POST',
    path: '/sys/assess/sign/:id',
    access: { permission: AssessPerm.evaluate },
    params: idParamSchema,
    response: z.strictObject({ data: recordSignatureSchema }),
    summary: {
      'zh-CN': '用 CA 证书签署已提交的评定报告（重签则取代上一次签名）',
      en: 'Signs a submitted assessment report with the CA certificate (a new signature supersedes the last)',
    },
  }),
  signature: defineEndpoint({
    method: 'GET',
    path: '/sys/assess/signature/:id',
    access: { permission: AssessPerm.report },
    params: idParamSchema,
    response: z.strictObject({ data: recordSignatureSchema }),
    summary: {
      'zh-CN': '评定报告的签名及验证结果（有效 / 签署后被修改）',
      en: "The report's signature, verified: valid or modified since signing",
    },
  }),
  uploadAttachment: defineEndpoint({
    method: 'POST',
    path: '/sys/assess/attachment/upload/:id',
    access: { permission: AssessPerm.upload },
    params: idParamSchema,
    kind: 'upload',
    response: z.strictObject({ data: assessAttachmentSchema }),
    summary: {
      'zh-CN': '上传评定报告附件（multipart 字段 file，按内容检查）',
      en: 'Uploads a report attachment (multipart field `file`), checked by content',
    },
  }),
  attachment: defineEndpoint({
    method: 'GET',
    path: '/sys/assess/attachment/:id',
    access: { permission: AssessPerm.report },
    params: idParamSchema,
    kind: 'download',
    response: fileResponse,
    summary: { 'zh-CN': '下载评定报告附件', en: 'One report attachment' },
  }),
  deleteAttachment: defineEndpoint({
    method: 'POST',
    path: '/sys/assess/attachment/delete/:id',
    access: { permission: AssessPerm.upload },
    params: idParamSchema,
    response: none,
    summary: { 'zh-CN': '删除评定报告附件', en: 'Deletes a report attachment' },
  }),
  patientReport: defineEndpoint({
    method: 'GET',
    path: '/sys/assess/patientReport/:patientId',
    access: { permission: AssessPerm.list },
    params: assessPatientParamSchema,
    response: z.strictObject({ data: assessPatientReportSchema }),
    summary: {
      'zh-CN': '患者各量表历次已提交总分（患者报告图表）',
      en: "Each scale's submitted totals of a patient across phases (the patient report chart)",
    },
  }),
  fhirQuestionnaireResponse: defineEndpoint({
    method: 'GET',
    path: '/fhir/QuestionnaireResponse/:id',
    access: { permission: AssessPerm.info },
    params: idParamSchema,
    kind: 'download',
    response: fileResponse,
    summary: {
      'zh-CN': '已提交评定的 FHIR R4 QuestionnaireResponse 资源（application/fhir+json，无信封）',
      en: 'A submitted assessment as a FHIR R4 QuestionnaireResponse (bare resource, application/fhir+json)',
    },
  }),
};
