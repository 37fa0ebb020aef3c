import { z } from 'zod';
import { isEmail, isLandline, isPhone, nameProblem, textWidth } from '../validators';
import { flag01, idSchema, numberFrom, pageQuerySchema } from './common.schema';
import { nameLangSchema, newPasswordSchema } from './auth.schema';

/**
 * Permission codes of the administration screens of spec section 2 (/maintainSystem user, role, menu,
 * organizationMaintain; /maintainOffice office), renren style like the rest of the product.
 */
export const AdminPerm = {
  userList: 'sys:user:list',
  userInfo: 'sys:user:info',
  userSave: 'sys:user:save',
  userUpdate: 'sys:user:update',
  userDelete: 'sys:user:delete',
  userStatus: 'sys:user:status',
  userResetPassword: 'sys:user:resetPassword',
  userGrade: 'sys:user:upAndDownGrade',
  roleList: 'sys:role:list',
  roleInfo: 'sys:role:info',
  roleSave: 'sys:role:save',
  roleUpdate: 'sys:role:update',
  roleDelete: 'sys:role:delete',
  menuList: 'sys:menu:list',
  menuInfo: 'sys:menu:info',
  menuSave: 'sys:menu:save',
  menuUpdate: 'sys:menu:update',
  menuDelete: 'sys:menu:delete',
  organizationList: 'sys:organization:list',
  organizationInfo: 'sys:organization:info',
  organizationSave: 'sys:organization:save',
  organizationUpdate: 'sys:organization:update',
  organizationDelete: 'sys:organization:delete',
  organizationConfig: 'sys:organizationConfig:update',
  relationList: 'sys:relationOrganization:list',
  relationSave: 'sys:relationOrganization:save',
  officeList: 'sys:office:list',
  officeInfo: 'sys:office:info',
  officeSave: 'sys:office:save',
  officeUpdate: 'sys:office:update',
  officeDelete: 'sys:office:delete',
} as const;

/**
 * Product modules an organization can switch on or off (organizationConfig/listSoftProduct). Stored per organization
 * as the list of enabled codes; `defaultOn` is what a new organization starts with.
 */
export const PRODUCT_MODULES = [
  { code: 'scheduling', nameLang: { 'zh-CN': '排程管理', en: 'Scheduling' }, defaultOn: true },
  { code: 'assessment', nameLang: { 'zh-CN': '康复评估', en: 'Assessment' }, defaultOn: true },
  { code: 'messages', nameLang: { 'zh-CN': '站内消息', en: 'Messages' }, defaultOn: true },
  { code: 'billing', nameLang: { 'zh-CN': '门诊收费', en: 'Outpatient billing' }, defaultOn: true },
  { code: 'statistics', nameLang: { 'zh-CN': '数据统计', en: 'Statistics' }, defaultOn: true },
  { code: 'telemedicine', nameLang: { 'zh-CN': '远程医疗', en: 'Telemedicine' }, defaultOn: false },
  { code: 'deviceIntegration', nameLang: { 'zh-CN': '设备物联', en: 'Device integration' }, defaultOn: false },
] as const;
export type ProductCode = (typeof PRODUCT_MODULES)[number]['code'];
export const PRODUCT_CODES = PRODUCT_MODULES.map((p) => p.code) as [ProductCode, ...ProductCode[]];
export const DEFAULT_PRODUCTS: ProductCode[] = PRODUCT_MODULES.filter((p) => p.defaultOn).map((p) => p.code);

/** Menu types of the administration tree. */
export const MenuType = { directory: 0, menu: 1, button: 2 } as const;

// ---- pieces -------------------------------------------------------------------------------------------------

const NO_CHINESE = /^[^\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]*$/;

/** A required display name: at most `max` characters and display width 64 (a Chinese character counts 2). */
const titleSchema = (max: number) =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(max, { error: 'validation.tooLong' })
    .refine((v) => textWidth(v) <= Math.max(64, max), { error: 'validation.widthTooLong' });

/** The English translation of a name: optional, no Chinese characters. */
export const englishSchema = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: 'validation.tooLong' })
    .regex(NO_CHINESE, { error: 'validation.noChinese' })
    .optional()
    .transform((v) => v ?? '');

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: 'validation.tooLong' })
    .optional()
    .nullable()
    .transform((v) => v || null);

const optionalSearch = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: 'validation.tooLong' })
    .optional()
    .transform((v) => v || undefined);

/** An optional id: blank, null and 0 mean none. */
const optionalId = z
  .preprocess((v) => (v === '' || v === null || v === 0 || v === '0' ? undefined : v), idSchema.optional())
  .transform((v) => v ?? null);

