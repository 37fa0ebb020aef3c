import { NAME_EN_FIELD, NAME_FIELD, REMARK_FIELD, SORT_FIELD, STATUS_FIELD } from './fields';
import type { EntityDescriptor } from './types';

/**
 * Place (场地): a room or area where treatment happens (物理治疗大厅, 水疗室, 床旁), with where it is and how many
 * patients it takes at once. Its list is `GET /sys/place/list` (spec section 7 `place/list`; under /sys like every
 * master-data call).
 */
export const placeEntity: EntityDescriptor = {
  name: 'place',
  label: { 'zh-CN': '场地', en: 'Place' },
  api: '/sys/place',
  route: '/maintainOffice/placeManage',
  group: 'maintainOffice',
  perm: 'sys:place',
  calls: { list: { method: 'GET', path: 'list' } },
  fields: [
    { ...NAME_FIELD, label: { 'zh-CN': '场地名称', en: 'Place name' } },
    NAME_EN_FIELD,
    {
      name: 'location',
      type: 'string',
      label: { 'zh-CN': '所在位置', en: 'Location' },
      max: 60,
      maxWidth: 60,
      maxChinese: 30,
    },
    { name: 'capacity', type: 'int', label: { 'zh-CN': '容纳人数', en: 'Capacity' }, min: 1, max: 9999 },
    STATUS_FIELD,
    REMARK_FIELD,
    SORT_FIELD,
  ],
  columns: [
    { field: 'name', fixed: 'left', width: 180 },
    { field: 'nameEn', width: 180 },
    { field: 'location', width: 200 },
    { field: 'capacity', width: 110 },
    { field: 'status', width: 100 },
    { field: 'remark', width: 160 },
    { field: 'sort', width: 80 },
    { field: 'updatedAt' },
  ],
  search: ['name', 'status'],
  unique: ['name'],
  display: 'name',
  selectWhere: { status: 1 },
};
