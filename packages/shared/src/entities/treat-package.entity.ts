import { NAME_EN_FIELD, NAME_FIELD, REMARK_FIELD, SORT_FIELD, STATUS_FIELD } from './fields';
import type { EntityDescriptor } from './types';

/**
 * Treatment package (治疗套餐): a number of sessions sold together at one price, used within a validity period
 * (e.g. "颈肩康复 10 次套餐"). Spec section 7 lists `treatPackage` list and save.
 */
export const treatPackageEntity: EntityDescriptor = {
  name: 'treatPackage',
  label: { 'zh-CN': '治疗套餐', en: 'Treatment package' },
  api: '/sys/treatPackage',
  route: '/maintainTreat/treatPackage',
  group: 'maintainTreat',
  perm: 'sys:treatPackage',
  fields: [
    { ...NAME_FIELD, label: { 'zh-CN': '套餐名称', en: 'Package name' } },
    NAME_EN_FIELD,
    {
      name: 'times',
      type: 'int',
      label: { 'zh-CN': '治疗次数', en: 'Sessions' },
      required: true,
      min: 1,
      max: 9999,
    },
    {
      name: 'price',
      type: 'decimal',
      label: { 'zh-CN': '套餐价格（元）', en: 'Price (CNY)' },
      required: true,
      min: 0.01,
      max: 99999.99,
      scale: 2,
    },
    { name: 'validDays', type: 'int', label: { 'zh-CN': '有效期（天）', en: 'Valid for (days)' }, min: 1, max: 9999 },
    {
      name: 'content',
      type: 'text',
      label: { 'zh-CN': '套餐内容', en: 'Contents' },
      max: 100,
      maxWidth: 100,
      maxChinese: 50,
    },
    STATUS_FIELD,
    REMARK_FIELD,
    SORT_FIELD,
  ],
  columns: [
    { field: 'name', fixed: 'left', width: 180 },
    { field: 'nameEn', width: 180 },
    { field: 'times', width: 110 },
    { field: 'price', width: 140 },
    { field: 'validDays', width: 130 },
    { field: 'content', width: 240 },
    { field: 'status', width: 90 },
    { field: 'remark', width: 150 },
    { field: 'sort', width: 80 },
    { field: 'updatedAt' },
  ],
  search: ['name', 'status'],
  unique: ['name'],
  display: 'name',
  selectWhere: { status: 1 },
};
