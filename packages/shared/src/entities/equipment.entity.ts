import { NAME_EN_FIELD, NAME_FIELD, REMARK_FIELD, SORT_FIELD, STATUS_FIELD } from './fields';
import type { EntityDescriptor } from './types';

/** Treatment equipment (设备). Only enabled equipment is offered in select lists (spec section 3). */
export const equipmentEntity: EntityDescriptor = {
  name: 'equipment',
  label: { 'zh-CN': '设备', en: 'Equipment' },
  api: '/sys/equipment',
  route: '/maintainTreat/equipment',
  group: 'maintainTreat',
  perm: 'sys:equipment',
  fields: [
    { ...NAME_FIELD, label: { 'zh-CN': '设备名称', en: 'Equipment name' } },
    NAME_EN_FIELD,
    {
      name: 'serialNumber',
      type: 'string',
      label: { 'zh-CN': '设备编号', en: 'Serial number' },
      required: true,
      max: 20,
      pattern: { regex: '^[A-Za-z0-9-]+$', message: 'validation.alphanumeric' },
    },
    {
      name: 'equipmentTypeId',
      type: 'ref',
      entity: 'equipmentType',
      label: { 'zh-CN': '设备类别', en: 'Category' },
      required: true,
    },
    { name: 'model', type: 'string', label: { 'zh-CN': '规格型号', en: 'Model' }, max: 50 },
    // an address-like text: width 60, at most 30 Chinese characters (spec section 5)
    {
      name: 'location',
      type: 'string',
      label: { 'zh-CN': '存放位置', en: 'Location' },
      max: 60,
      maxWidth: 60,
      maxChinese: 30,
    },
    STATUS_FIELD,
    { name: 'bedside', type: 'bool', label: { 'zh-CN': '可床旁使用', en: 'Usable at bedside' } },
    // lease price: above 0 up to 99999.99 (spec section 5)
    {
      name: 'leasePrice',
      type: 'decimal',
      label: { 'zh-CN': '租赁价格（元/天）', en: 'Lease price (per day)' },
      min: 0.01,
      max: 99999.99,
      scale: 2,
    },
    {
      name: 'purchaseDate',
      type: 'date',
      label: { 'zh-CN': '购置日期', en: 'Purchase date' },
      mode: 'beforeToday',
    },
    REMARK_FIELD,
    SORT_FIELD,
  ],
  columns: [
    { field: 'name', fixed: 'left', width: 180 },
    { field: 'nameEn', width: 180 },
    { field: 'serialNumber', width: 130 },
    { field: 'equipmentTypeId', width: 140 },
    { field: 'model', width: 140 },
    { field: 'location', width: 160 },
    { field: 'status', width: 90 },
    { field: 'bedside', width: 120 },
    { field: 'leasePrice', width: 150 },
    { field: 'purchaseDate', width: 120 },
    { field: 'remark', width: 160 },
    { field: 'sort', width: 80 },
    { field: 'updatedAt', width: 170 },
  ],
  search: ['name', 'equipmentTypeId', 'status'],
  unique: ['name', 'serialNumber'],
  display: 'name',
  selectWhere: { status: 1 },
  selects: [
    // enabled equipment, of one category or all
    { method: 'GET', path: 'getEquipmentList', filters: ['equipmentTypeId'] },
    // the locations already used, as suggestions for the location field
    { method: 'GET', path: 'locationSelectList', values: 'location' },
  ],
};
