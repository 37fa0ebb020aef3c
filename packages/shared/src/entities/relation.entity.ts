import { NAME_EN_FIELD, NAME_FIELD, REMARK_FIELD, SORT_FIELD } from './fields';
import type { EntityDescriptor } from './types';

/** Relation (关系) of a patient's contact person to the patient. */
export const relationEntity: EntityDescriptor = {
  name: 'relation',
  label: { 'zh-CN': '关系', en: 'Relationship' },
  api: '/sys/relation',
  route: '/maintainSystem/relation',
  group: 'maintainSystem',
  perm: 'sys:relation',
  fields: [
    { ...NAME_FIELD, label: { 'zh-CN': '关系名称', en: 'Relationship name' } },
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
  selects: [{ method: 'GET', path: 'selectRelationList' }],
};
