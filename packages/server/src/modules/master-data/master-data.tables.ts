import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  timestamp,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
  type PgColumnBuilderBase,
} from 'drizzle-orm/pg-core';
import { ENTITIES, type EntityDescriptor, type FieldDescriptor } from '@rehab/shared';
import { entityTableName, snakeCase, uniqueIndexName, type EntityTable } from '../../db/entities';
import { organizations } from '../organizations/organizations.tables';
import { users } from '../users/users.tables';

// The tables of the master-data entities, built from their shared descriptors: one table per entity with its
// fields, scoped to an organization. `npm run db:draft -w @rehab/server -- src/modules/master-data/master-data.tables.ts`
// turns the named exports below into CREATE TABLE statements to start a new migration from.

export type { EntityTable };

const built = new Map<string, EntityTable>();

function column(field: FieldDescriptor): PgColumnBuilderBase {
  const name = snakeCase(field.name);
  switch (field.type) {
    case 'string':
    case 'text':
      return field.required ? varchar(name, { length: field.max }).notNull() : varchar(name, { length: field.max });
    case 'int':
    case 'enum':
      return field.required ? integer(name).notNull() : integer(name);
    case 'decimal': {
      // digits enough for the maximum at the field's scale
      const precision = String(Math.trunc(field.max)).length + field.scale;
      const col = numeric(name, { precision, scale: field.scale });
      return field.required ? col.notNull() : col;
    }
    case 'bool':
      return boolean(name).notNull().default(false);
    case 'date':
      return field.required ? date(name, { mode: 'string' }).notNull() : date(name, { mode: 'string' });
    case 'ref': {
      // the database refuses to delete a referenced row too; the registrar checks first to say who uses it
      const col = integer(name).references((): AnyPgColumn => tableOf(field.entity).id);
      return field.required ? col.notNull() : col;
    }
  }
}

function buildTable(entity: EntityDescriptor): EntityTable {
  const name = entityTableName(entity);
  const columns: Record<string, PgColumnBuilderBase> = {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    // a platform entity's rows belong to no organization (organization_id is null)
    organizationId: entity.platform
      ? integer('organization_id').references(() => organizations.id)
      : integer('organization_id')
          .notNull()
          .references(() => organizations.id),
  };
  for (const field of entity.fields) columns[field.name] = column(field);
  if (entity.pinyin) {
    columns.namePinyin = varchar('name_pinyin', { length: 300 }).notNull().default('');
    columns.nameInitials = varchar('name_initials', { length: 100 }).notNull().default('');
  }
  columns.createdAt = timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
  columns.updatedAt = timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
  columns.createdBy = integer('created_by').references(() => users.id, { onDelete: 'set null' });

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return pgTable(name, columns, (t: any) => [
    index(`${name}_org_idx`).on(t.organizationId),
    ...entity.unique.map((fieldName) => {
      const field = entity.fields.find((f) => f.name === fieldName)!;
      const text = field.type === 'string' || field.type === 'text';
      // text is unique without regard to case: "Knee" and "knee" are one body part
      const value = text ? sql`lower(${t[fieldName]})` : t[fieldName];
      // platform rows are unique across the platform
      return entity.platform
        ? uniqueIndex(uniqueIndexName(entity, fieldName)).on(value)
        : uniqueIndex(uniqueIndexName(entity, fieldName)).on(t.organizationId, value);
    }),
    // prefix searches (LIKE 'ngs%') use these with the C-collation pattern operators
    ...(entity.pinyin
      ? [
          index(`${name}_pinyin_idx`).on(t.organizationId, sql`${t.namePinyin} varchar_pattern_ops`),
          index(`${name}_initials_idx`).on(t.organizationId, sql`${t.nameInitials} varchar_pattern_ops`),
        ]
      : []),
    ...entity.fields
      .filter((f) => f.type === 'ref')
      .map((f) => index(`${name}_${snakeCase(f.name)}_idx`).on(t[f.name])),
  ]) as EntityTable;
}

/** The table of an entity by its name. */
export function tableOf(name: string): EntityTable {
  let table = built.get(name);
  if (!table) {
    const entity = ENTITIES.find((e) => e.name === name);
    if (!entity) throw new Error(`no entity ${name}`);
    table = buildTable(entity);
    built.set(name, table);
  }
  return table;
}

// One named export per entity, for drizzle-kit. A test checks that every registered entity has one.
export const sysDepartment = tableOf('department');
export const sysDuty = tableOf('duty');
export const sysPostType = tableOf('postType');
export const sysPostSmallType = tableOf('postSmallType');
export const sysRank = tableOf('rank');
export const sysOfficeType = tableOf('officeType');
export const sysPart = tableOf('part');
export const sysFunctional = tableOf('functional');
export const sysEquipmentType = tableOf('equipmentType');
export const sysEquipment = tableOf('equipment');
export const sysProfession = tableOf('profession');
export const sysUnit = tableOf('unit');
export const sysDisease = tableOf('disease');
export const sysFunctioning = tableOf('functioning');
export const sysProjectTemplate = tableOf('projectTemplate');
export const sysRelation = tableOf('relation');
export const sysNationality = tableOf('nationality');
export const sysPatientType = tableOf('patientType');
export const sysPlace = tableOf('place');
export const sysTreatmentPlanTaboo = tableOf('treatmentPlanTaboo');
export const sysTreatPackage = tableOf('treatPackage');
export const sysMethodPayment = tableOf('methodPayment');
export const sysRegistered = tableOf('registered');
export const sysMember = tableOf('member');
export const sysQualityControl = tableOf('qualityControl');
export const sysPlatformTemplate = tableOf('platformTemplate');
export const sysRecoveryMethod = tableOf('recoveryMethod');
export const sysPerformanceSet = tableOf('performanceSet');
export const sysProductInfo = tableOf('productInfo');
export const sysPreceptTemplate = tableOf('preceptTemplate');
