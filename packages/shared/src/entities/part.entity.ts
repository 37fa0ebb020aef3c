import { NAME_EN_FIELD, NAME_FIELD, REMARK_FIELD, SORT_FIELD } from './fields';
import type { EntityDescriptor } from './types';

/** Body part (部位) a treatment project works on. */
export const partEntity: EntityDescriptor = {
  name: 'part',
  label: { 'zh-CN': '部位', en: 'Body part' },
  api: '/sys/part',
  route: '/maintainTreat/part',
  group: 'maintainTreat',
  perm: 'sys:part',
  fields: [
    { ...NAME_FIELD, label: { 'zh-CN': '部位名称', en: 'Body part name' } },
    NAME_EN_FIELD,
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
