import { z } from 'zod';
import type { NameLang } from '../menu';
import { idSchema, numberFrom, pageQuerySchema } from './common.schema';
import { userSaveSchema } from './admin.schema';
import { MESSAGE_FILE_LIMITS } from './message.schema';

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
export type AdminAccountRow = {
  userId: number;
  name: string;
  phone: string;
  email: string | null;
  status: number;
  organizationId: number;
  organizationName: string;
  organizationNameLang: NameLang;
  /** the other roles the user holds in that organization */
  otherRoleNames: { name: string; nameLang: NameLang }[];
  createdAt: string;
};

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
export type AdminAccountCandidate = { id: number; name: string; phone: string };

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

export type PlatformNoticeRow = {
  id: number;
  title: string;
  targetAll: boolean;
  /** the chosen organizations (empty when sent to all) */
  organizations: { id: number; name: string; nameLang: NameLang }[];
  roles: { id: number; name: string; nameLang: NameLang }[];
  senderName: string;
  recipientCount: number;
  readCount: number;
  createdAt: string;
};

/** GET /api/sys/operationMessage/info/:id: the notice with its body and the figures per organization reached. */
export type PlatformNoticeInfo = PlatformNoticeRow & {
  content: string;
  delivery: { organizationId: number; name: string; nameLang: NameLang; recipientCount: number; readCount: number }[];
};
