import { z } from 'zod';
import { idParamSchema, idSchema } from '../schemas/common.schema';
import {
  ReferralPerm,
  checkInSchema,
  comboBoxSchema,
  executiveCodeSchema,
  executiveOrdersSchema,
  executiveProjectSchema,
  handleStateSchema,
  myReferralSchema,
  orderDetailSchema,
  orderOptionSchema,
  orderProjectOptionSchema,
  orderRowSchema,
  orderTeamSchema,
  patientDayScheduleSchema,
  patientReferralSchema,
  patientSchedulingSchema,
  projectSelectSchema,
  referralListSchema,
  referralRemarkSchema,
  staffSelectQuerySchema,
  todayListSchema,
  treatRecordSchema,
  treatmentEquipmentSchema,
  treatmentRecordQuerySchema,
  treatmentRecordSchema,
  uploadConfirmationQuerySchema,
  workbenchOrdersSchema,
} from '../work-orders/referral.schema';
import { defineEndpoint, fileResponse, pageSchema } from './endpoint';

const R = '/sys/referral';
const orderPage = z.strictObject({ data: pageSchema(orderRowSchema) });
const options = z.strictObject({ data: z.array(orderOptionSchema) });
const projectOptions = z.strictObject({ data: z.array(orderProjectOptionSchema) });
const order = z.strictObject({ data: orderRowSchema });
const done = z.strictObject({});

/** A patient picker of the order lists: the patients with orders in one state. */
const patientSelect = (path: string, zh: string, en: string) =>
  defineEndpoint({
    method: 'POST',
    path: `${R}/${path}`,
    access: { permission: ReferralPerm.list },
    response: options,
    summary: { 'zh-CN': zh, en },
  });
/** A project picker of the order lists: the projects with orders in one state, optionally of one patient. */
const projectSelect = (path: string, zh: string, en: string) =>
  defineEndpoint({
    method: 'POST',
    path: `${R}/${path}`,
    access: { permission: ReferralPerm.list },
    body: projectSelectSchema,
    response: projectOptions,
    summary: { 'zh-CN': zh, en },
  });
/** Today's orders of the check-in desk, for the head therapist, the doctor or the therapist. */
const todayList = (who: 'Master' | 'Doctor' | 'Therapist', zh: string, en: string) =>
  defineEndpoint({
    method: 'POST',
    path: `${R}/today${who}List`,
    access: { permission: ReferralPerm.checkIn },
    body: todayListSchema,
    response: orderPage,
    summary: { 'zh-CN': zh, en },
  });