const idList = (max: number) =>
  z
    .array(idSchema, { error: 'validation.invalid' })
    .max(max, { error: 'validation.tooMany' })
    .transform((ids) => [...new Set(ids)]);

const status01 = numberFrom(
  z
    .number()
    .int()
    .refine((v) => v === 0 || v === 1, { error: 'validation.invalidOption' }),
);

const sortSchema = numberFrom(z.number({ error: 'validation.invalid' }).int().min(0).max(9999)).default(0);

const personName = z
  .string({ error: 'validation.required' })
  .trim()
  .superRefine((value, ctx) => {
    const key = nameProblem(value);
    if (key) ctx.addIssue({ code: 'custom', message: key });
  });

const phoneSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .refine(isPhone, { error: 'validation.phoneFormat' });

const emailSchema = z
  .string()
  .trim()
  .refine((v) => v === '' || isEmail(v), { error: 'validation.emailFormat' })
  .optional()
  .nullable()
  .transform((v) => v || null);

/** A landline or a mobile number, optional. */
const contactPhoneSchema = z
  .string()
  .trim()
  .refine((v) => v === '' || isPhone(v) || isLandline(v), { error: 'validation.landlineFormat' })
  .optional()
  .nullable()
  .transform((v) => v || null);

// ---- users ----------------------------------------------------------------------------------------------------

/** One organization a user belongs to, with their roles and departments there. */
export const membershipSchema = z.object({
  organizationId: idSchema,
  roleIds: z
    .array(idSchema, { error: 'validation.required' })
    .min(1, { error: 'validation.required' })
    .max(20, { error: 'validation.tooMany' })
    .transform((ids) => [...new Set(ids)]),
  officeIds: idList(50).default([]),
  /** the post type (岗位类型) and post small type held there, rows of that organization's lists; blank: none */
  postTypeId: optionalId,
  postSmallTypeId: optionalId,
});
export type MembershipInput = z.input<typeof membershipSchema>;

const userFields = {
  name: personName,
  phone: phoneSchema,
  email: emailSchema,
  status: status01.default(1),
  memberships: z
    .array(membershipSchema, { error: 'validation.required' })
    .min(1, { error: 'validation.required' })
    .max(50, { error: 'validation.tooMany' })
    .superRefine((list, ctx) => {
      const seen = new Set<number>();
      list.forEach((m, i) => {
        if (seen.has(m.organizationId)) {
          ctx.addIssue({ code: 'custom', path: [i, 'organizationId'], message: 'admin.duplicateOrganization' });
        }
        seen.add(m.organizationId);
      });
    }),
};

/** POST /api/sys/user/save: blank password means the configured default password. */
export const userSaveSchema = z.object({
  ...userFields,
  password: z
    .preprocess((v) => (v === '' || v === null ? undefined : v), newPasswordSchema.optional())
    .transform((v) => v ?? null),
});
export type UserSaveInput = z.input<typeof userSaveSchema>;

/** POST /api/sys/user/update: the password is changed only by a reset. */
export const userUpdateSchema = z.object({ id: idSchema, ...userFields });
export type UserUpdateInput = z.input<typeof userUpdateSchema>;

/** GET /api/sys/user/list */
export const userListQuerySchema = pageQuerySchema.extend({
  name: optionalSearch(64),
  phone: optionalSearch(11),
  officeId: optionalId.transform((v) => v ?? undefined),
  roleId: optionalId.transform((v) => v ?? undefined),
  status: z
    .preprocess((v) => (v === '' || v === null ? undefined : v), status01.optional())
    .transform((v) => v ?? undefined),
  /** super administrator only: the users of another organization (default: everyone for them) */
  organizationId: optionalId.transform((v) => v ?? undefined),
});
export type UserListQuery = z.input<typeof userListQuerySchema>;

/** GET /api/sys/user/postOptions: the post types and small types a membership in an organization may hold. */
export const userPostOptionsQuerySchema = z.object({ organizationId: optionalId.transform((v) => v ?? undefined) });
export const userPostOptionsSchema = z.strictObject({
  postTypes: z.array(z.strictObject({ id: z.number(), name: z.string(), code: z.number() })),
  postSmallTypes: z.array(z.strictObject({ id: z.number(), name: z.string(), postTypeId: z.number() })),
});
export type UserPostOptions = z.output<typeof userPostOptionsSchema>;

export const userInfoParamsSchema = z.object({ id: idSchema, organizationId: idSchema });

