import { NAME_EN_FIELD, NAME_FIELD, REMARK_FIELD, SORT_FIELD } from './fields';
import type { EntityDescriptor } from './types';

/** Division of the hospital (部门), above its departments (科室). */
export const departmentEntity: EntityDescriptor = {
  name: 'department',
  label: { 'zh-CN': '部门', en: 'Division' },
  api: '/sys/department',
  route: '/maintainOffice/department',
  group: 'maintainOffice',
  perm: 'sys:department',
  fields: [
    { ...NAME_FIELD, label: { 'zh-CN': '部门名称', en: 'Division name' } },
    NAME_EN_FIELD,
    {
      name: 'phone',
      type: 'string',
      label: { 'zh-CN': '联系电话', en: 'Phone' },
      max: 20,
      // a landline: digits and separators, no letters or Chinese characters (spec section 5)
      pattern: { regex: '^[0-9+\\-() ]+$', message: 'validation.landlineFormat' },
    },
    REMARK_FIELD,
    SORT_FIELD,
  ],
  columns: [
    { field: 'name' },
    { field: 'nameEn' },
    { field: 'phone' },
    { field: 'remark' },
    { field: 'sort', width: 90 },
    { field: 'updatedAt' },
  ],
  search: ['name'],
  unique: ['name'],
  display: 'name',
};
