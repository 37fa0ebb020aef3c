import type { PgTableWithColumns } from 'drizzle-orm/pg-core';
import type { EntityDescriptor } from '@rehab/shared';

// Naming of the master-data entity tables (kernel: used by the registrar and the table builder alike). The tables
// themselves are built from their shared descriptors in modules/master-data/master-data.tables.ts.

export const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** `sys_<snake_case name>`: sys_duty, sys_post_small_type ... */
export const entityTableName = (entity: EntityDescriptor) => `sys_${snakeCase(entity.name)}`;

/** Name of the unique index of a unique field: the registrar maps a violation back to its field. */
export const uniqueIndexName = (entity: EntityDescriptor, field: string) =>
  `${entityTableName(entity)}_${snakeCase(field)}_uq`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type EntityTable = PgTableWithColumns<any>;
