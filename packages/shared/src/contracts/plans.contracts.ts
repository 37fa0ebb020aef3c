import { z } from 'zod';
import { idParamSchema } from '../schemas/common.schema';
import { PatientPerm } from '../patients/patient.schema';
import {
  PlanPerm,
  caseTemplateApplySchema,
  caseTemplateRowSchema,
  caseTemplateSaveSchema,
  courseCaseSaveSchema,
  linkagePageSchema,
  linkageRowSchema,
  linkageSaveSchema,
  planIdsSchema,
  prescriptionTemplateRowSchema,
  prescriptionTemplateSaveSchema,
  recommendSchema,
  recommendedPlanSchema,
  templatePageSchema,
  visitPageSchema,
  visitRowSchema,
} from '../patients/plans.schema';
import { defineEndpoint, okResponse, pageSchema } from './endpoint';

/**
 * Project linkage and the recommended plan, case templates, prescription templates and a patient's visits (spec
 * section 7, Patients: casetemplate save and list; the other paths are not shown there and follow the same pattern).
 */
export const plansEndpoints = {
  // --- project linkage (/maintainTreat/linkageProject) and the recommended plan -------------------------------
  linkagePage: defineEndpoint({
    method: 'POST',
    path: '/sys/projectLinkage/list',
    access: { permission: PlanPerm.linkageList },
    body: linkagePageSchema,
    response: z.strictObject({ data: pageSchema(linkageRowSchema) }),
    summary: {
      'zh-CN': '项目联动分页列表，可按疾病或功能诊断筛选',
      en: 'One page of the project linkages, optionally of a disease or a functional diagnosis',
    },
  }),
  linkageInfo: defineEndpoint({
    method: 'GET',
    path: '/sys/projectLinkage/info/:id',
    access: { permission: PlanPerm.linkageList },
    params: idParamSchema,
    response: z.strictObject({ data: linkageRowSchema }),
    summary: { 'zh-CN': '项目联动详情', en: 'One project linkage' },
  }),
  linkageSave: defineEndpoint({
    method: 'POST',
    path: '/sys/projectLinkage/save',
    access: { permission: PlanPerm.linkageSave },
    body: linkageSaveSchema,
    response: z.strictObject({ data: linkageRowSchema }),
    summary: {
      'zh-CN': '新增或修改项目联动；每个诊断组合一条',
      en: 'Adds or replaces a project linkage; one per pair of diagnoses',
    },
  }),
  linkageDelete: defineEndpoint({
    method: 'POST',
    path: '/sys/projectLinkage/delete',
    access: { permission: PlanPerm.linkageDelete },
    body: planIdsSchema,
    response: okResponse,
    summary: { 'zh-CN': '删除项目联动', en: 'Deletes project linkages' },
  }),
  recommend: defineEndpoint({
    method: 'POST',
    path: '/sys/patient/recommendPlan',
    access: { permission: PatientPerm.recipe },
    body: recommendSchema,
    response: z.strictObject({ data: recommendedPlanSchema }),
    summary: {
      'zh-CN': '疗程的推荐方案：按诊断组合、疾病、功能诊断联动的启用项目，各一次',
      en: "A course's recommended plan: the enabled projects linked to its diagnoses (pair, disease, function), once each",
    },
  }),

  // --- case templates -----------------------------------------------------------------------------------------
  casePage: defineEndpoint({
    method: 'POST',
    path: '/sys/casetemplate/list',
    access: { permission: PlanPerm.caseList },
    body: templatePageSchema,
    response: z.strictObject({ data: pageSchema(caseTemplateRowSchema) }),
    summary: {
      'zh-CN': '病历模板分页列表，可按名称搜索',
      en: 'One page of the case templates, optionally searched by name',
    },
  }),
  caseInfo: defineEndpoint({
    method: 'GET',
    path: '/sys/casetemplate/info/:id',
    access: { permission: PlanPerm.caseList },
    params: idParamSchema,
    response: z.strictObject({ data: caseTemplateRowSchema }),
    summary: { 'zh-CN': '病历模板详情', en: 'One case template' },
  }),
  caseSave: defineEndpoint({
    method: 'POST',
    path: '/sys/casetemplate/save',
    access: { permission: PlanPerm.caseSave },
    body: caseTemplateSaveSchema,
    response: z.strictObject({ data: caseTemplateRowSchema }),
    summary: {
      'zh-CN': '新增或修改病历模板；名称在机构内唯一',
      en: 'Adds or changes a case template; names are unique in the organization',
    },
  }),
  caseDelete: defineEndpoint({
    method: 'POST',
    path: '/sys/casetemplate/delete',
    access: { permission: PlanPerm.caseSave },
    body: planIdsSchema,
    response: okResponse,
    summary: { 'zh-CN': '删除病历模板', en: 'Deletes case templates' },
  }),
  caseApply: defineEndpoint({
    method: 'POST',
    path: '/sys/casetemplate/apply',
    // it changes the patient's course, so the patient update permission
    access: { permission: PatientPerm.update },
    body: caseTemplateApplySchema,
    response: okResponse,
    summary: {
      'zh-CN': '将病历模板的文本和诊断写入进行中的疗程',
      en: "Writes a case template's texts and diagnoses onto an active course",
    },
  }),

  courseCase: defineEndpoint({
    method: 'POST',
    path: '/sys/patient/saveCase',
    access: { permission: PatientPerm.update },
    body: courseCaseSaveSchema,
    response: okResponse,
    summary: {
      'zh-CN': '保存进行中疗程的病历：主诉、疾病与功能诊断、中医诊断、特殊说明',
      en: "Saves an active course's case: chief complaint, disease and functioning diagnoses, TCM diagnosis, notes",
    },
  }),

  // --- prescription templates ---------------------------------------------------------------------------------
  prescriptionPage: defineEndpoint({
    method: 'POST',
    path: '/sys/prescriptiontemplate/list',
    access: { permission: PlanPerm.prescriptionList },
    body: templatePageSchema,
    response: z.strictObject({ data: pageSchema(prescriptionTemplateRowSchema) }),
    summary: {
      'zh-CN': '处方模板分页列表（含项目），可按名称搜索',
      en: 'One page of the prescription templates with their items, optionally searched by name',
    },
  }),
  prescriptionInfo: defineEndpoint({
    method: 'GET',
    path: '/sys/prescriptiontemplate/info/:id',
    access: { permission: PlanPerm.prescriptionList },
    params: idParamSchema,
    response: z.strictObject({ data: prescriptionTemplateRowSchema }),
    summary: { 'zh-CN': '处方模板详情', en: 'One prescription template' },
  }),
  prescriptionSave: defineEndpoint({
    method: 'POST',
    path: '/sys/prescriptiontemplate/save',
    access: { permission: PlanPerm.prescriptionSave },
    body: prescriptionTemplateSaveSchema,
    response: z.strictObject({ data: prescriptionTemplateRowSchema }),
    summary: {
      'zh-CN': '新增或修改处方模板及其项目；名称在机构内唯一',
      en: 'Adds or replaces a prescription template and its items; names are unique in the organization',
    },
  }),
  prescriptionDelete: defineEndpoint({
    method: 'POST',
    path: '/sys/prescriptiontemplate/delete',
    access: { permission: PlanPerm.prescriptionSave },
    body: planIdsSchema,
    response: okResponse,
    summary: { 'zh-CN': '删除处方模板', en: 'Deletes prescription templates' },
  }),

  // --- outpatient visits (/outpatient/detail) -----------------------------------------------------------------
  visitPage: defineEndpoint({
    method: 'POST',
    path: '/sys/patient/queryVisitDetailsPage',
    access: { permission: PatientPerm.list },
    body: visitPageSchema,
    response: z.strictObject({ data: pageSchema(visitRowSchema) }),
    summary: {
      'zh-CN': '患者的就诊（疗程）分页列表，新的在前，含项目数、治疗次数与金额',
      en: "One page of a patient's visits (courses), newest first, with project count, sessions and price",
    },
  }),
};
