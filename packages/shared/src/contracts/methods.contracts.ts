import { z } from 'zod';
import { idParamSchema } from '../schemas/common.schema';
import {
  methodListQuerySchema,
  MethodPerm,
  methodRowSchema,
  methodSaveSchema,
  methodScaleEntrySchema,
  methodScaleQuerySchema,
  methodUpdateProjectsSchema,
  methodUpdateSchema,
} from '../schemas/method.schema';
import { defineEndpoint, pageSchema } from './endpoint';

/** The assessment methods of the current organization (spec section 7, Master data: method). */
export const methodsEndpoints = {
  list: defineEndpoint({
    method: 'POST',
    path: '/sys/method/list',
    access: { permission: MethodPerm.list },
    body: methodListQuerySchema,
    response: z.strictObject({ data: pageSchema(methodRowSchema) }),
    summary: {
      'zh-CN': '评定方法分页列表，可按名称、量表、阶段、状态筛选',
      en: 'One page of the assessment methods, filtered by name, scale, phase or status',
    },
  }),
  info: defineEndpoint({
    method: 'GET',
    path: '/sys/method/info/:id',
    access: { permission: MethodPerm.info },
    params: idParamSchema,
    response: z.strictObject({ data: methodRowSchema }),
    summary: { 'zh-CN': '评定方法详情', en: 'One assessment method' },
  }),
  save: defineEndpoint({
    method: 'POST',
    path: '/sys/method/save',
    access: { permission: MethodPerm.save },
    body: methodSaveSchema,
    response: z.strictObject({ data: methodRowSchema }),
    summary: { 'zh-CN': '新增评定方法（选择量表）', en: 'Adds an assessment method (a scale of the catalogue)' },
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/sys/method/update',
    access: { permission: MethodPerm.update },
    body: methodUpdateSchema,
    response: z.strictObject({ data: methodRowSchema }),
    summary: { 'zh-CN': '修改评定方法（量表不可改）', en: 'Changes an assessment method (its scale is fixed)' },
  }),
  delete: defineEndpoint({
    method: 'POST',
    path: '/sys/method/delete/:id',
    access: { permission: MethodPerm.delete },
    params: idParamSchema,
    response: z.strictObject({}),
    summary: {
      'zh-CN': '删除评定方法；已有评定引用时拒绝',
      en: 'Deletes an assessment method; refused while assessments refer to it',
    },
  }),
  scales: defineEndpoint({
    method: 'GET',
    path: '/sys/method/getScaleByOrganizationId',
    access: 'organization',
    // spec section 7: the original client waits up to 300,000 ms for this call
    timeoutMs: 300_000,
    query: methodScaleQuerySchema,
    response: z.strictObject({ data: z.array(methodScaleEntrySchema) }),
    summary: {
      'zh-CN': '本机构启用的评定方法（按顺序），可按评定阶段筛选',
      en: "The organization's enabled assessment methods in order, optionally of one phase",
    },
  }),
  updateProjects: defineEndpoint({
    method: 'POST',
    path: '/sys/method/updateProjects',
    access: { permission: MethodPerm.updateProjects },
    body: methodUpdateProjectsSchema,
    response: z.strictObject({ data: z.array(methodScaleEntrySchema) }),
    summary: {
      'zh-CN': '设置启用的评定方法及顺序，其余停用',
      en: 'Sets the enabled assessment methods and their order; the others are disabled',
    },
  }),
};
