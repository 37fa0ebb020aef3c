import { NAME_EN_FIELD, NAME_FIELD, REMARK_FIELD, SORT_FIELD, STATUS_FIELD } from './fields';
import type { EntityDescriptor } from './types';

/**
 * Registered type (挂号类型) of an outpatient visit and its fee: ordinary, specialist, expert, rehabilitation
 * review. A type without a fee (free clinic) leaves the fee empty; a fee is a price (0.01-99999.99, spec section 5).
 */
export const registeredEntity: EntityDescriptor = {
  name: 'registered',
  label: { 'zh-CN': '挂号类型', en: 'Registration type' },
  api: '/sys/registered',
  route: '/maintainSystem/registered',
  group: 'maintainSystem',
  perm: 'sys:registered',
  fields: [
    { ...NAME_FIELD, label: { 'zh-CN': '挂号类型名称', en: 'Registration type name' } },
    NAME_EN_FIELD,
    {
      name: 'fee',
      type: 'decimal',
      label: { 'zh-CN': '挂号费（元）', en: 'Fee (CNY)' },
      min: 0.01,
      max: 99999.99,
      scale: 2,
    },
    STATUS_FIELD,
    REMARK_FIELD,
    SORT_FIELD,
  ],
  columns: [
    { field: 'name', fixed: 'left', width: 160 },
    { field: 'nameEn', width: 190 },
    { field: 'fee', width: 120 },
    { field: 'status', width: 90 },
    { field: 'remark', width: 160 },
    { field: 'sort', width: 80 },
    { field: 'updatedAt' },
  ],
  search: ['name', 'status'],
  unique: ['name'],
  display: 'name',
  selectWhere: { status: 1 },
};
