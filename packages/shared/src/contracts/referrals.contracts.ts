import { z } from 'zod';
import { idParamSchema, idSchema } from '../schemas/common.schema';
import { materialCandidateSchema, remotePatientSchema } from '../telemedicine/telemedicine.schema';
import {
  PatientReferralPerm,
  referralDetailSchema,
  referralListQuerySchema,
  referralOptionalReasonSchema,
  referralReasonSchema,
  referralRequestSchema,
  referralRowSchema,
  referralTargetSchema,
  transferPreviewSchema,
} from '../referrals/referrals.schema';
import { defineEndpoint, okResponse, pageSchema } from './endpoint';

const base = '/sys/patientReferral';

/** A step of a referral on its id (`:id`), by the holders of `permission`. */
const step = (name: string, permission: string, zh: string, en: string) =>
  defineEndpoint({
    method: 'POST',
    path: `${base}/${name}/:id`,
    access: { permission },
    params: idParamSchema,
    response: okResponse,
    summary: { 'zh-CN': zh, en },
  });

/**
 * Referral of a patient (转诊, issue 17) to another office of the organization or to a related organization, on the
 * cross-organization access model of remote consultation. A referral the caller may not see answers code 1
 * 'Referral not found', as an unknown id does.
 */
export const referralsEndpoints = {
  patients: defineEndpoint({
    method: 'GET',
    path: `${base}/patients`,
    access: { permission: PatientReferralPerm.request },
    query: z.object({ keyword: z.string().trim().max(20).optional() }),
    response: z.strictObject({ data: z.array(remotePatientSchema) }),
    summary: { 'zh-CN': '可转诊的患者', en: 'Patients who may be referred' },
  }),
  materials: defineEndpoint({
    method: 'GET',
    path: `${base}/materials`,
    access: { permission: PatientReferralPerm.request },
    query: z.object({ patientId: idSchema }),
    response: z.strictObject({ data: z.array(materialCandidateSchema) }),
    summary: { 'zh-CN': '可附带的病历资料', en: 'Record materials that may be attached' },
  }),
  targets: defineEndpoint({
    method: 'GET',
    path: `${base}/targets`,
    access: { permission: PatientReferralPerm.request },
    response: z.strictObject({ data: z.array(referralTargetSchema) }),
    summary: { 'zh-CN': '可转入的机构及科室', en: 'Organizations and offices a patient may be referred to' },
  }),
  request: defineEndpoint({
    method: 'POST',
    path: `${base}/request`,
    access: { permission: PatientReferralPerm.request },
    body: referralRequestSchema,
    response: z.strictObject({ data: z.strictObject({ id: z.number().int() }) }),
    summary: { 'zh-CN': '发起转诊', en: 'Refers a patient' },
  }),
  list: defineEndpoint({
    method: 'GET',
    path: `${base}/list`,
    access: { permission: PatientReferralPerm.list },
    query: referralListQuerySchema,
    response: z.strictObject({ data: pageSchema(referralRowSchema) }),
    summary: { 'zh-CN': '转诊记录（转出或转入）', en: 'Referrals sent or received' },
  }),
  info: defineEndpoint({
    method: 'GET',
    path: `${base}/info/:id`,
    access: { permission: PatientReferralPerm.list },
    params: idParamSchema,
    response: z.strictObject({ data: referralDetailSchema }),
    summary: { 'zh-CN': '转诊详情', en: 'One referral' },
  }),
  transferPreview: defineEndpoint({
    method: 'GET',
    path: `${base}/transferPreview/:id`,
    access: { permission: PatientReferralPerm.receive },
    params: idParamSchema,
    response: z.strictObject({ data: transferPreviewSchema }),
    summary: {
      'zh-CN': '转诊治疗接收前预览（诊断与项目的对应、剩余次数、价格）',
      en: 'What accepting a transfer would do: the mapping, the sessions and the prices',
    },
  }),
  receive: step('receive', PatientReferralPerm.receive, '转入科室接收', 'The receiving office receives it'),
  accept: step('accept', PatientReferralPerm.receive, '同意转入', 'Accepts the patient'),
  reject: defineEndpoint({
    method: 'POST',
    path: `${base}/reject/:id`,
    access: { permission: PatientReferralPerm.receive },
    params: idParamSchema,
    body: referralReasonSchema,
    response: okResponse,
    summary: { 'zh-CN': '拒绝转入（需填写原因）', en: 'Rejects it, with a reason' },
  }),
  arrive: step('arrive', PatientReferralPerm.receive, '患者已到达', 'The patient arrived'),
  complete: step('complete', PatientReferralPerm.receive, '转诊完成', 'Completes the referral'),
  cancel: defineEndpoint({
    method: 'POST',
    path: `${base}/cancel/:id`,
    access: { permission: PatientReferralPerm.request },
    params: idParamSchema,
    body: referralOptionalReasonSchema,
    response: okResponse,
    summary: { 'zh-CN': '撤销转诊', en: 'Cancels the referral' },
  }),
};
