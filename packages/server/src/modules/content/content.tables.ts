import { index, integer, jsonb, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { organizations } from '../organizations/organizations.tables';
import { users } from '../users/users.tables';
import { patients } from '../patients/patients.tables';
import { bytea, createdAt, ts } from '../../db/columns';

/** A category of knowledge articles and education items (stroke, spine, joint, paediatric rehab ...). */
export const contentCategories = pgTable(
  'cms_category',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    nameZh: varchar('name_zh', { length: 30 }).notNull(),
    nameEn: varchar('name_en', { length: 60 }).notNull().default(''),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('cms_category_org_idx').on(t.organizationId, t.sort)],
);

/** An image of the media library: its bytes (re-encoded smaller when that pays), checked by content. */
export const contentMedia = pgTable(
  'cms_media',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: varchar('name', { length: 200 }).notNull(),
    mime: varchar('mime', { length: 50 }).notNull(),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('cms_media_org_idx').on(t.organizationId, t.id)],
);

/** The fields of one version of an item, as edited and as published (zh and en; en falls back to zh). */
export type ContentFields = {
  categoryId: number | null;
  titleZh: string;
  titleEn: string;
  summaryZh: string;
  summaryEn: string;
  bodyZh: string;
  bodyEn: string;
  coverMediaId: number | null;
  videoUrl: string;
  bannerMediaIds: number[];
  honoursZh: string;
  honoursEn: string;
  addressZh: string;
  addressEn: string;
  phone: string;
};

/**
 * A content item: a homepage (company or hospital, one each per organization), a knowledge article or an education
 * item. `draft` holds the working copy; what the mini-program reads is the version `published_version` (a row of
 * cms_version), so editing a published item never changes what patients see until the new version is approved.
 */
export const contentItems = pgTable(
  'cms_item',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    kind: varchar('kind', { length: 20 }).notNull(),
    categoryId: integer('category_id').references(() => contentCategories.id),
    status: varchar('status', { length: 20 }).notNull().default('draft'),
    draft: jsonb('draft').$type<ContentFields>().notNull(),
    /** the number of the latest submitted version (0 before the first submission) */
    version: integer('version').notNull().default(0),
    publishedVersion: integer('published_version'),
    publishedAt: ts('published_at'),
    /** a scheduled publication: the contentPublish job publishes the version in review at this instant */
    publishAt: ts('publish_at'),
    rejectReason: varchar('reject_reason', { length: 200 }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('cms_item_org_idx').on(t.organizationId, t.kind, t.status),
    index('cms_item_schedule_idx').on(t.status, t.publishAt),
  ],
);

/** A submitted version of an item (append-only history): its fields, who submitted and who reviewed it. */
export const contentVersions = pgTable(
  'cms_version',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    itemId: integer('item_id')
      .notNull()
      .references(() => contentItems.id),
    version: integer('version').notNull(),
    fields: jsonb('fields').$type<ContentFields>().notNull(),
    submittedBy: integer('submitted_by').references(() => users.id, { onDelete: 'set null' }),
    submittedAt: ts('submitted_at').notNull(),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: ts('reviewed_at'),
    /** approved | rejected, null while in review */
    outcome: varchar('outcome', { length: 20 }),
    note: varchar('note', { length: 200 }),
  },
  (t) => [uniqueIndex('cms_version_uq').on(t.itemId, t.version)],
);

/** An education item sent to a patient, with the per-send token the mini-program opens it with (read receipt). */
export const educationSends = pgTable(
  'cms_education_send',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    itemId: integer('item_id')
      .notNull()
      .references(() => contentItems.id),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id),
    diagnosis: varchar('diagnosis', { length: 200 }).notNull().default(''),
    projectName: varchar('project_name', { length: 100 }).notNull().default(''),
    token: varchar('token', { length: 64 }).notNull(),
    sentBy: integer('sent_by').references(() => users.id, { onDelete: 'set null' }),
    sentAt: ts('sent_at').notNull(),
    readAt: ts('read_at'),
  },
  (t) => [
    uniqueIndex('cms_education_send_token_uq').on(t.token),
    index('cms_education_send_patient_idx').on(t.patientId),
  ],
);
