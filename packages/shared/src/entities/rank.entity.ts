import { NAME_EN_FIELD, NAME_FIELD, REMARK_FIELD, SORT_FIELD } from './fields';
import type { EntityDescriptor } from './types';

/** Rank (职称): the professional title, e.g. attending physician or supervising therapist. */
export const rankEntity: EntityDescriptor = {
  name: 'rank',
  label: { 'zh-CN': '职称', en: 'Professional title' },
  api: '/sys/rank',
  route: '/maintainOffice/rank',
  group: 'maintainOffice',
  perm: 'sys:rank',
  fields: [
    { ...NAME_FIELD, label: { 'zh-CN': '职称名称', en: 'Title name' } },
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
