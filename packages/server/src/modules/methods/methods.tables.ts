import { index, integer, jsonb, pgTable, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { AssessPhase } from '@rehab/shared';
import { organizations } from '../organizations/organizations.tables';
import { ts } from '../../db/columns';

/**
 * An assessment method of an organization (spec section 7 `method`): a scale of the catalogue the organization uses,
 * with its own display names, the phases it applies to, order and status. One row per scale per organization.
 */
export const assessmentMethods = pgTable(
  'sys_assessment_method',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    /** the code of a scale definition (packages/shared/src/scales) */
    scaleCode: varchar('scale_code', { length: 64 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    nameEn: varchar('name_en', { length: 200 }).notNull(),
    /** assessType codes: 1 outpatient, 2 admission, 3 mid-term, 4 discharge */
    phases: jsonb('phases').$type<AssessPhase[]>().notNull().default([]),
    sort: integer('sort').notNull().default(1),
    /** 1 enabled, 0 disabled */
    status: smallint('status').notNull().default(1),
    remark: varchar('remark', { length: 20 }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sys_assessment_method_org_scale_uq').on(t.organizationId, t.scaleCode),
    index('sys_assessment_method_org_sort_idx').on(t.organizationId, t.sort),
  ],
);
