import { NAME_EN_FIELD, NAME_FIELD, REMARK_FIELD, SORT_FIELD } from './fields';
import type { EntityDescriptor } from './types';

/** Functional item (功能项): a function assessed and trained, grouped by domain. */
export const functionalEntity: EntityDescriptor = {
  name: 'functional',
  label: { 'zh-CN': '功能项', en: 'Functional item' },
  api: '/sys/functional',
  route: '/maintainTreat/functional',
  group: 'maintainTreat',
  perm: 'sys:functional',
  fields: [
    { ...NAME_FIELD, label: { 'zh-CN': '功能项名称', en: 'Item name' } },
    NAME_EN_FIELD,
    {
      name: 'category',
      type: 'enum',
      label: { 'zh-CN': '功能分类', en: 'Domain' },
      required: true,
      options: [
        { value: 1, label: { 'zh-CN': '运动功能', en: 'Motor' } },
        { value: 2, label: { 'zh-CN': '感觉功能', en: 'Sensory' } },
        { value: 3, label: { 'zh-CN': '言语吞咽', en: 'Speech and swallowing' } },
        { value: 4, label: { 'zh-CN': '认知心理', en: 'Cognition and mood' } },
        { value: 5, label: { 'zh-CN': '日常生活活动', en: 'Activities of daily living' } },
      ],
    },
    REMARK_FIELD,
    SORT_FIELD,
  ],
  columns: [
    { field: 'name' },
    { field: 'nameEn' },
    { field: 'category' },
    { field: 'remark' },
    { field: 'sort', width: 90 },
    { field: 'updatedAt' },
  ],
  search: ['name', 'category'],
  unique: ['name'],
  display: 'name',
};
