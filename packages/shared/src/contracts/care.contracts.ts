import { z } from 'zod';
import { idNameSchema, idParamSchema } from '../schemas/common.schema';
import {
  TubePerm,
  tubeCareSchema,
  tubeDetailSchema,
  tubePageQuerySchema,
  tubeRemoveSchema,
  tubeRowSchema,
  tubeSaveSchema,
} from '../care/tubes.schema';
import {
  LeasePerm,
  equipmentOptionSchema,
  leasePageQuerySchema,
  leaseReturnSchema,
  leaseRowSchema,
  leaseSaveSchema,
} from '../care/leases.schema';
import { defineEndpoint, okResponse, pageSchema } from './endpoint';

const patientQuerySchema = z.object({ keyword: z.string().trim().max(30).default('') });

/** Tube and catheter care (/pipeline/pipeline-manage, /pipeline/pipeline-detail/...). */
export const tubesEndpoints = {
  page: defineEndpoint({
    method: 'POST',
    path: '/sys/pipeline/page',
    access: { permission: TubePerm.list },
    body: tubePageQuerySchema,
    response: z.strictObject({ data: pageSchema(tubeRowSchema) }),
    summary: { 'zh-CN': '管路列表', en: 'Tubes and catheters' },
  }),
  info: defineEndpoint({
    method: 'GET',
    path: '/sys/pipeline/info/:id',
    access: { permission: TubePerm.list },
    params: idParamSchema,
    response: z.strictObject({ data: tubeDetailSchema }),
    summary: { 'zh-CN': '管路详情与护理记录', en: 'A tube with its care records' },
  }),
  save: defineEndpoint({
    method: 'POST',
    path: '/sys/pipeline/save',
    access: { permission: TubePerm.save },
    body: tubeSaveSchema,
    response: z.strictObject({ data: z.strictObject({ id: z.number().int() }) }),
    summary: { 'zh-CN': '登记置管', en: 'Record a tube placed' },
  }),
  care: defineEndpoint({
    method: 'POST',
    path: '/sys/pipeline/care',
    access: { permission: TubePerm.care },
    body: tubeCareSchema,
    response: okResponse,
    summary: { 'zh-CN': '记录管路护理与拔管风险', en: 'Record care and the risk of unplanned removal' },
  }),
  remove: defineEndpoint({
    method: 'POST',
    path: '/sys/pipeline/remove',
    access: { permission: TubePerm.care },
    body: tubeRemoveSchema,
    response: okResponse,
    summary: { 'zh-CN': '拔管', en: 'Remove a tube' },
  }),
  patients: defineEndpoint({
    method: 'GET',
    path: '/sys/pipeline/patients',
    access: { permission: TubePerm.list },
    query: patientQuerySchema,
    response: z.strictObject({ data: z.array(idNameSchema) }),
    summary: { 'zh-CN': '按姓名或拼音查找患者', en: 'Patients by name or pinyin' },
  }),
};

/** Equipment lease to patients (/customerService/lease). */
export const leasesEndpoints = {
  page: defineEndpoint({
    method: 'POST',
    path: '/sys/lease/page',
    access: { permission: LeasePerm.list },
    body: leasePageQuerySchema,
    response: z.strictObject({ data: pageSchema(leaseRowSchema) }),
    summary: { 'zh-CN': '设备租赁单', en: 'Equipment leases' },
  }),
  save: defineEndpoint({
    method: 'POST',
    path: '/sys/lease/save',
    access: { permission: LeasePerm.save },
    body: leaseSaveSchema,
    response: z.strictObject({ data: z.strictObject({ id: z.number().int() }) }),
    summary: { 'zh-CN': '新建租赁单', en: 'Lease equipment to a patient' },
  }),
  return: defineEndpoint({
    method: 'POST',
    path: '/sys/lease/return',
    access: { permission: LeasePerm.return },
    body: leaseReturnSchema,
    response: z.strictObject({ data: leaseRowSchema }),
    summary: { 'zh-CN': '归还设备并结算租金', en: 'Take the equipment back and settle the rent' },
  }),
  equipment: defineEndpoint({
    method: 'GET',
    path: '/sys/lease/equipment',
    access: { permission: LeasePerm.list },
    response: z.strictObject({ data: z.array(equipmentOptionSchema) }),
    summary: { 'zh-CN': '可租赁的设备（启用且有租赁价格、未租出）', en: 'Equipment that can be leased' },
  }),
  patients: defineEndpoint({
    method: 'GET',
    path: '/sys/lease/patients',
    access: { permission: LeasePerm.list },
    query: patientQuerySchema,
    response: z.strictObject({ data: z.array(idNameSchema) }),
    summary: { 'zh-CN': '按姓名或拼音查找患者', en: 'Patients by name or pinyin' },
  }),
};
