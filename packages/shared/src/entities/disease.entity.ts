import { NAME_EN_FIELD, NAME_FIELD, REMARK_FIELD, SORT_FIELD } from './fields';
import type { EntityDescriptor } from './types';

/**
 * Disease (疾病诊断) with its ICD-10 code: the disease type of a patient's treatment course. Searchable by Chinese
 * text, pinyin and pinyin initials (`pinyin`: the table keeps both spellings of the name, written on save).
 */
export const diseaseEntity: EntityDescriptor = {
  name: 'disease',
  label: { 'zh-CN': '疾病诊断', en: 'Disease' },
  api: '/sys/diseases',
  route: '/maintainTreat/disease',
  group: 'maintainTreat',
  perm: 'sys:diseases',
  fields: [
    { ...NAME_FIELD, label: { 'zh-CN': '疾病名称', en: 'Disease name' } },
    {
      name: 'code',
      type: 'string',
      label: { 'zh-CN': 'ICD-10 编码', en: 'ICD-10 code' },
      max: 10,
      pattern: { regex: '^[A-Z][0-9]{2}(\\.[0-9A-Z]{1,4})?$', message: 'validation.icdCode' },
    },
    NAME_EN_FIELD,
    {
      name: 'category',
      type: 'enum',
      label: { 'zh-CN': '疾病分类', en: 'Category' },
      required: true,
      options: [
        { value: 1, label: { 'zh-CN': '神经系统', en: 'Neurological' } },
        { value: 2, label: { 'zh-CN': '骨骼肌肉', en: 'Musculoskeletal' } },
        { value: 3, label: { 'zh-CN': '心肺', en: 'Cardiopulmonary' } },
        { value: 4, label: { 'zh-CN': '儿童康复', en: 'Paediatric' } },
        { value: 5, label: { 'zh-CN': '其他', en: 'Other' } },
      ],
    },
    REMARK_FIELD,
    SORT_FIELD,
  ],
  columns: [
    { field: 'name', width: 200 },
    { field: 'code', width: 120 },
    { field: 'nameEn', width: 220 },
    { field: 'category', width: 120 },
    { field: 'remark' },
    { field: 'sort', width: 80 },
    { field: 'updatedAt', width: 170 },
  ],
  search: ['name', 'code', 'category'],
  unique: ['name', 'code'],
  display: 'name',
  pinyin: true,
};
