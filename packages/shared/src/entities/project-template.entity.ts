import { FREQUENCY_FIELD, NAME_EN_FIELD, NAME_FIELD, REMARK_FIELD, SORT_FIELD, STATUS_FIELD } from './fields';
import type { EntityDescriptor } from './types';

const text = (zh: string, en: string) => ({ 'zh-CN': zh, en });

/**
 * Treatment project template (治疗项目): what a doctor prescribes, with the defaults a prescription starts from
 * (unit price, dosage unit, duration, frequency, days, long or short term, bedside, equipment, linked charge).
 * Frequency: 1/2, 1/3, 1/7 or a whole number 1-9999 (spec section 5). Prices 0.01-99999.99.
 */
export const projectTemplateEntity: EntityDescriptor = {
  name: 'projectTemplate',
  label: text('治疗项目', 'Treatment project'),
  api: '/sys/projecttemplate',
  route: '/maintainTreat/template',
  group: 'maintainTreat',
  perm: 'sys:projecttemplate',
  fields: [
    { ...NAME_FIELD, label: text('项目名称', 'Project name') },
    NAME_EN_FIELD,
    {
      name: 'code',
      type: 'string',
      label: text('项目编码', 'Project code'),
      max: 20,
      pattern: { regex: '^[A-Za-z0-9-]+$', message: 'validation.alphanumeric' },
    },
    {
      name: 'projectType',
      type: 'enum',
      label: text('项目类型', 'Project type'),
      required: true,
      options: [
        { value: 1, label: text('物理治疗', 'Physical therapy') },
        { value: 2, label: text('作业治疗', 'Occupational therapy') },
        { value: 3, label: text('言语吞咽治疗', 'Speech and swallowing') },
        { value: 4, label: text('传统康复', 'Traditional Chinese rehab') },
        { value: 5, label: text('其他', 'Other') },
      ],
    },
    {
      name: 'unitPrice',
      type: 'decimal',
      label: text('单价（元）', 'Unit price'),
      required: true,
      min: 0.01,
      max: 99999.99,
      scale: 2,
    },
    { name: 'unitId', type: 'ref', entity: 'unit', label: text('剂量单位', 'Dosage unit'), required: true },
    { name: 'duration', type: 'int', label: text('时长（分钟）', 'Duration (min)'), required: true, min: 1, max: 9999 },
    { ...FREQUENCY_FIELD, required: true },
    { name: 'times', type: 'int', label: text('默认天数', 'Default days'), required: true, min: 1, max: 9999 },
    {
      name: 'shortLong',
      type: 'enum',
      label: text('长期/临时', 'Long or short term'),
      required: true,
      default: 1,
      options: [
        { value: 1, label: text('长期', 'Long term') },
        { value: 2, label: text('临时', 'Short term') },
      ],
    },
    { name: 'bedside', type: 'bool', label: text('床旁', 'Bedside') },
    { name: 'equipmentId', type: 'ref', entity: 'equipment', label: text('治疗设备', 'Equipment') },
    { name: 'linkName', type: 'string', label: text('关联收费项', 'Linked charge'), max: 50 },
    {
      name: 'linkPrice',
      type: 'decimal',
      label: text('关联收费价格', 'Linked charge price'),
      min: 0.01,
      max: 99999.99,
      scale: 2,
    },
    {
      name: 'linkMethod',
      type: 'enum',
      label: text('关联收费方式', 'Linked charge method'),
      options: [
        { value: 1, label: text('手动', 'Manual') },
        { value: 2, label: text('自动', 'Automatic') },
      ],
    },
    STATUS_FIELD,
    REMARK_FIELD,
    SORT_FIELD,
  ],
  columns: [
    { field: 'name', fixed: 'left', width: 180 },
    { field: 'nameEn', width: 180 },
    { field: 'code', width: 110 },
    { field: 'projectType', width: 130 },
    { field: 'unitPrice', width: 110 },
    { field: 'unitId', width: 100 },
    { field: 'duration', width: 120 },
    { field: 'frequency', width: 110 },
    { field: 'times', width: 100 },
    { field: 'shortLong', width: 110 },
    { field: 'bedside', width: 80 },
    { field: 'equipmentId', width: 140 },
    { field: 'linkName', width: 140 },
    { field: 'linkPrice', width: 130 },
    { field: 'status', width: 90 },
    { field: 'sort', width: 80 },
  ],
  search: ['name', 'projectType', 'status'],
  unique: ['name'],
  display: 'name',
  selectWhere: { status: 1 },
  pinyin: true,
};
