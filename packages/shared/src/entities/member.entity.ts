import { NAME_EN_FIELD, NAME_FIELD, REMARK_FIELD, SORT_FIELD, STATUS_FIELD } from './fields';
import type { EntityDescriptor } from './types';

/**
 * Member (会员等级): a membership level the clinic offers, with its fee, how long it lasts and the discount its
 * members get on treatment (spec section 5: member price above 0 up to 100000; discount 0.1-9.9, read as 折).
 */
export const memberEntity: EntityDescriptor = {
  name: 'member',
  label: { 'zh-CN': '会员等级', en: 'Membership level' },
  api: '/sys/member',
  route: '/maintainSystem/member',
  group: 'maintainSystem',
  perm: 'sys:member',
  fields: [
    { ...NAME_FIELD, label: { 'zh-CN': '等级名称', en: 'Level name' } },
    NAME_EN_FIELD,
    {
      name: 'price',
      type: 'decimal',
      label: { 'zh-CN': '会员价（元）', en: 'Membership fee (CNY)' },
      required: true,
      min: 0.01,
      max: 100000,
      scale: 2,
    },
    {
      name: 'validDays',
      type: 'int',
      label: { 'zh-CN': '有效期（天）', en: 'Valid for (days)' },
      required: true,
      min: 1,
      max: 9999,
    },
    {
      name: 'discount',
      type: 'decimal',
      label: { 'zh-CN': '治疗折扣（折）', en: 'Discount (tenths)' },
      required: true,
      min: 0.1,
      max: 9.9,
      scale: 1,
    },
    STATUS_FIELD,
    REMARK_FIELD,
    SORT_FIELD,
  ],
  columns: [
    { field: 'name', fixed: 'left', width: 140 },
    { field: 'nameEn', width: 150 },
    { field: 'price', width: 150 },
    { field: 'validDays', width: 130 },
    { field: 'discount', width: 140 },
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
