import { NAME_EN_FIELD, NAME_FIELD, REMARK_FIELD, STATUS_FIELD } from './fields';
import type { EntityDescriptor } from './types';

const text = (zh: string, en: string) => ({ 'zh-CN': zh, en });

/**
 * Performance setting (绩效设置, /maintainTreat/performanceSet): how much one executed session of a treatment project
 * counts towards a therapist's performance: a coefficient 0.00-100.00 (spec section 5) and workload points per
 * session. A project may have several (for different posts or periods, told apart by the name); the workload
 * statistics read the enabled ones.
 */
export const performanceSetEntity: EntityDescriptor = {
  name: 'performanceSet',
  label: text('绩效设置', 'Performance setting'),
  api: '/sys/performanceSet',
  route: '/maintainTreat/performanceSet',
  group: 'maintainTreat',
  perm: 'sys:performanceSet',
  fields: [
    { ...NAME_FIELD, label: text('设置名称', 'Setting name') },
    NAME_EN_FIELD,
    {
      name: 'projectTemplateId',
      type: 'ref',
      entity: 'projectTemplate',
      label: text('治疗项目', 'Treatment project'),
      required: true,
    },
    {
      name: 'coefficient',
      type: 'decimal',
      label: text('绩效系数', 'Coefficient'),
      required: true,
      min: 0,
      max: 100,
      scale: 2,
    },
    {
      name: 'points',
      type: 'int',
      label: text('每次工作量点数', 'Points per session'),
      required: true,
      min: 1,
      max: 9999,
    },
    STATUS_FIELD,
    REMARK_FIELD,
  ],
  columns: [
    { field: 'name', fixed: 'left', width: 180 },
    { field: 'nameEn', width: 180 },
    { field: 'projectTemplateId', width: 180 },
    { field: 'coefficient', width: 110 },
    { field: 'points', width: 150 },
    { field: 'status', width: 90 },
    { field: 'remark', width: 140 },
    { field: 'updatedAt', width: 170 },
  ],
  search: ['name', 'projectTemplateId', 'status'],
  unique: ['name'],
  display: 'name',
  selectWhere: { status: 1 },
};
