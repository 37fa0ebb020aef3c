import { departmentEntity } from './department.entity';
import { diseaseEntity } from './disease.entity';
import { functioningEntity } from './functioning.entity';
import { projectTemplateEntity } from './project-template.entity';
import { dutyEntity } from './duty.entity';
import { equipmentTypeEntity } from './equipment-type.entity';
import { equipmentEntity } from './equipment.entity';
import { memberEntity } from './member.entity';
import { methodPaymentEntity } from './method-payment.entity';
import { functionalEntity } from './functional.entity';
import { nationalityEntity } from './nationality.entity';
import { officeTypeEntity } from './office-type.entity';
import { partEntity } from './part.entity';
import { patientTypeEntity } from './patient-type.entity';
import { placeEntity } from './place.entity';
import { postSmallTypeEntity } from './post-small-type.entity';
import { postTypeEntity } from './post-type.entity';
import { professionEntity } from './profession.entity';
import { qualityControlEntity } from './quality-control.entity';
import { rankEntity } from './rank.entity';
import { registeredEntity } from './registered.entity';
import { relationEntity } from './relation.entity';
import { treatPackageEntity } from './treat-package.entity';
import { treatmentPlanTabooEntity } from './treatment-plan-taboo.entity';
import { unitEntity } from './unit.entity';
import { platformTemplateEntity } from './platform-template.entity';
import { recoveryMethodEntity } from './recovery-method.entity';
import { performanceSetEntity } from './performance-set.entity';
import { productInfoEntity } from './product-info.entity';
import { preceptTemplateEntity } from './precept-template.entity';
import type {
  CallMethod,
  EntityCall,
  EntityDescriptor,
  EntityPermissions,
  FieldDescriptor,
  LocalText,
  RefField,
  SystemColumn,
} from './types';

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
  placeEntity,
  partEntity,
  functionalEntity,
  equipmentTypeEntity,
  equipmentEntity,
  treatmentPlanTabooEntity,
  treatPackageEntity,
  diseaseEntity,
  functioningEntity,
  professionEntity,
  unitEntity,
  projectTemplateEntity,
  relationEntity,
  nationalityEntity,
  patientTypeEntity,
  methodPaymentEntity,
  registeredEntity,
  memberEntity,
  qualityControlEntity,
  platformTemplateEntity,
  recoveryMethodEntity,
  performanceSetEntity,
  productInfoEntity,
  preceptTemplateEntity,
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

/** Most rows one export writes (an Excel sheet a person can still work with); a larger search is refused. */
export const EXPORT_MAX_ROWS = 10_000;

/** A resolved call: method and the path under /api (`:id` stands for the row id). */
export type ResolvedCall = { method: CallMethod; url: string };
export type EntityCallName = 'list' | 'info' | 'save' | 'update' | 'delete' | 'select' | 'export';

/** The path of a call: relative to the entity's API base, or absolute when it starts with `/`. */
export function callUrl(entity: EntityDescriptor, call: EntityCall): string {
  return call.path.startsWith('/') ? call.path : `${entity.api}/${call.path}`;
}

/**
 * Every call of an entity with its method and path: the defaults of the engine, changed where the descriptor says
 * (spec section 7). `export` answers every row matching the list's search (at most `EXPORT_MAX_ROWS`), with the
 * list's method.
 */
export function entityCalls(entity: EntityDescriptor): Record<EntityCallName, ResolvedCall> {
  const o = entity.calls ?? {};
  const at = (call: EntityCall): ResolvedCall => ({ method: call.method, url: callUrl(entity, call) });
  const list = at(o.list ?? { method: 'POST', path: 'list' });
  return {
    list,
    info: { method: 'GET', url: `${entity.api}/info/:id` },
    save: at(o.save ?? { method: 'POST', path: 'save' }),
    update: at(o.update ?? { method: 'POST', path: 'update' }),
    delete: { method: 'POST', url: `${entity.api}/delete` },
    select: { method: 'GET', url: `${entity.api}/select` },
    export: { method: list.method, url: `${entity.api}/export` },
  };
}

/** True when one call both creates (no id) and updates (with an id): `PUT save`, `POST saveOrUpdate`. */
export function isUpsert(entity: EntityDescriptor): boolean {
  const c = entityCalls(entity);
  return c.save.method === c.update.method && c.save.url === c.update.url;
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
