import { departmentEntity } from './department.entity';
import { diseaseEntity } from './disease.entity';
import { functioningEntity } from './functioning.entity';
import { projectTemplateEntity } from './project-template.entity';
import { dutyEntity } from './duty.entity';
import { equipmentTypeEntity } from './equipment-type.entity';
import { equipmentEntity } from './equipment.entity';
import { functionalEntity } from './functional.entity';
import { nationalityEntity } from './nationality.entity';
import { officeTypeEntity } from './office-type.entity';
import { partEntity } from './part.entity';
import { patientTypeEntity } from './patient-type.entity';
import { postSmallTypeEntity } from './post-small-type.entity';
import { postTypeEntity } from './post-type.entity';
import { professionEntity } from './profession.entity';
import { rankEntity } from './rank.entity';
import { relationEntity } from './relation.entity';
import { unitEntity } from './unit.entity';
import type { EntityDescriptor, EntityPermissions, FieldDescriptor, LocalText, RefField, SystemColumn } from './types';

/**
 * Every reference entity served by the master-data engine, in sidebar order within each group. A referenced entity
 * comes before the entities that reference it.
 */
export const ENTITIES: readonly EntityDescriptor[] = [
  departmentEntity,
  dutyEntity,
  postTypeEntity,
  postSmallTypeEntity,
  rankEntity,
  officeTypeEntity,
  partEntity,
  functionalEntity,
  equipmentTypeEntity,
  equipmentEntity,
  diseaseEntity,
  functioningEntity,
  professionEntity,
  unitEntity,
  projectTemplateEntity,
  relationEntity,
  nationalityEntity,
  patientTypeEntity,
];

export function entityByName(name: string): EntityDescriptor | undefined {
  return ENTITIES.find((e) => e.name === name);
}

export function entityByRoute(route: string): EntityDescriptor | undefined {
  return ENTITIES.find((e) => e.route === route);
}

export function entityField(entity: EntityDescriptor, name: string): FieldDescriptor | undefined {
  return entity.fields.find((f) => f.name === name);
}

/** The permission codes of an entity's calls (renren style: `sys:duty:list`). */
export function entityPermissions(entity: EntityDescriptor): EntityPermissions {
  const p = entity.perm;
  return { list: `${p}:list`, info: `${p}:info`, save: `${p}:save`, update: `${p}:update`, delete: `${p}:delete` };
}

/** The fields of other entities that point at this one: a row they use cannot be deleted. */
export function referencesTo(name: string): { entity: EntityDescriptor; field: RefField }[] {
  return ENTITIES.flatMap((entity) =>
    entity.fields
      .filter((f): f is RefField => f.type === 'ref' && f.entity === name)
      .map((field) => ({ entity, field })),
  );
}

/** Where a list row carries the display name of a referenced row: `postTypeId` -> `postTypeName`. */
export function refNameKey(field: RefField | string): string {
  const name = typeof field === 'string' ? field : field.name;
  return `${name.replace(/Id$/, '')}Name`;
}

const SYSTEM_COLUMN_LABELS: Record<SystemColumn, LocalText> = {
  createdAt: { 'zh-CN': '创建时间', en: 'Created' },
  updatedAt: { 'zh-CN': '更新时间', en: 'Updated' },
};

/** The label of a column: a field's label or that of a system column. */
export function columnLabel(entity: EntityDescriptor, column: string): LocalText {
  const field = entityField(entity, column);
  if (field) return field.label;
  return SYSTEM_COLUMN_LABELS[column as SystemColumn] ?? { 'zh-CN': column, en: column };
}
