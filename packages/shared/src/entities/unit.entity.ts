import { NAME_EN_FIELD, NAME_FIELD, REMARK_FIELD, SORT_FIELD } from './fields';
import type { EntityDescriptor } from './types';

/** Unit (单位) of a treatment dosage: session, minute, set ... */
export const unitEntity: EntityDescriptor = {
  name: 'unit',
  label: { 'zh-CN': '单位', en: 'Unit' },
  api: '/sys/unit',
  route: '/maintainSystem/unit',
  group: 'maintainSystem',
  perm: 'sys:unit',
  fields: [
    { ...NAME_FIELD, label: { 'zh-CN': '单位名称', en: 'Unit name' }, max: 16, maxWidth: 16 },
    { ...NAME_EN_FIELD, max: 32 },
    REMARK_FIELD,
    SORT_FIELD,
  ],
  columns: [
    { field: 'name' },
    { field: 'nameEn' },
    { field: 'remark' },
    { field: 'sort', width: 90 },
    { field: 'updatedAt' },
  ],
  search: ['name'],
  unique: ['name'],
  display: 'name',
};
