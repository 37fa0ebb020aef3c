import { NAME_EN_FIELD, NAME_FIELD, REMARK_FIELD, SORT_FIELD } from './fields';
import type { EntityDescriptor } from './types';

/** Profession (职业) of a patient. */
export const professionEntity: EntityDescriptor = {
  name: 'profession',
  label: { 'zh-CN': '职业', en: 'Occupation' },
  api: '/sys/profession',
  route: '/maintainSystem/profession',
  group: 'maintainSystem',
  perm: 'sys:profession',
  fields: [
    { ...NAME_FIELD, label: { 'zh-CN': '职业名称', en: 'Occupation name' } },
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
  selects: [{ method: 'GET', path: 'selectProfessionList' }],
};
