import { NAME_EN_FIELD, NAME_FIELD, REMARK_FIELD, SORT_FIELD } from './fields';
import type { EntityDescriptor } from './types';

/** Post small type (岗位小类): a subdivision of a post type, e.g. PT / OT / ST therapist. */
export const postSmallTypeEntity: EntityDescriptor = {
  name: 'postSmallType',
  label: { 'zh-CN': '岗位小类', en: 'Post subtype' },
  api: '/sys/postsmalltype',
  route: '/maintainOffice/postsmalltype',
  group: 'maintainOffice',
  perm: 'sys:postsmalltype',
  fields: [
    { ...NAME_FIELD, label: { 'zh-CN': '小类名称', en: 'Subtype name' } },
    NAME_EN_FIELD,
    {
      name: 'postTypeId',
      type: 'ref',
      entity: 'postType',
      label: { 'zh-CN': '岗位类型', en: 'Post type' },
      required: true,
    },
    REMARK_FIELD,
    SORT_FIELD,
  ],
  columns: [
    { field: 'name' },
    { field: 'nameEn' },
    { field: 'postTypeId' },
    { field: 'remark' },
    { field: 'sort', width: 90 },
    { field: 'updatedAt' },
  ],
  search: ['name', 'postTypeId'],
  unique: ['name'],
  display: 'name',
  // the subtypes of one post type (or all), for the post type -> subtype dropdowns
  selects: [{ method: 'GET', path: 'selectSmallTypeComboBox', filters: ['postTypeId'] }],
};
