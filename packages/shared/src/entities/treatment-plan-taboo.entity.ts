import { NAME_EN_FIELD, NAME_FIELD, SORT_FIELD, STATUS_FIELD } from './fields';
import type { EntityDescriptor } from './types';

/**
 * Treatment plan taboo (治疗方案禁忌): a contraindication a therapist must check before a plan, absolute or relative,
 * optionally tied to a kind of equipment (a pacemaker forbids electrotherapy) and a body part. Saved by `PUT save`
 * (spec section 7): the same call creates a row and, with its id, changes it.
 */
export const treatmentPlanTabooEntity: EntityDescriptor = {
  name: 'treatmentPlanTaboo',
  label: { 'zh-CN': '治疗方案禁忌', en: 'Treatment contraindication' },
  api: '/sys/treatmentPlanTaboo',
  route: '/maintainTreat/therapeutic-regimen',
  group: 'maintainTreat',
  perm: 'sys:treatmentPlanTaboo',
  calls: { save: { method: 'PUT', path: 'save' }, update: { method: 'PUT', path: 'save' } },
  fields: [
    { ...NAME_FIELD, label: { 'zh-CN': '禁忌名称', en: 'Contraindication' } },
    NAME_EN_FIELD,
    {
      name: 'level',
      type: 'enum',
      label: { 'zh-CN': '禁忌程度', en: 'Level' },
      required: true,
      default: 1,
      options: [
        { value: 1, label: { 'zh-CN': '绝对禁忌', en: 'Absolute' }, tone: 'error' },
        { value: 2, label: { 'zh-CN': '相对禁忌', en: 'Relative' }, tone: 'warning' },
      ],
    },
    {
      name: 'equipmentTypeId',
      type: 'ref',
      entity: 'equipmentType',
      label: { 'zh-CN': '涉及设备类别', en: 'Equipment category' },
    },
    { name: 'partId', type: 'ref', entity: 'part', label: { 'zh-CN': '涉及部位', en: 'Body part' } },
    {
      name: 'description',
      type: 'text',
      label: { 'zh-CN': '禁忌说明', en: 'Description' },
      max: 100,
      maxWidth: 100,
      maxChinese: 50,
    },
    STATUS_FIELD,
    SORT_FIELD,
  ],
  columns: [
    { field: 'name', fixed: 'left', width: 180 },
    { field: 'nameEn', width: 180 },
    { field: 'level', width: 110 },
    { field: 'equipmentTypeId', width: 140 },
    { field: 'partId', width: 110 },
    { field: 'description', width: 260 },
    { field: 'status', width: 90 },
    { field: 'sort', width: 80 },
    { field: 'updatedAt' },
  ],
  search: ['name', 'level', 'equipmentTypeId'],
  unique: ['name'],
  display: 'name',
  selectWhere: { status: 1 },
};
