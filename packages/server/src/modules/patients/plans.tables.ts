import { sql } from 'drizzle-orm';
import { index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { organizations } from '../organizations/organizations.tables';
import { sysDisease, sysFunctioning, sysProjectTemplate } from '../master-data/master-data.tables';
import { audit } from '../../db/audit';

/**
 * Project linkage (项目联动, /maintainTreat/linkageProject): the project templates recommended for a disease, a
 * functional diagnosis, or the pair. At least one of the two is set; one row per pair per organization.
 */
export const projectLinkages = pgTable(
  'sys_project_linkage',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    diseaseId: integer('disease_id').references(() => sysDisease.id),
    functioningId: integer('functioning_id').references(() => sysFunctioning.id),
    remark: varchar('remark', { length: 30 }),
    ...audit(),
  },
  (t) => [
    uniqueIndex('sys_project_linkage_pair_uq').on(
      t.organizationId,
      sql`coalesce(${t.diseaseId}, 0)`,
      sql`coalesce(${t.functioningId}, 0)`,
    ),
  ],
);

export const projectLinkageItems = pgTable(
  'sys_project_linkage_item',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    linkageId: integer('linkage_id')
      .notNull()
      .references(() => projectLinkages.id, { onDelete: 'cascade' }),
    templateId: integer('template_id')
      .notNull()
      .references(() => sysProjectTemplate.id),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('sys_project_linkage_item_linkage_idx').on(t.linkageId)],
);

/**
 * A case template (病历模板): the texts and diagnoses of a course saved under a name, applied to another patient's
 * course. Shared in the organization; `created_by` is the author.
 */
export const caseTemplates = pgTable(
  'sys_case_template',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: varchar('name', { length: 50 }).notNull(),
    chiefComplaint: varchar('chief_complaint', { length: 100 }),
    diseaseId: integer('disease_id').references(() => sysDisease.id),
    functioningId: integer('functioning_id').references(() => sysFunctioning.id),
    tcmDiagnosis: varchar('tcm_diagnosis', { length: 100 }),
    specialNotes: varchar('special_notes', { length: 100 }),
    ...audit(),
  },
  (t) => [uniqueIndex('sys_case_template_name_uq').on(t.organizationId, sql`lower(${t.name})`)],
);

/** A prescription template (处方模板): a course's set of projects with their amounts, prescribed again elsewhere. */
export const prescriptionTemplates = pgTable(
  'sys_prescription_template',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: varchar('name', { length: 50 }).notNull(),
    remark: varchar('remark', { length: 30 }),
    ...audit(),
  },
  (t) => [uniqueIndex('sys_prescription_template_name_uq').on(t.organizationId, sql`lower(${t.name})`)],
);

export const prescriptionTemplateItems = pgTable(
  'sys_prescription_template_item',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    prescriptionId: integer('prescription_id')
      .notNull()
      .references(() => prescriptionTemplates.id, { onDelete: 'cascade' }),
    templateId: integer('template_id')
      .notNull()
      .references(() => sysProjectTemplate.id),
    quantity: integer('quantity').notNull().default(1),
    times: integer('times').notNull(),
    frequency: varchar('frequency', { length: 5 }).notNull(),
    duration: integer('duration').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('sys_prescription_template_item_idx').on(t.prescriptionId)],
);