export const userIdSchema = z.object({ id: idSchema });
export const userStatusSchema = z.object({ id: idSchema, status: status01 });
/** type 1 promotes to the organization administrator role of the current organization, 0 takes it away. */
export const userGradeSchema = z.object({ id: idSchema, type: status01 });
/** A delete body: the ids as a bare array (as the original sends them) or as `{ ids }`; problems name `ids`. */
export const userIdsSchema = z
  .preprocess(
    (v) => (Array.isArray(v) ? { ids: v } : v),
    z.object({
      ids: z
        .array(idSchema, { error: 'validation.required' })
        .min(1, { error: 'validation.required' })
        .max(200, { error: 'validation.tooMany' }),
    }),
  )
  .transform((v) => [...new Set(v.ids)]);
/** POST /api/sys/user/checkOnlineUser: a user of the organization, or (without id) the caller's own account. */
export const checkOnlineSchema = z.object({ id: idSchema.optional() });

export const userMembershipSchema = z.strictObject({
  organizationId: z.number(),
  organizationName: z.string(),
  roleIds: z.array(z.number()),
  officeIds: z.array(z.number()),
  postTypeId: z.number().nullable(),
  postSmallTypeId: z.number().nullable(),
});
export type UserMembership = z.output<typeof userMembershipSchema>;

/** An id, a plain name and the names by language: a role, department or organization inside a row. */
const namedRefSchema = z.strictObject({ id: z.number(), name: z.string(), nameLang: nameLangSchema });

const adminUserFields = {
  id: z.number(),
  name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  status: z.number(),
  organizations: z.array(namedRefSchema),
  /** the post held in the listed organization, names in the caller's language (null: none) */
  postTypeId: z.number().nullable(),
  postTypeName: z.string().nullable(),
  postSmallTypeId: z.number().nullable(),
  postSmallTypeName: z.string().nullable(),
  online: z.boolean(),
  hasSignature: z.boolean(),
  createdAt: z.string(),
};

/** A user as the administration list shows it (roles and departments of the organization listed). */
export const adminUserRowSchema = z.strictObject({
  ...adminUserFields,
  roles: z.array(namedRefSchema),
  offices: z.array(namedRefSchema),
});
export type AdminUserRow = z.output<typeof adminUserRowSchema>;

export const adminUserInfoSchema = z.strictObject({
  ...adminUserFields,
  organizationId: z.number(),
  roleIdList: z.array(z.number()),
  officeIdList: z.array(z.number()),
  memberships: z.array(userMembershipSchema),
});
export type AdminUserInfo = z.output<typeof adminUserInfoSchema>;

/** POST /api/sys/user/checkOnlineUser: whether the user is signed in on another device. */
export const onlineStateSchema = z.strictObject({
  online: z.boolean(),
  sessionCount: z.number(),
  lastSeenAt: z.string().nullable(),
});
export type OnlineState = z.output<typeof onlineStateSchema>;

// ---- roles ----------------------------------------------------------------------------------------------------

const roleFields = {
  roleName: titleSchema(32),
  roleNameEn: englishSchema(64),
  remark: optionalText(50),
  menuIdList: idList(5000).default([]),
};
export const roleSaveSchema = z.object(roleFields);
export type RoleSaveInput = z.input<typeof roleSaveSchema>;
export const roleUpdateSchema = z.object({ roleId: idSchema, ...roleFields });
export type RoleUpdateInput = z.input<typeof roleUpdateSchema>;
export const roleListQuerySchema = pageQuerySchema.extend({ roleName: optionalSearch(64) });
export const roleDeleteSchema = userIdsSchema;
export const roleSelectQuerySchema = z.object({ organizationId: optionalId.transform((v) => v ?? undefined) });

const roleRowFields = {
  roleId: z.number(),
  roleName: z.string(),
  roleNameLang: nameLangSchema,
  remark: z.string().nullable(),
  builtin: z.boolean(),
  /** null: a platform role (every organization) */
  organizationId: z.number().nullable(),
  userCount: z.number(),
  createdAt: z.string(),
};
export const roleRowSchema = z.strictObject(roleRowFields);
export type RoleRow = z.output<typeof roleRowSchema>;
export const roleInfoSchema = z.strictObject({ ...roleRowFields, menuIdList: z.array(z.number()) });
export type RoleInfo = z.output<typeof roleInfoSchema>;
/** GET /api/sys/role/select: a role a user form offers. */
export const roleOptionSchema = z.strictObject({
  roleId: z.number(),
  roleName: z.string(),
  roleNameLang: nameLangSchema,
});
export type RoleOption = z.output<typeof roleOptionSchema>;

