import { NAME_EN_FIELD, NAME_FIELD, REMARK_FIELD, SORT_FIELD } from './fields';
import type { EntityDescriptor } from './types';

/** Equipment category (设备类别). */
export const equipmentTypeEntity: EntityDescriptor = {
  name: 'equipmentType',
  label: { 'zh-CN': '设备类别', en: 'Equipment category' },
  api: '/sys/equipmenttype',
  route: '/maintainTreat/equipment-type',
  group: 'maintainTreat',
  perm: 'sys:equipmenttype',
  fields: [
    { ...NAME_FIELD, label: { 'zh-CN': '类别名称', en: 'Category name' } },
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
