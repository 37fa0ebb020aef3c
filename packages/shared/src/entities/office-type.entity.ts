import { NAME_EN_FIELD, NAME_FIELD, REMARK_FIELD, SORT_FIELD } from './fields';
import type { EntityDescriptor } from './types';

/** Office type (科室类型): outpatient, inpatient, treatment ... The API path keeps the spec's spelling. */
export const officeTypeEntity: EntityDescriptor = {
  name: 'officeType',
  label: { 'zh-CN': '科室类型', en: 'Department type' },
  api: '/sys/officetpye',
  route: '/maintainOffice/officetype',
  group: 'maintainOffice',
  perm: 'sys:officetype',
  fields: [{ ...NAME_FIELD, label: { 'zh-CN': '类型名称', en: 'Type name' } }, NAME_EN_FIELD, REMARK_FIELD, SORT_FIELD],
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
