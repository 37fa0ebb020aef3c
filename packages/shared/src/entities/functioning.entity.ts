import { NAME_EN_FIELD, NAME_FIELD, REMARK_FIELD, SORT_FIELD } from './fields';
import type { EntityDescriptor } from './types';

/**
 * Functional diagnosis (功能诊断), e.g. 偏瘫 or 吞咽障碍, with an optional ICF code: the function diagnosis of a
 * treatment course. Not the functional items of /maintainTreat/functional (what is assessed and trained).
 */
export const functioningEntity: EntityDescriptor = {
  name: 'functioning',
  label: { 'zh-CN': '功能诊断', en: 'Functional diagnosis' },
  api: '/sys/functioning',
  route: '/maintainTreat/functioning',
  group: 'maintainTreat',
  perm: 'sys:functioning',
  fields: [
    { ...NAME_FIELD, label: { 'zh-CN': '功能诊断名称', en: 'Diagnosis name' } },
    {
      name: 'code',
      type: 'string',
      label: { 'zh-CN': 'ICF 编码', en: 'ICF code' },
      max: 10,
      pattern: { regex: '^[bsde][0-9]{1,5}$', message: 'validation.icfCode' },
    },
    NAME_EN_FIELD,
    REMARK_FIELD,
    SORT_FIELD,
  ],
  columns: [
    { field: 'name', width: 200 },
    { field: 'code', width: 120 },
    { field: 'nameEn', width: 220 },
    { field: 'remark' },
    { field: 'sort', width: 80 },
    { field: 'updatedAt', width: 170 },
  ],
  search: ['name', 'code'],
  unique: ['name'],
  display: 'name',
  pinyin: true,
};
