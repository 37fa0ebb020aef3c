import { NAME_EN_FIELD, NAME_FIELD, REMARK_FIELD, SORT_FIELD } from './fields';
import type { EntityDescriptor } from './types';

/** Duty (职务): the position a staff member holds, e.g. department director or chief therapist. */
export const dutyEntity: EntityDescriptor = {
  name: 'duty',
  label: { 'zh-CN': '职务', en: 'Duty' },
  api: '/sys/duty',
  route: '/maintainOffice/duty',
  group: 'maintainOffice',
  perm: 'sys:duty',
  fields: [{ ...NAME_FIELD, label: { 'zh-CN': '职务名称', en: 'Duty name' } }, NAME_EN_FIELD, REMARK_FIELD, SORT_FIELD],
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
