import { NAME_EN_FIELD, NAME_FIELD, REMARK_FIELD, SORT_FIELD } from './fields';
import type { EntityDescriptor } from './types';

/**
 * Patient type (患者类型): outpatient, inpatient ... The spec lists its calls (/sys/patienttype) but no screen
 * route; it lives with the other patient dictionaries under system maintenance.
 */
export const patientTypeEntity: EntityDescriptor = {
  name: 'patientType',
  label: { 'zh-CN': '患者类型', en: 'Patient type' },
  api: '/sys/patienttype',
  route: '/maintainSystem/patientType',
  group: 'maintainSystem',
  perm: 'sys:patienttype',
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
