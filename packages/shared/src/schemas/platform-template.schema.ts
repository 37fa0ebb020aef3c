import { z } from 'zod';
import { idSchema, numberFrom } from './common.schema';

/**
 * Permission codes of the organization side of the platform templates (/SubFirsScale/organizationTemplate): browsing
 * the platform's treatment project templates and importing them into the organization's own. Maintaining the
 * platform templates themselves is the engine's `sys:platformTemplate:*` (the super administrator's).
 */
export const OrganizationTemplatePerm = {
  list: 'sys:organizationTemplate:list',
  import: 'sys:organizationTemplate:import',
} as const;

/** Project type codes of a treatment project (the `projectType` options of the project template). */
export const PROJECT_TYPE_CODES = [1, 2, 3, 4, 5] as const;

/**
 * getTemplateListByTypeList: the enabled platform templates of some project types (all when the list is empty),
 * optionally narrowed by a part of the name.
 */
export const templateListByTypeSchema = z.object({
  typeList: z
    .array(
      numberFrom(
        z
          .number({ error: 'validation.invalidOption' })
          .int({ error: 'validation.invalidOption' })
          .min(1, { error: 'validation.invalidOption' })
          .max(PROJECT_TYPE_CODES.length, { error: 'validation.invalidOption' }),
      ),
    )
    .max(PROJECT_TYPE_CODES.length * 2, { error: 'validation.tooMany' })
    .optional()
    .default([]),
  name: z
    .string()
    .trim()
    .max(100, { error: 'validation.tooLong' })
    .optional()
    .nullable()
    .transform((v) => v || undefined),
});
export type TemplateListByTypeQuery = z.input<typeof templateListByTypeSchema>;

/** Imports platform templates into the organization's treatment projects, all or none. */
export const templateImportSchema = z.object({
  ids: z
    .array(idSchema, { error: 'validation.required' })
    .min(1, { error: 'validation.required' })
    .max(200, { error: 'validation.tooMany' }),
});
export type TemplateImportInput = z.input<typeof templateImportSchema>;

/** A platform template as an organization sees it: with the id of its own copy when it was imported. */
export const organizationTemplateRowSchema = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  nameEn: z.string().nullable(),
  code: z.string().nullable(),
  projectType: z.number().int(),
  unitPrice: z.number(),
  unitName: z.string(),
  duration: z.number(),
  frequency: z.string(),
  times: z.number(),
  shortLong: z.number(),
  bedside: z.boolean(),
  linkName: z.string().nullable(),
  linkPrice: z.number().nullable(),
  linkMethod: z.number().nullable(),
  remark: z.string().nullable(),
  /** the organization's treatment project made from it, or null */
  importedId: z.number().int().nullable(),
});
export type OrganizationTemplateRow = z.output<typeof organizationTemplateRowSchema>;

/** What an import did: templates copied, those already imported, and the new projects in the order asked for. */
export const templateImportResultSchema = z.strictObject({
  imported: z.number().int(),
  skipped: z.number().int(),
  projectIds: z.array(z.number().int()),
});
