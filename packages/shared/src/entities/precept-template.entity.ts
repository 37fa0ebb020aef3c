import { FREQUENCY_FIELD, NAME_EN_FIELD, NAME_FIELD, REMARK_FIELD, SORT_FIELD, STATUS_FIELD } from './fields';
import type { EntityDescriptor } from './types';

const text = (zh: string, en: string) => ({ 'zh-CN': zh, en });

/**
 * Treatment-order template (医嘱模板, /maintainPrecept/maintainPrecept): a standing or one-off order of a rehab
 * department written once and reused when a doctor writes orders ("颈椎牵引 每日1次", "卧床患者每2小时翻身").
 * It holds the order's text in both languages, its category (treatment, nursing, exercise, education,
 * precaution), whether it is a standing (长期) or one-off (临时) order, an optional default frequency (the rule of
 * the treatment projects: 1/2, 1/3, 1/7 or times a day) and the treatment project it goes with, if any. A
 * master-data entity: list, search, add, edit, delete and export come from the engine (docs/decisions.md, issue 20).
 */
export const preceptTemplateEntity: EntityDescriptor = {
  name: 'preceptTemplate',
  label: text('医嘱模板', 'Order template'),
  api: '/sys/preceptTemplate',
  route: '/maintainPrecept/maintainPrecept',
  group: 'maintainPrecept',
  perm: 'sys:preceptTemplate',
  fields: [
    { ...NAME_FIELD, label: text('模板名称', 'Template name') },
    NAME_EN_FIELD,
    {
      name: 'category',
      type: 'enum',
      label: text('医嘱类别', 'Category'),
      required: true,
      default: 1,
      options: [
        { value: 1, label: text('治疗医嘱', 'Treatment'), tone: 'processing' },
        { value: 2, label: text('护理医嘱', 'Nursing'), tone: 'success' },
        { value: 3, label: text('康复训练', 'Exercise'), tone: 'warning' },
        { value: 4, label: text('健康宣教', 'Education'), tone: 'default' },
        { value: 5, label: text('注意事项', 'Precaution'), tone: 'error' },
      ],
    },
    {
      name: 'orderKind',
      type: 'enum',
      label: text('长期/临时', 'Standing or one-off'),
      required: true,
      default: 1,
      options: [
        { value: 1, label: text('长期医嘱', 'Standing') },
        { value: 2, label: text('临时医嘱', 'One-off') },
      ],
    },
    FREQUENCY_FIELD,
    {
      name: 'projectTemplateId',
      type: 'ref',
      entity: 'projectTemplate',
      label: text('关联治疗项目', 'Treatment project'),
    },
    { name: 'content', type: 'text', label: text('医嘱内容', 'Order text'), required: true, max: 500 },
    {
      name: 'contentEn',
      type: 'text',
      label: text('医嘱内容（英文）', 'Order text (English)'),
      max: 1000,
      // the English name's rule: no Chinese characters
      pattern: NAME_EN_FIELD.pattern,
    },
    STATUS_FIELD,
    REMARK_FIELD,
    SORT_FIELD,
  ],
  columns: [
    { field: 'name', fixed: 'left', width: 180 },
    { field: 'nameEn', width: 180 },
    { field: 'category', width: 120 },
    { field: 'orderKind', width: 130 },
    { field: 'frequency', width: 110 },
    { field: 'projectTemplateId', width: 150 },
    { field: 'content', width: 260 },
    { field: 'contentEn', width: 260 },
    { field: 'status', width: 90 },
    { field: 'remark', width: 150 },
    { field: 'sort', width: 80 },
    { field: 'updatedAt', width: 170 },
  ],
  search: ['name', 'category', 'orderKind', 'status'],
  unique: ['name'],
  display: 'name',
  selectWhere: { status: 1 },
};
