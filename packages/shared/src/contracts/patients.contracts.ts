import { z } from 'zod';
import { idParamSchema, idSchema, numberFrom } from '../schemas/common.schema';
import {
  PatientPerm,
  assignSchema,
  comboIdsSchema,
  comboPageSchema,
  comboRowSchema,
  comboSaveSchema,
  courseActionSchema,
  courseRefSchema,
  diagnosisOptionSchema,
  diagnosisSearchSchema,
  dischargeSchema,
  patientDetailSchema,
  patientPageSchema,
  patientRegisterSchema,
  patientRowSchema,
  patientStaffSchema,
  patientUpdateSchema,
  projectIdsSchema,
  projectRowSchema,
  recipeQuerySchema,
  reopenSchema,
  saveRecipeSchema,
  templateOptionSchema,
  unassignedCountSchema,
  updateProjectSchema,
} from '../patients/patient.schema';
import { operationalFilterSchema, visitOfficeAmountSchema } from '../statistics/statistics.schema';
import { defineEndpoint, fileResponse, okResponse, pageSchema } from './endpoint';

/**
 * Patients, their courses and treatment projects, combo templates, and the reference searches the forms use (spec
 * section 7, Patients; section 4, course and project transitions).
 */
export const patientsEndpoints = {
  // --- reference searches and pickers -------------------------------------------------------------------------
  diseaseSearch: defineEndpoint({
    method: 'POST',
    path: '/sys/diseases/getDiseaseList',
    access: 'organization',
    body: diagnosisSearchSchema,
    response: z.strictObject({ data: z.array(diagnosisOptionSchema) }),
    summary: {
      'zh-CN': '疾病诊断检索（中英文名称包含，编码、拼音或首字母前缀），最多 50 条',
      en: 'Disease search: Chinese or English name containing, code, pinyin or initials as a prefix; up to 50 rows',
    },
  }),
  functioningSearch: defineEndpoint({
    method: 'POST',
    path: '/sys/functioning/getFunctioningList',
    access: 'organization',
    body: diagnosisSearchSchema,
    response: z.strictObject({ data: z.array(diagnosisOptionSchema) }),
    summary: {
      'zh-CN': '功能诊断检索，规则同疾病诊断，最多 50 条',
      en: 'Functional diagnosis search, as the disease search; up to 50 rows',
    },
  }),
  templateOptions: defineEndpoint({
    method: 'GET',
    path: '/sys/projecttemplate/selectBox',
    access: 'organization',
    response: z.strictObject({ data: z.array(templateOptionSchema) }),
    summary: {
      'zh-CN': '启用的治疗项目模板及其开方默认值，供开方表单选择',
      en: 'The enabled project templates with their prescription defaults, for the prescribing form',
    },
  }),
  hisTemplatePage: defineEndpoint({
    method: 'POST',
    path: '/sys/hisProjectTemplate/pageInfo',
    access: 'organization',
    body: z.strictObject({
      page: numberFrom(z.number().int().min(1)).default(1),
      // spec section 9: the hospital-system project template list is paged by 99
      limit: numberFrom(z.number().int().min(1).max(99)).default(99),
      keyword: z.string().trim().max(50).optional(),
    }),
    response: z.strictObject({
      data: pageSchema(
        z.strictObject({
          id: z.number().int(),
          code: z.string(),
          name: z.string(),
          projectType: z.number().int(),
          unitPrice: z.number(),
        }),
      ),
    }),
    summary: {
      'zh-CN': '带医院系统（HIS）收费编码的启用治疗项目，每页 99 条，可按名称或编码搜索',
      en: 'The enabled project templates that carry a hospital-system (HIS) code, 99 a page, by name or code',
    },
  }),
  comboEquipment: defineEndpoint({
    method: 'POST',
    path: '/sys/comboprojectequipment/listBox',
    access: 'organization',
    body: z.strictObject({ comboId: idSchema }),
    response: z.strictObject({
      data: z.array(
        z.strictObject({
          templateId: z.number().int(),
          projectName: z.string(),
          equipmentId: z.number().int(),
          equipmentName: z.string(),
        }),
      ),
    }),
    summary: {
      'zh-CN': '组合套餐中各治疗项目所用的设备（下拉）',
      en: 'The equipment the projects of a combo template use (a dropdown)',
    },
  }),
  staff: defineEndpoint({
    method: 'GET',
    path: '/sys/patient/staff',
    access: 'organization',
    response: z.strictObject({ data: patientStaffSchema }),
    summary: {
      'zh-CN': '本机构的治疗师、在用治疗小组、医生和科室，供选择',
      en: "The organization's therapists, therapist groups in use, doctors and offices, for the pickers",
    },
  }),

  // --- patients and courses -----------------------------------------------------------------------------------
  page: defineEndpoint({
    method: 'POST',
    path: '/sys/patient/queryOutPatientPage',
    access: { permission: PatientPerm.list },
    body: patientPageSchema,
    response: z.strictObject({ data: pageSchema(patientRowSchema) }),
    summary: {
      'zh-CN': '患者（疗程）分页列表，新登记在前，可按姓名/拼音/证件号、科室、治疗师、状态、日期等筛选',
      en: 'One page of the courses, newest first, filtered by name, pinyin or ID number, office, therapist, status, date',
    },
  }),
  info: defineEndpoint({
    method: 'GET',
    path: '/sys/patient/outPatient/:id',
    access: { permission: PatientPerm.info },
    params: idParamSchema,
    response: z.strictObject({ data: patientDetailSchema }),
    summary: {
      'zh-CN': '患者详情：基本信息及全部疗程（新的在前）',
      en: "A patient's demographics and every course, newest first",
    },
  }),
  register: defineEndpoint({
    method: 'POST',
    path: '/sys/patient/saveOutPatient',
    access: { permission: PatientPerm.save },
    body: patientRegisterSchema,
    response: z.strictObject({ data: courseRefSchema }),
    summary: {
      'zh-CN': '登记患者并开始新疗程；已知证件号沿用患者，已有进行中疗程时 409',
      en: 'Registers a patient with a new course; a known ID number reuses the patient, one with an active course is 409',
    },
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/sys/patient/updateOutPatient',
    access: { permission: PatientPerm.update },
    body: patientUpdateSchema,
    response: okResponse,
    summary: {
      'zh-CN': '修改患者及其疗程的登记信息',
      en: 'Changes the registration of a patient and one of its courses',
    },
  }),
  reopen: defineEndpoint({
    method: 'POST',
    path: '/sys/patient/registerOutPatient',
    access: { permission: PatientPerm.save },
    body: reopenSchema,
    response: z.strictObject({ data: courseRefSchema }),
    summary: {
      'zh-CN': '以既往疗程为基础为已知患者开新疗程（诊断、科室、人员及项目沿用）',
      en: 'A new course for a known patient from a previous one: its diagnoses, office, staff and projects',
    },
  }),
  cancelRegistration: defineEndpoint({
    method: 'POST',
    path: '/sys/patient/cancelRegister',
    access: { permission: PatientPerm.cancel },
    body: courseActionSchema,
    response: okResponse,
    summary: {
      'zh-CN': '取消门诊登记（尚未治疗的进行中疗程）',
      en: 'Cancels an outpatient registration (an active course not yet treated)',
    },
  }),
  endCourse: defineEndpoint({
    method: 'POST',
    path: '/sys/patient/endTreatment',
    access: { permission: PatientPerm.endCourse },
    body: courseActionSchema,
    response: okResponse,
    summary: {
      'zh-CN': '结束疗程，进行中的项目改为已完成',
      en: 'Ends a course; its projects in progress become completed',
    },
  }),
  discharge: defineEndpoint({
    method: 'POST',
    path: '/sys/patient/discharge',
    access: { permission: PatientPerm.discharge },
    body: dischargeSchema,
    response: okResponse,
    summary: {
      'zh-CN': '自指定时间出院，进行中的项目改为已完成',
      en: 'Discharges from the given time; the projects in progress become completed',
    },
  }),
  treatmentCard: defineEndpoint({
    method: 'GET',
    path: '/sys/patient/treatmentCard/:id',
    access: { permission: PatientPerm.info },
    params: idParamSchema,
    response: fileResponse,
    kind: 'download',
    summary: {
      'zh-CN': '疗程的治疗卡 PDF（卡号为条形码）',
      en: 'The treatment card of a course as a PDF, the card number as a barcode',
    },
  }),
  unassignedCount: defineEndpoint({
    method: 'POST',
    path: '/sys/patient/unAssignedCount',
    access: 'organization',
    body: unassignedCountSchema,
    response: z.strictObject({ data: z.strictObject({ unAssignedCount: z.number().int() }) }),
    summary: {
      'zh-CN': '未分配治疗师或小组的进行中项目数，可按执行科室',
      en: 'How many projects in progress have neither a therapist nor a group, optionally of some executing offices',
    },
  }),
  visitOfficeAmount: defineEndpoint({
    method: 'POST',
    path: '/sys/patient/selectVisitOfficeAndPatientAmount',
    access: { permission: PatientPerm.list },
    body: operationalFilterSchema,
    response: z.strictObject({ data: z.array(visitOfficeAmountSchema) }),
    summary: {
      'zh-CN': '各就诊科室的登记人数（门诊、住院）与在治疗疗程数，默认本月',
      en: 'Patients registered per department of the visit (outpatient, inpatient) and courses in treatment; this month by default',
    },
  }),

  // --- treatment projects -------------------------------------------------------------------------------------
  projects: defineEndpoint({
    method: 'POST',
    path: '/sys/treatment/queryRecipeDetail',
    access: { permission: PatientPerm.recipe },
    body: recipeQuerySchema,
    response: z.strictObject({ data: z.array(projectRowSchema) }),
    summary: {
      'zh-CN': '疗程的治疗项目（type 1 仅进行中，2 全部）',
      en: 'The treatment projects of a course (type 1 in progress only, 2 all)',
    },
  }),
  project: defineEndpoint({
    method: 'GET',
    path: '/sys/treatment/project/:id',
    access: { permission: PatientPerm.recipe },
    params: idParamSchema,
    response: z.strictObject({ data: projectRowSchema }),
    summary: { 'zh-CN': '治疗项目详情', en: 'One treatment project' },
  }),
  prescribe: defineEndpoint({
    method: 'POST',
    path: '/sys/treatment/savRecipe',
    access: { permission: PatientPerm.prescribe },
    body: saveRecipeSchema,
    response: z.strictObject({ data: z.strictObject({ ids: z.array(z.number().int()) }) }),
    summary: {
      'zh-CN': '为进行中的疗程开具治疗项目（一次多项），金额由服务端计算',
      en: 'Prescribes projects to an active course in one go; the amounts are computed on the server',
    },
  }),
  updateProject: defineEndpoint({
    method: 'POST',
    path: '/sys/treatment/updateProject',
    access: { permission: PatientPerm.prescribe },
    body: updateProjectSchema,
    response: okResponse,
    summary: { 'zh-CN': '修改进行中的治疗项目', en: 'Changes a project in progress' },
  }),
  endProjects: defineEndpoint({
    method: 'POST',
    path: '/sys/treatment/endProjects',
    access: { permission: PatientPerm.endProject },
    body: projectIdsSchema,
    response: okResponse,
    summary: {
      'zh-CN': '批量结束项目（均须进行中，否则全部不变）',
      en: 'Ends projects (all must be in progress, else none changes)',
    },
  }),
  disableProjects: defineEndpoint({
    method: 'POST',
    path: '/sys/treatment/disableProjects',
    access: { permission: PatientPerm.endProject },
    body: projectIdsSchema,
    response: okResponse,
    summary: {
      'zh-CN': '批量停用项目（均须进行中，否则全部不变）',
      en: 'Disables projects (all must be in progress, else none changes)',
    },
  }),
  assignTherapist: defineEndpoint({
    method: 'POST',
    path: '/sys/treatment/assignTherapist',
    access: { permission: PatientPerm.assign },
    body: assignSchema,
    response: okResponse,
    summary: {
      'zh-CN': '为尚无治疗师和小组的项目分配治疗师或治疗小组',
      en: 'Gives projects that have neither a therapist nor a group one of the two',
    },
  }),

  // --- combo templates ----------------------------------------------------------------------------------------
  comboPage: defineEndpoint({
    method: 'POST',
    path: '/sys/comboTemplate/pageInfo',
    access: { permission: PatientPerm.comboList },
    body: comboPageSchema,
    response: z.strictObject({ data: pageSchema(comboRowSchema) }),
    summary: {
      'zh-CN': '组合套餐分页列表，含项目及其默认值，可按名称搜索',
      en: 'One page of the combo templates with their items, optionally searched by name',
    },
  }),
  comboInfo: defineEndpoint({
    method: 'GET',
    path: '/sys/comboTemplate/info/:id',
    access: { permission: PatientPerm.comboList },
    params: idParamSchema,
    response: z.strictObject({ data: comboRowSchema }),
    summary: { 'zh-CN': '组合套餐详情', en: 'One combo template' },
  }),
  comboSave: defineEndpoint({
    method: 'POST',
    path: '/sys/comboTemplate/saveOrUpdate',
    access: { permission: PatientPerm.comboSave },
    body: comboSaveSchema,
    response: z.strictObject({ data: comboRowSchema }),
    summary: {
      'zh-CN': '新增或修改组合套餐及其项目；名称在机构内唯一',
      en: 'Adds or replaces a combo template and its items; names are unique in the organization',
    },
  }),
  comboDelete: defineEndpoint({
    method: 'POST',
    path: '/sys/comboTemplate/delete',
    access: { permission: PatientPerm.comboSave },
    body: comboIdsSchema,
    response: okResponse,
    summary: { 'zh-CN': '删除组合套餐', en: 'Deletes combo templates' },
  }),
};
