import { z } from 'zod';
import { idSchema, numberFrom, pageQuerySchema } from '../schemas/common.schema';

/**
 * Mini-program content (/frisApplet, issue 20): permission codes of the content screens and the /sys/content calls.
 * Writing and reviewing are separate codes, and the server also refuses a reviewer who wrote the version.
 */
export const ContentPerm = {
  /** see the content, categories and media of the organization */
  list: 'sys:content:list',
  /** write drafts, submit them for review, manage categories and upload media */
  save: 'sys:content:save',
  /** publish (now or scheduled), send back and unpublish: never a version one submitted oneself */
  review: 'sys:content:review',
  /** send an education item to a patient from the patient detail */
  send: 'sys:content:send',
} as const;

/** Homepages (one each per organization), knowledge articles and patient education items. */
export const CONTENT_KINDS = ['company', 'hospital', 'article', 'education'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];
export const HOMEPAGE_KINDS = ['company', 'hospital'] as const;

/**
 * draft -> review -> published (or scheduled -> published by the contentPublish job) -> unpublished. Rejecting sends a
 * version back to draft; editing a published item makes a new draft while the published version stays served.
 */
export const CONTENT_STATUSES = ['draft', 'review', 'scheduled', 'published', 'unpublished'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

/** The media library: images only, checked by their bytes, at most 5 MB. */
export const MEDIA_LIMITS = { imageBytes: 5 * 1024 * 1024, types: ['jpg', 'png', 'gif', 'webp'] } as const;

const text = (max: number) => z.string().trim().max(max).default('');
const requiredText = (max: number) => z.string().trim().min(1).max(max);
const httpsUrl = z
  .string()
  .trim()
  .max(500)
  .regex(/^(https:\/\/\S+)?$/);

/** What an author edits: zh fields are required, en fields fall back to zh when empty. */
export const contentSaveSchema = z.strictObject({
  id: idSchema.optional(),
  kind: z.enum(CONTENT_KINDS),
  categoryId: idSchema.nullable().default(null),
  titleZh: requiredText(100),
  titleEn: text(200),
  summaryZh: text(300),
  summaryEn: text(600),
  bodyZh: z.string().max(200_000).default(''),
  bodyEn: z.string().max(200_000).default(''),
  coverMediaId: idSchema.nullable().default(null),
  /** a video on an HTTPS address (mini-programs play only whitelisted HTTPS media) */
  videoUrl: httpsUrl.default(''),
  /** homepages: banner images, honours (one a line), address and phone */
  bannerMediaIds: z.array(idSchema).max(10).default([]),
  honoursZh: text(2000),
  honoursEn: text(4000),
  addressZh: text(200),
  addressEn: text(400),
  phone: z
    .string()
    .trim()
    .max(30)
    .regex(/^[0-9+\-() ]*$/)
    .default(''),
});
export type ContentSave = z.input<typeof contentSaveSchema>;

export const contentListQuerySchema = pageQuerySchema.extend({
  kind: z.enum(CONTENT_KINDS).optional(),
  status: z.enum(CONTENT_STATUSES).optional(),
  categoryId: idSchema.optional(),
  keyword: z.string().trim().max(50).optional(),
});

export const contentRowSchema = z.strictObject({
  id: z.number().int(),
  kind: z.enum(CONTENT_KINDS),
  categoryId: z.number().int().nullable(),
  titleZh: z.string(),
  titleEn: z.string(),
  status: z.enum(CONTENT_STATUSES),
  version: z.number().int(),
  publishedVersion: z.number().int().nullable(),
  publishAt: z.string().nullable(),
  authorName: z.string().nullable(),
  updatedAt: z.string(),
});

export const contentVersionSchema = z.strictObject({
  version: z.number().int(),
  submittedBy: z.string().nullable(),
  submittedAt: z.string(),
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  outcome: z.string().nullable(),
  note: z.string().nullable(),
});

export const contentDetailSchema = z.strictObject({
  ...contentRowSchema.shape,
  summaryZh: z.string(),
  summaryEn: z.string(),
  bodyZh: z.string(),
  bodyEn: z.string(),
  coverMediaId: z.number().int().nullable(),
  videoUrl: z.string(),
  bannerMediaIds: z.array(z.number().int()),
  honoursZh: z.string(),
  honoursEn: z.string(),
  addressZh: z.string(),
  addressEn: z.string(),
  phone: z.string(),
  authorId: z.number().int().nullable(),
  /** who submitted the version now in review (the reviewer must be someone else) */
  submittedById: z.number().int().nullable(),
  rejectReason: z.string().nullable(),
  versions: z.array(contentVersionSchema),
});
export type ContentDetail = z.infer<typeof contentDetailSchema>;

export const approveSchema = z.strictObject({
  id: idSchema,
  /** publish later (the contentPublish job); now when absent or past */
  publishAt: z.iso.datetime({ offset: true }).nullable().default(null),
});
export const rejectSchema = z.strictObject({ id: idSchema, reason: requiredText(200) });
export const contentIdSchema = z.strictObject({ id: idSchema });

export const categorySchema = z.strictObject({
  id: z.number().int(),
  nameZh: z.string(),
  nameEn: z.string(),
  sort: z.number().int(),
});
export const categorySaveSchema = z.strictObject({
  id: idSchema.optional(),
  nameZh: requiredText(30),
  nameEn: text(60),
  sort: numberFrom(z.number().int().min(0).max(9999)).default(0),
});

export const mediaSchema = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  mime: z.string(),
  size: z.number().int(),
  createdAt: z.string(),
});

