import { NAME_EN_FIELD, NAME_FIELD, REMARK_FIELD, SORT_FIELD } from './fields';
import type { EntityDescriptor } from './types';

/** Post type (岗位类型): doctor, therapist, nurse ... The code identifies it to other parts (10: doctors). */
export const postTypeEntity: EntityDescriptor = {
  name: 'postType',
  label: { 'zh-CN': '岗位类型', en: 'Post type' },
  api: '/sys/posttype',
  route: '/maintainOffice/postType',
  group: 'maintainOffice',
  perm: 'sys:posttype',
  fields: [
    { ...NAME_FIELD, label: { 'zh-CN': '类型名称', en: 'Type name' } },
    NAME_EN_FIELD,
    { name: 'code', type: 'int', label: { 'zh-CN': '类型编码', en: 'Type code' }, required: true, min: 1, max: 999 },
    REMARK_FIELD,
    SORT_FIELD,
  ],
  columns: [
    { field: 'name' },
    { field: 'nameEn' },
    { field: 'code', width: 110 },
    { field: 'remark' },
    { field: 'sort', width: 90 },
    { field: 'updatedAt' },
  ],
  search: ['name'],
  unique: ['name', 'code'],
  display: 'name',
};