// ---- menus ----------------------------------------------------------------------------------------------------

const PERM_CODE = /^[A-Za-z0-9:_-]+$/;

const menuFields = {
  parentId: numberFrom(z.number({ error: 'validation.invalid' }).int().min(0).max(2_147_483_647)).default(0),
  type: numberFrom(
    z
      .number({ error: 'validation.required' })
      .int()
      .refine((v) => v === 0 || v === 1 || v === 2, { error: 'validation.invalidOption' }),
  ),
  name: titleSchema(32),
  nameEn: englishSchema(64),
  url: z
    .string()
    .trim()
    .max(200, { error: 'validation.tooLong' })
    .refine((v) => v === '' || /^\/[A-Za-z0-9/_:?.=&-]*$/.test(v), { error: 'admin.menuRouteFormat' })
    .optional()
    .nullable()
    .transform((v) => v || null),
  perms: z
    .string()
    .trim()
    .max(500, { error: 'validation.tooLong' })
    .refine(
      (v) =>
        v
          .split(',')
          .map((c) => c.trim())
          .filter(Boolean)
          .every((c) => PERM_CODE.test(c)),
      { error: 'admin.menuPermsFormat' },
    )
    .optional()
    .nullable()
    .transform((v) =>
      v
        ? v
            .split(',')
            .map((c) => c.trim())
            .filter(Boolean)
            .join(',') || null
        : null,
    ),
  icon: z
    .string()
    .trim()
    .max(64, { error: 'validation.tooLong' })
    .refine((v) => v === '' || /^[A-Z][A-Za-z0-9]*$/.test(v), { error: 'admin.menuIconFormat' })
    .optional()
    .nullable()
    .transform((v) => v || null),
  orderNum: sortSchema,
};

/** A menu (type 1) needs a route. */
const menuRules = <T extends { type: number; url: string | null }>(value: T, ctx: z.RefinementCtx) => {
  if (value.type === MenuType.menu && !value.url) {
    ctx.addIssue({ code: 'custom', path: ['url'], message: 'admin.menuNeedsRoute' });
  }
};
export const menuSaveSchema = z.object(menuFields).superRefine(menuRules);
export type MenuSaveInput = z.input<typeof menuSaveSchema>;
export const menuUpdateSchema = z.object({ menuId: idSchema, ...menuFields }).superRefine(menuRules);
export type MenuUpdateInput = z.input<typeof menuUpdateSchema>;

/** A node of the administration menu tree (every type, buttons included). */
export type AdminMenuNode = {
  menuId: number;
  parentId: number;
  type: number;
  name: string;
  nameLang: Record<string, string>;
  url: string | null;
  perms: string | null;
  icon: string | null;
  orderNum: number;
  builtin: boolean;
  key: string | null;
  children: AdminMenuNode[];
};
export const adminMenuNodeSchema: z.ZodType<AdminMenuNode> = z.lazy(() =>
  z.strictObject({
    menuId: z.number(),
    parentId: z.number(),
    type: z.number(),
    name: z.string(),
    nameLang: nameLangSchema,
    url: z.string().nullable(),
    perms: z.string().nullable(),
    icon: z.string().nullable(),
    orderNum: z.number(),
    builtin: z.boolean(),
    key: z.string().nullable(),
    children: z.array(adminMenuNodeSchema),
  }),
);

// ---- organizations --------------------------------------------------------------------------------------------

const organizationFields = {
  parentId: optionalId,
  name: titleSchema(50),
  nameEn: englishSchema(100),
  contactName: optionalText(21).superRefine((v, ctx) => {
    if (v && nameProblem(v)) ctx.addIssue({ code: 'custom', message: 'validation.nameTooLong' });
  }),
  contactPhone: contactPhoneSchema,
  address: optionalText(60),
  status: status01.default(1),
};
export const organizationSaveSchema = z.object(organizationFields);
export type OrganizationSaveInput = z.input<typeof organizationSaveSchema>;
export const organizationUpdateSchema = z.object({ id: idSchema, ...organizationFields });
export type OrganizationUpdateInput = z.input<typeof organizationUpdateSchema>;
export const organizationListQuerySchema = z.object({ name: optionalSearch(50) });
export const organizationDeleteSchema = userIdsSchema;