/** The mini-program preview: the restricted HTML its renderer shows, zh and en. */
export const previewSchema = z.strictObject({ zh: z.string(), en: z.string() });

// ---- education sent to a patient --------------------------------------------------------------------------------

export const educationSendSchema = z.strictObject({
  patientId: idSchema,
  contentId: idSchema,
  /** what it was prescribed for: a diagnosis and/or a treatment project, as the patient detail shows them */
  diagnosis: text(200),
  projectName: text(100),
});
export const educationSendRowSchema = z.strictObject({
  id: z.number().int(),
  contentId: z.number().int(),
  titleZh: z.string(),
  titleEn: z.string(),
  diagnosis: z.string(),
  projectName: z.string(),
  sentBy: z.string().nullable(),
  sentAt: z.string(),
  readAt: z.string().nullable(),
  /** the per-send token the mini-program opens it with (/frisApplet/educationDetail?token=...) */
  token: z.string(),
});

// ---- the public (mini-program) answers --------------------------------------------------------------------------

export const appletLangSchema = z.object({ lang: z.enum(['zh-CN', 'en']).optional() });
export const appletOrgParamSchema = z.object({ organizationId: idSchema });
export const appletHomeParamSchema = appletOrgParamSchema.extend({ kind: z.enum(HOMEPAGE_KINDS) });
export const appletItemParamSchema = appletOrgParamSchema.extend({ id: idSchema });
export const appletListQuerySchema = appletLangSchema.extend({
  kind: z.enum(['article', 'education']).default('article'),
  categoryId: idSchema.optional(),
});

export const appletItemSchema = z.strictObject({
  id: z.number().int(),
  kind: z.enum(CONTENT_KINDS),
  categoryId: z.number().int().nullable(),
  title: z.string(),
  summary: z.string(),
  /** the restricted HTML of the mini-program renderer (rich-text nodes) */
  body: z.string(),
  cover: z.string().nullable(),
  videoUrl: z.string(),
  banners: z.array(z.string()),
  honours: z.array(z.string()),
  address: z.string(),
  phone: z.string(),
  version: z.number().int(),
  publishedAt: z.string().nullable(),
});
export type AppletItem = z.infer<typeof appletItemSchema>;
export const appletSummarySchema = z.strictObject({
  id: z.number().int(),
  categoryId: z.number().int().nullable(),
  title: z.string(),
  summary: z.string(),
  cover: z.string().nullable(),
  publishedAt: z.string().nullable(),
});
export const appletCategorySchema = z.strictObject({ id: z.number().int(), name: z.string() });
export const appletTokenParamSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/) });
