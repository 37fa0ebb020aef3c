import { z } from 'zod';
import { idParamSchema } from '../schemas/common.schema';
import {
  AdminPerm,
  officeListBoxQuerySchema,
  officeListQuerySchema,
  officeRowSchema,
  officeSaveSchema,
  officeUpdateSchema,
  treeOptionSchema,
} from '../schemas/admin.schema';
import { defineEndpoint, pageSchema } from './endpoint';

/** Departments of the current organization (spec section 7, Master data: office). */
export const officesEndpoints = {
  list: defineEndpoint({
    method: 'POST',
    path: '/sys/office/list',
    access: { permission: AdminPerm.officeList },
    body: officeListQuerySchema,
    response: z.strictObject({ data: pageSchema(officeRowSchema) }),
    summary: {
      'zh-CN': '科室分页列表，可按名称和科室类型筛选',
      en: 'One page of the departments, filtered by name and department type',
    },
  }),
  info: defineEndpoint({
    method: 'GET',
    path: '/sys/office/info/:id',
    access: { permission: AdminPerm.officeInfo },
    params: idParamSchema,
    response: z.strictObject({ data: officeRowSchema }),
    summary: { 'zh-CN': '科室详情', en: 'One department' },
  }),
  save: defineEndpoint({
    method: 'POST',
    path: '/sys/office/save',
    access: { permission: AdminPerm.officeSave },
    body: officeSaveSchema,
    response: z.strictObject({ data: officeRowSchema }),
    summary: { 'zh-CN': '新增科室', en: 'Adds a department' },
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/sys/office/update',
    access: { permission: AdminPerm.officeUpdate },
    body: officeUpdateSchema,
    response: z.strictObject({ data: officeRowSchema }),
    summary: { 'zh-CN': '修改科室', en: 'Changes a department' },
  }),
  remove: defineEndpoint({
    method: 'POST',
    path: '/sys/office/delete/:id',
    access: { permission: AdminPerm.officeDelete },
    params: idParamSchema,
    response: z.strictObject({}),
    summary: {
      'zh-CN': '删除没有人员和下级的科室',
      en: 'Deletes a department without staff or sub-departments',
    },
  }),
  box: defineEndpoint({
    method: 'GET',
    path: '/sys/office/listBox',
    access: 'organization',
    query: officeListBoxQuerySchema,
    response: z.strictObject({ data: z.array(treeOptionSchema) }),
    summary: {
      'zh-CN': '下拉选择用的科室（本机构或所管理的机构）',
      en: 'Departments for a dropdown: of the current organization or one the caller manages',
    },
  }),
};
