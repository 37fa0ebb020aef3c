import { NAME_EN_FIELD, NAME_FIELD, SORT_FIELD, STATUS_FIELD } from './fields';
import type { EntityDescriptor } from './types';

/**
 * Quality control indicator (质控指标) of the rehabilitation department, as the national rehab quality indicators
 * are kept: its kind (structure, process, outcome), the target rate in percent (0.00-100.00, the coefficient rule of
 * spec section 5) and how often it is reviewed. Saved by `saveOrUpdate` (spec section 7).
 */
export const qualityControlEntity: EntityDescriptor = {
  name: 'qualityControl',
  label: { 'zh-CN': '质控指标', en: 'Quality indicator' },
  api: '/sys/qualityControl',
  route: '/maintainSystem/qualityControl',
  group: 'maintainSystem',
  perm: 'sys:qualityControl',
  calls: { save: { method: 'POST', path: 'saveOrUpdate' }, update: { method: 'POST', path: 'saveOrUpdate' } },
  fields: [
    { ...NAME_FIELD, label: { 'zh-CN': '指标名称', en: 'Indicator' } },
    NAME_EN_FIELD,
    {
      name: 'category',
      type: 'enum',
      label: { 'zh-CN': '指标类别', en: 'Kind' },
      required: true,
      default: 2,
      options: [
        { value: 1, label: { 'zh-CN': '结构指标', en: 'Structure' } },
        { value: 2, label: { 'zh-CN': '过程指标', en: 'Process' } },
        { value: 3, label: { 'zh-CN': '结果指标', en: 'Outcome' } },
      ],
    },
    {
      name: 'target',
      type: 'decimal',
      label: { 'zh-CN': '目标值（%）', en: 'Target (%)' },
      required: true,
      min: 0,
      max: 100,
      scale: 2,
    },
    {
      name: 'cycle',
      type: 'enum',
      label: { 'zh-CN': '统计周期', en: 'Review cycle' },
      required: true,
      default: 1,
      options: [
        { value: 1, label: { 'zh-CN': '每月', en: 'Monthly' } },
        { value: 2, label: { 'zh-CN': '每季度', en: 'Quarterly' } },
        { value: 3, label: { 'zh-CN': '每年', en: 'Yearly' } },
      ],
    },
    {
      name: 'description',
      type: 'text',
      label: { 'zh-CN': '计算方法', en: 'How it is computed' },
      max: 100,
      maxWidth: 100,
      maxChinese: 50,
    },
    STATUS_FIELD,
    SORT_FIELD,
  ],
  columns: [
    { field: 'name', fixed: 'left', width: 200 },
    { field: 'nameEn', width: 180 },
    { field: 'category', width: 110 },
    { field: 'target', width: 110 },
    { field: 'cycle', width: 110 },
    { field: 'description', width: 280 },
    { field: 'status', width: 90 },
    { field: 'sort', width: 80 },
    { field: 'updatedAt' },
  ],
  search: ['name', 'category', 'status'],
  unique: ['name'],
  display: 'name',
};
