import { z } from 'zod';
import { idSchema, numberFrom, pageQuerySchema } from './common.schema';
import { userSaveSchema } from './admin.schema';
import { MESSAGE_FILE_LIMITS } from './message.schema';

/** A name's translations as the wire carries them (`NameLang`). */
const nameLangSchema = z.strictObject({ 'zh-CN': z.string().optional(), en: z.string().optional() });
const namedSchema = z.strictObject({ id: z.number().int(), name: z.string(), nameLang: nameLangSchema });

/** A platform role (of no single organization) a new administrator may hold or a notice may be limited to. */
export const platformRoleSchema = namedSchema;
export type PlatformRole = z.output<typeof platformRoleSchema>;

// ---- organization administrator accounts (/maintainSystem/adminAccount) -------------------------------------

const optionalId = z
  .preprocess((v) => (v === '' || v === null || v === 0 || v === '0' ? undefined : v), idSchema.optional())
  .transform((v) => v ?? undefined);

const status01 = numberFrom(
  z
    .number()
    .int()
    .refine((v) => v === 0 || v === 1, { error: 'validation.invalidOption' }),
);

/** A part of a name or of a phone number; blank means none. */
const keywordSchema = z
  .string()
  .trim()
  .max(64, { error: 'validation.tooLong' })
  .optional()
  .transform((v) => v || undefined);

/** GET /api/sys/adminAccount/list: administrators of every organization, or of one. */
export const adminAccountListQuerySchema = pageQuerySchema.extend({
  organizationId: optionalId,
  keyword: keywordSchema,
  status: z
    .preprocess((v) => (v === '' || v === null ? undefined : v), status01.optional())
    .transform((v) => v ?? undefined),
});
export type AdminAccountListQuery = z.input<typeof adminAccountListQuerySchema>;

/** One organization administrator in one organization (a user administering two organizations has two rows). */
export const adminAccountRowSchema = z.strictObject({
  userId: z.number().int(),
  name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  status: z.number().int(),
  organizationId: z.number().int(),
  organizationName: z.string(),
  organizationNameLang: nameLangSchema,
  /** the other roles the user holds in that organization */
  otherRoleNames: z.array(z.strictObject({ name: z.string(), nameLang: nameLangSchema })),
  createdAt: z.string(),
});
export type AdminAccountRow = z.output<typeof adminAccountRowSchema>;

const newAccountFields = userSaveSchema.pick({ name: true, phone: true, email: true, password: true }).shape;

/**
 * POST /api/sys/adminAccount/save: a new account that administers the organization (`mode: 'new'`, blank password:
 * the configured default; `roleIds` other platform roles it also holds there), or an existing member of the
 * organization promoted to its administrator (`mode: 'existing'`).
 */
export const adminAccountSaveSchema = z.discriminatedUnion(
  'mode',
  [
    z.object({
      mode: z.literal('new'),
      organizationId: idSchema,
      ...newAccountFields,
      roleIds: z
        .array(idSchema, { error: 'validation.invalid' })
        .max(10, { error: 'validation.tooMany' })
        .default([])
        .transform((ids) => [...new Set(ids)]),
    }),
    z.object({ mode: z.literal('existing'), organizationId: idSchema, userId: idSchema }),
  ],
  { error: 'validation.invalidOption' },
);
export type AdminAccountSaveInput = z.input<typeof adminAccountSaveSchema>;

/** GET /api/sys/adminAccount/candidates: enabled members of an organization who do not administer it yet. */
export const adminAccountCandidatesQuerySchema = z.object({
  organizationId: idSchema,
  keyword: keywordSchema,
});
export const adminAccountCandidateSchema = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
});
export type AdminAccountCandidate = z.output<typeof adminAccountCandidateSchema>;

/** POST /api/sys/adminAccount/status */
export const adminAccountStatusSchema = z.object({ userId: idSchema, status: status01 });
/** POST /api/sys/adminAccount/resetPassword */
export const adminAccountUserSchema = z.object({ userId: idSchema });
/** POST /api/sys/adminAccount/revoke: takes the administrator role of that organization away. */
export const adminAccountRevokeSchema = z.object({ userId: idSchema, organizationId: idSchema });

// ---- platform notices (/maintainSystem/operationMessage) -----------------------------------------------------

export const PLATFORM_NOTICE_LIMITS = {
  titleMax: MESSAGE_FILE_LIMITS.titleMax,
  contentMax: MESSAGE_FILE_LIMITS.contentMax,
  maxOrganizations: 500,
  maxRoles: 20,
} as const;

/**
 * POST /api/sys/operationMessage/send: a notice to every organization (`targetAll`) or to the chosen ones, to all
 * their enabled members or only to those holding one of `roleIds` (platform roles) there. The body is rich text,
 * sanitized on the server.
 */
export const platformNoticeSendSchema = z
  .object({
    title: z
      .string({ error: 'validation.required' })
      .trim()
      .min(1, { error: 'validation.required' })
      .max(PLATFORM_NOTICE_LIMITS.titleMax, { error: 'validation.tooLong' }),
    content: z
      .string({ error: 'validation.required' })
      .min(1, { error: 'validation.required' })
      .max(PLATFORM_NOTICE_LIMITS.contentMax, { error: 'validation.tooLong' }),
    targetAll: z.boolean({ error: 'validation.invalid' }).default(false),
    organizationIds: z
      .array(idSchema, { error: 'validation.invalid' })
      .max(PLATFORM_NOTICE_LIMITS.maxOrganizations, { error: 'validation.tooMany' })
      .default([])
      .transform((ids) => [...new Set(ids)]),
    roleIds: z
      .array(idSchema, { error: 'validation.invalid' })
      .max(PLATFORM_NOTICE_LIMITS.maxRoles, { error: 'validation.tooMany' })
      .default([])
      .transform((ids) => [...new Set(ids)]),
  })
  .superRefine((v, ctx) => {
    if (!v.targetAll && v.organizationIds.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['organizationIds'], message: 'validation.required' });
    }
  });
export type PlatformNoticeSendInput = z.input<typeof platformNoticeSendSchema>;

/** GET /api/sys/operationMessage/list */
export const platformNoticeListQuerySchema = pageQuerySchema.extend({
  title: z
    .string()
    .trim()
    .max(100, { error: 'validation.tooLong' })
    .optional()
    .transform((v) => v || undefined),
});
export type PlatformNoticeListQuery = z.input<typeof platformNoticeListQuerySchema>;

export const platformNoticeRowSchema = z.strictObject({
  id: z.number().int(),
  title: z.string(),
  targetAll: z.boolean(),
  /** the chosen organizations (empty when sent to all) */
  organizations: z.array(namedSchema),
  roles: z.array(namedSchema),
  senderName: z.string(),
  recipientCount: z.number().int(),
  readCount: z.number().int(),
  createdAt: z.string(),
});
export type PlatformNoticeRow = z.output<typeof platformNoticeRowSchema>;

/** GET /api/sys/operationMessage/info/:id: the notice with its body and the figures per organization reached. */
export const platformNoticeInfoSchema = platformNoticeRowSchema.extend({
  content: z.string(),
  delivery: z.array(
    z.strictObject({
      organizationId: z.number().int(),
      name: z.string(),
      nameLang: nameLangSchema,
      recipientCount: z.number().int(),
      readCount: z.number().int(),
    }),
  ),
});
export type PlatformNoticeInfo = z.output<typeof platformNoticeInfoSchema>;
