import { NAME_EN_FIELD, NAME_FIELD, SORT_FIELD, STATUS_FIELD } from './fields';
import { projectTemplateEntity } from './project-template.entity';
import type { EntityDescriptor, EnumField } from './types';

const text = (zh: string, en: string) => ({ 'zh-CN': zh, en });

/**
 * Rehabilitation method (康复治疗方法, /maintainTreat/recoveryMethod): the organization's list of the therapy methods
 * it practises (Bobath, PNF, mirror therapy, constraint-induced movement therapy ...), by discipline, with what it is
 * for; treatment plans and records name them.
 */
export const recoveryMethodEntity: EntityDescriptor = {
  name: 'recoveryMethod',
  label: text('康复方法', 'Rehabilitation method'),
  api: '/sys/recoveryMethod',
  route: '/maintainTreat/recoveryMethod',
  group: 'maintainTreat',
  perm: 'sys:recoveryMethod',
  fields: [
    { ...NAME_FIELD, label: text('方法名称', 'Method name') },
    NAME_EN_FIELD,
    {
      name: 'discipline',
      type: 'enum',
      label: text('所属专业', 'Discipline'),
      required: true,
      // the disciplines are the treatment projects' project types
      options: (projectTemplateEntity.fields.find((f) => f.name === 'projectType') as EnumField).options,
    },
    {
      name: 'indication',
      type: 'text',
      label: text('适应证', 'Indications'),
      max: 100,
      maxWidth: 100,
      maxChinese: 50,
    },
    STATUS_FIELD,
    SORT_FIELD,
  ],
  columns: [
    { field: 'name', fixed: 'left', width: 180 },
    { field: 'nameEn', width: 200 },
    { field: 'discipline', width: 140 },
    { field: 'indication', width: 260 },
    { field: 'status', width: 90 },
    { field: 'sort', width: 80 },
    { field: 'updatedAt', width: 170 },
  ],
  search: ['name', 'discipline', 'status'],
  unique: ['name'],
  display: 'name',
  selectWhere: { status: 1 },
};