/** Work orders (spec section 7, Referral: a work order is a "referral" in the spec's API). */
export const workOrdersEndpoints = {
  list: defineEndpoint({
    method: 'POST',
    path: `${R}/list`,
    access: { permission: ReferralPerm.list },
    body: referralListSchema,
    response: orderPage,
    summary: { 'zh-CN': '治疗工单分页列表', en: 'One page of the work orders' },
  }),
  my: defineEndpoint({
    method: 'POST',
    path: `${R}/myReferral`,
    access: { permission: ReferralPerm.my },
    body: myReferralSchema,
    response: orderPage,
    summary: { 'zh-CN': '我的工单（未完成或已完成）', en: 'My work orders, unfinished or finished' },
  }),
  exportMy: defineEndpoint({
    method: 'POST',
    path: `${R}/exportMyReferral`,
    access: { permission: ReferralPerm.my },
    body: myReferralSchema,
    response: fileResponse,
    kind: 'download',
    summary: {
      'zh-CN': '导出我的工单（Excel，按当前筛选条件）',
      en: 'Exports my work orders with the current filters (Excel)',
    },
  }),
  workbench: defineEndpoint({
    method: 'POST',
    path: `${R}/myReferral4Workbench`,
    access: { permission: ReferralPerm.my },
    response: z.strictObject({ data: workbenchOrdersSchema }),
    summary: {
      'zh-CN': '工作台：我今日的工单数及前几条未完成工单',
      en: "The workbench: today's counts of my orders and the first unfinished ones",
    },
  }),
  doneByMe: defineEndpoint({
    method: 'POST',
    path: `${R}/doList`,
    access: { permission: ReferralPerm.my },
    body: referralListSchema,
    response: orderPage,
    summary: { 'zh-CN': '我执行过的工单', en: 'Orders I executed' },
  }),
  byPatient: defineEndpoint({
    method: 'POST',
    path: `${R}/selectReferralByPatient`,
    access: { permission: ReferralPerm.list },
    body: patientReferralSchema,
    response: orderPage,
    summary: { 'zh-CN': '某患者的工单', en: "A patient's work orders" },
  }),
  treatmentRecord: defineEndpoint({
    method: 'GET',
    path: '/sys/treatmentRecord/patient',
    access: { permission: ReferralPerm.list },
    query: treatmentRecordQuerySchema,
    response: z.strictObject({
      data: treatmentRecordSchema.extend({ orders: pageSchema(orderRowSchema) }),
    }),
    summary: {
      'zh-CN': '患者治疗记录（供医院信息系统嵌入）：疗程与已执行工单',
      en: "A patient's treatment record for the hospital system's frame: courses and executed orders",
    },
  }),
  projectsByPatient: defineEndpoint({
    method: 'POST',
    path: `${R}/selectReferralComboboxByPatient`,
    access: { permission: ReferralPerm.list },
    body: z.object({ patientId: idSchema }),
    response: projectOptions,
    summary: { 'zh-CN': '某患者工单涉及的治疗项目', en: "The projects of a patient's orders" },
  }),
  exportByPatient: defineEndpoint({
    method: 'POST',
    path: `${R}/exportReferralByPatient`,
    access: { permission: ReferralPerm.list },
    body: referralListSchema,
    response: fileResponse,
    kind: 'download',
    summary: { 'zh-CN': '导出某患者的工单（Excel）', en: "Exports a patient's orders (Excel)" },
  }),
  info: defineEndpoint({
    method: 'GET',
    path: `${R}/info/:id`,
    access: { permission: ReferralPerm.info },
    params: idParamSchema,
    response: z.strictObject({ data: orderDetailSchema }),
    summary: { 'zh-CN': '工单详情（含操作记录与签名、照片）', en: 'One work order with its history and files' },
  }),
  file: defineEndpoint({
    method: 'GET',
    path: `${R}/file/:id`,
    access: { permission: ReferralPerm.info },
    params: idParamSchema,
    response: fileResponse,
    kind: 'download',
    summary: { 'zh-CN': '工单的签名或照片', en: 'A signature or photo of an order' },
  }),
  handleState: defineEndpoint({
    method: 'PUT',
    path: `${R}/handleState`,
    access: { permission: ReferralPerm.handle },
    body: handleStateSchema,
    response: z.strictObject({ data: z.strictObject({ count: z.number().int() }) }),
    summary: {
      'zh-CN': '处理工单：执行、授权、取消授权、作废、撤回（单条或批量）',
      en: 'Executes, authorizes, un-authorizes, invalidates or withdraws orders (one or a batch)',
    },
  }),
  upload: defineEndpoint({
    method: 'PUT',
    path: `${R}/uploadReferralConfirmation`,
    access: { permission: ReferralPerm.upload },
    query: uploadConfirmationQuerySchema,
    response: z.strictObject({ data: z.strictObject({ fileIds: z.array(z.number().int()) }) }),
    kind: 'upload',
    summary: { 'zh-CN': '上传患者签名或治疗照片', en: "Uploads the patient's signature or a photo" },
  }),
  remark: defineEndpoint({
    method: 'PUT',
    path: `${R}/updateReferralRemark`,
    access: { permission: ReferralPerm.remark },
    body: referralRemarkSchema,
    response: done,
    summary: { 'zh-CN': '修改工单备注', en: "Changes an order's remark" },
  }),
  teams: defineEndpoint({
    method: 'POST',
    path: `${R}/getTreatmentTeamAndTherapists`,
    access: { permission: ReferralPerm.handle },
    response: z.strictObject({ data: z.array(orderTeamSchema) }),
    summary: {
      'zh-CN': '治疗小组及其治疗师（授权用）',
      en: 'The therapist groups and their therapists (to authorize)',
    },
  }),
  incompletePatients: patientSelect(
    'incompletePatientSelectList',
    '有未完成工单的患者',
    'Patients with unfinished orders',
  ),
  completePatients: patientSelect('completePatientSelectList', '有已完成工单的患者', 'Patients with completed orders'),
  overduePatients: patientSelect('overduePatientSelectList', '有过期工单的患者', 'Patients with expired orders'),
  cancelPatients: patientSelect('cancelPatientSelectList', '有作废工单的患者', 'Patients with invalidated orders'),
  overdueProjects: projectSelect('overdueProjectSelectList', '有过期工单的项目', 'Projects with expired orders'),
  cancelProjects: projectSelect('cancelProjectSelectList', '有作废工单的项目', 'Projects with invalidated orders'),
  incomplete: defineEndpoint({
    method: 'POST',
    path: `${R}/selectIncompleteReferral`,
    access: { permission: ReferralPerm.list },
    body: referralListSchema.extend({ limit: referralListSchema.shape.limit.default(20) }),
    response: orderPage,
    summary: {
      'zh-CN': '截至今日的未完成工单（每页 20 条）',
      en: 'Unfinished orders up to today (20 a page)',
    },
  }),
  incompletePatientsUpToToday: patientSelect(
    'selectPatient4IncompleteReferral',
    '有未完成工单的患者（未完成工单页）',
    'Patients with unfinished orders (the unfinished orders screen)',
  ),
  exportIncomplete: defineEndpoint({
    method: 'POST',
    path: `${R}/exportIncompleteReferral`,
    access: { permission: ReferralPerm.list },
    body: referralListSchema,
    response: fileResponse,
    kind: 'download',
    summary: { 'zh-CN': '导出未完成工单（Excel）', en: 'Exports the unfinished orders (Excel)' },
  }),
  todayMaster: todayList('Master', '今日工单（治疗师长）', "Today's orders (head therapist)"),
  todayDoctor: todayList('Doctor', '今日工单（医生）', "Today's orders (doctor)"),
  todayTherapist: todayList('Therapist', '今日工单（治疗师）', "Today's orders (therapist)"),
  checkIn: defineEndpoint({
    method: 'POST',
    path: `${R}/checkIn`,
    access: { permission: ReferralPerm.checkIn },
    body: checkInSchema,
    response: done,
    summary: { 'zh-CN': '患者签到（今日工单）', en: "Patient check-in for today's orders" },
  }),
  equipment: defineEndpoint({
    method: 'POST',
    path: `${R}/TreatmentEquipment`,
    access: { permission: ReferralPerm.equipment },
    body: treatmentEquipmentSchema,
    response: order,
    summary: { 'zh-CN': '设置工单使用的设备（null 清除）', en: 'The equipment used for an order (null clears it)' },
  }),
  treatRecord: defineEndpoint({
    method: 'POST',
    path: `${R}/editTreatRecord`,
    access: { permission: ReferralPerm.record },
    body: treatRecordSchema,
    response: order,
    summary: { 'zh-CN': '填写治疗记录', en: 'The treatment record of an executed order' },
  }),
  comboBox: defineEndpoint({
    method: 'POST',
    path: `${R}/queryComboBox`,
    access: { permission: ReferralPerm.list },
    body: comboBoxSchema,
    response: options,
    summary: {
      'zh-CN': '工单筛选选项：1 项目、2 患者、3 设备、4 治疗师',
      en: 'Option lists of the order filters: 1 projects, 2 patients, 3 equipment, 4 therapists',
    },
  }),
  doctorComboBox: defineEndpoint({
    method: 'POST',
    path: `${R}/selectDoctorComboBox`,
    access: { permission: ReferralPerm.list },
    response: options,
    summary: { 'zh-CN': '开具工单的医生', en: 'The doctors of the orders' },
  }),
  therapistSelect: defineEndpoint({
    method: 'GET',
    path: `${R}/querySelectTh`,
    access: { permission: ReferralPerm.list },
    query: staffSelectQuerySchema,
    response: options,
    summary: {
      'zh-CN': '治疗师选项（1 全部，2 今日有工单者）',
      en: 'Therapist options (1 every one, 2 those with orders today)',
    },
  }),
  doctorSelect: defineEndpoint({
    method: 'GET',
    path: `${R}/querySelectDoctor`,
    access: { permission: ReferralPerm.list },
    query: staffSelectQuerySchema,
    response: options,
    summary: {
      'zh-CN': '医生选项（1 全部，2 今日有工单者）',
      en: 'Doctor options (1 every one, 2 those with orders today)',
    },
  }),
  patientTherapists: defineEndpoint({
    method: 'POST',
    path: `${R}/querySelectTh4PatientScheduling`,
    access: { permission: ReferralPerm.checkIn },
    body: patientSchedulingSchema,
    response: options,
    summary: { 'zh-CN': '某患者当日排班的治疗师', en: "The therapists of a patient's bookings of a day" },
  }),
  patientScheduling: defineEndpoint({
    method: 'POST',
    path: `${R}/getTodayPatientScheduling`,
    access: { permission: ReferralPerm.checkIn },
    body: patientSchedulingSchema,
    response: z.strictObject({ data: patientDayScheduleSchema }),
    summary: { 'zh-CN': '某患者当日的排班', en: "A patient's bookings of a day" },
  }),
  projectByCode: defineEndpoint({
    method: 'POST',
    path: '/sys/recoveryproject/selectProjectByExecutiveCode',
    access: { permission: ReferralPerm.scan },
    body: executiveCodeSchema,
    response: z.strictObject({ data: executiveProjectSchema }),
    summary: { 'zh-CN': '按执行码查找治疗项目', en: 'The project of an executive code' },
  }),
  createByCode: defineEndpoint({
    method: 'POST',
    path: '/sys/recoveryproject/createReferralByExecutiveCode',
    access: { permission: ReferralPerm.scan },
    body: executiveCodeSchema,
    response: z.strictObject({ data: executiveOrdersSchema }),
    summary: {
      'zh-CN': '扫执行码：取该项目今日工单（没有则生成一条）',
      en: "Scanning an executive code: today's orders of the project (one created when it had none)",
    },
  }),
};