/** POST /api/sys/organizationConfig/listSoftProduct: an organization (default: the current one). */
export const organizationConfigQuerySchema = z.object({ organizationId: optionalId.transform((v) => v ?? undefined) });
export const organizationConfigSchema = z.object({
  organizationId: idSchema,
  caIntegration: flag01.default(0).transform((v) => v === 1),
  products: z
    .array(z.enum(PRODUCT_CODES, { error: 'validation.invalidOption' }), { error: 'validation.invalid' })
    .max(PRODUCT_CODES.length)
    .transform((codes) => [...new Set(codes)]),
});
export type OrganizationConfigInput = z.input<typeof organizationConfigSchema>;

/** POST /api/sys/relationOrganization/save: the partner organizations of one organization (both ways). */
export const relationSaveSchema = z.object({ organizationId: idSchema, relatedIds: idList(200) });
export type RelationSaveInput = z.input<typeof relationSaveSchema>;
export const relationListQuerySchema = z.object({ organizationId: optionalId.transform((v) => v ?? undefined) });

export type OrganizationNode = {
  id: number;
  parentId: number | null;
  name: string;
  nameLang: Record<string, string>;
  contactName: string | null;
  contactPhone: string | null;
  address: string | null;
  status: number;
  caIntegration: boolean;
  products: string[];
  userCount: number;
  officeCount: number;
  createdAt: string;
  children?: OrganizationNode[];
};
export const organizationNodeSchema: z.ZodType<OrganizationNode> = z.lazy(() =>
  z.strictObject({
    id: z.number(),
    parentId: z.number().nullable(),
    name: z.string(),
    nameLang: nameLangSchema,
    contactName: z.string().nullable(),
    contactPhone: z.string().nullable(),
    address: z.string().nullable(),
    status: z.number(),
    caIntegration: z.boolean(),
    products: z.array(z.string()),
    userCount: z.number(),
    officeCount: z.number(),
    createdAt: z.string(),
    children: z.array(organizationNodeSchema).optional(),
  }),
);

/** POST /api/sys/organizationConfig/listSoftProduct: the product switches with their names, and CA integration. */
export const organizationConfigViewSchema = z.strictObject({
  organizationId: z.number(),
  caIntegration: z.boolean(),
  products: z.array(
    z.strictObject({ code: z.string(), name: z.string(), nameLang: nameLangSchema, enabled: z.boolean() }),
  ),
});
export type OrganizationConfigView = z.output<typeof organizationConfigViewSchema>;

/** A dropdown choice of an organization or department: id, parent, names. */
export const treeOptionSchema = z.strictObject({
  id: z.number(),
  parentId: z.number().nullable(),
  name: z.string(),
  nameLang: nameLangSchema,
});
export type TreeOption = z.output<typeof treeOptionSchema>;
/** GET /api/sys/relationOrganization/list: a partner organization. */
export const relatedOrganizationSchema = namedRefSchema;
export type RelatedOrganization = z.output<typeof relatedOrganizationSchema>;

// ---- offices --------------------------------------------------------------------------------------------------

const officeFields = {
  name: titleSchema(50),
  nameEn: englishSchema(64),
  parentId: optionalId,
  officeTypeId: optionalId,
  phone: contactPhoneSchema,
  remark: optionalText(20),
  orderNum: sortSchema,
};
export const officeSaveSchema = z.object(officeFields);
export type OfficeSaveInput = z.input<typeof officeSaveSchema>;
export const officeUpdateSchema = z.object({ id: idSchema, ...officeFields });
export type OfficeUpdateInput = z.input<typeof officeUpdateSchema>;
export const officeListQuerySchema = pageQuerySchema.extend({
  name: optionalSearch(50),
  officeTypeId: optionalId.transform((v) => v ?? undefined),
});
export const officeListBoxQuerySchema = z.object({ organizationId: optionalId.transform((v) => v ?? undefined) });

export const officeRowSchema = z.strictObject({
  id: z.number(),
  name: z.string(),
  nameLang: nameLangSchema,
  parentId: z.number().nullable(),
  parentName: z.string().nullable(),
  officeTypeId: z.number().nullable(),
  officeTypeName: z.string().nullable(),
  phone: z.string().nullable(),
  remark: z.string().nullable(),
  orderNum: z.number(),
  userCount: z.number(),
  createdAt: z.string(),
});
export type OfficeRow = z.output<typeof officeRowSchema>;

/** Signature images (spec section 2 and 5, Upload): PNG or JPG checked by content, at most 5 MB. */
export const SIGNATURE_MAX_BYTES = 5 * 1024 * 1024;
export const SIGNATURE_MIME_TYPES = ['image/png', 'image/jpeg'] as const;
