import { z } from 'zod';
import { isEmail, isPhone, nameProblem, passwordProblem } from '../validators';
import { flag01, idSchema, numberFrom } from './common.schema';

const trimmed = z.string().trim();

export const verificationCodeSchema = z
  .string({ error: 'validation.codeRequired' })
  .trim()
  .min(1, { error: 'validation.codeRequired' })
  .regex(/^\d{6}$/, { error: 'validation.codeFormat' });

/** A new password: the rule of spec section 5 (8-20, letter + digit + symbol). */
export const newPasswordSchema = z
  .string({ error: 'validation.passwordRequired' })
  .min(1, { error: 'validation.passwordRequired' })
  .superRefine((value, ctx) => {
    const key = passwordProblem(value);
    if (key) ctx.addIssue({ code: 'custom', message: key });
  });

/**
 * The sign-in check a script cannot pass cheaply (issue 22): an ALTCHA proof-of-work challenge signed by the server.
 * The browser finds a counter whose SHA-256 key starts with `keyPrefix`; `data.expiresAt` is the server's expiry.
 */
export const captchaChallengeSchema = z.strictObject({
  parameters: z.strictObject({
    algorithm: z.string(),
    cost: z.number(),
    data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    nonce: z.string(),
    salt: z.string(),
  }),
  signature: z.string(),
});
export type CaptchaChallenge = z.infer<typeof captchaChallengeSchema>;

/**
 * POST /api/sys/login. The account goes in `email` or `phone` (whichever the input matches) or in `account`,
 * which the server classifies itself.
 */
export const loginSchema = z
  .object({
    email: trimmed.optional(),
    phone: trimmed.optional(),
    account: trimmed.optional(),
    password: z.string().optional(),
    isLogin: flag01.default(0),
    rememberMe: flag01.default(1),
    verificationCode: z.string().trim().optional(),
    /** a solved sign-in challenge (base64 JSON of `{ challenge, solution }`), once the server asked for one */
    captcha: z.string().max(4000).optional(),
    loginRoleType: numberFrom(
      z
        .number()
        .int()
        .refine((v) => v === 0 || v === 1 || v === 2, { error: 'validation.invalidOption' }),
    ).default(2),
  })
  .superRefine((value, ctx) => {
    const account = value.email || value.phone || value.account;
    if (!account || !value.password) {
      ctx.addIssue({
        code: 'custom',
        path: [account ? 'password' : 'account'],
        message: 'validation.requiredFieldsMissing',
      });
      return;
    }
    if (!isEmail(account) && !isPhone(account)) {
      ctx.addIssue({ code: 'custom', path: ['account'], message: 'validation.accountFormat' });
    }
    if (value.loginRoleType !== 2 && !value.verificationCode) {
      ctx.addIssue({ code: 'custom', path: ['verificationCode'], message: 'validation.codeRequired' });
    }
  });
export type LoginInput = z.input<typeof loginSchema>;

/** Verification-code parameters (spec section 3): type 1 e-mail, 2 phone; address must match the type. */
export const sendCodeSchema = z
  .object({
    type: numberFrom(
      z
        .number()
        .int()
        .refine((v) => v === 1 || v === 2, { error: 'validation.invalidOption' }),
    ),
    address: z.string({ error: 'validation.parametersWrong' }).trim().min(1, { error: 'validation.parametersWrong' }),
  })
  .superRefine((value, ctx) => {
    const ok = value.type === 1 ? isEmail(value.address) : isPhone(value.address);
    if (!ok) ctx.addIssue({ code: 'custom', path: ['address'], message: 'validation.addressFormat' });
  });
export type SendCodeInput = z.input<typeof sendCodeSchema>;

/** POST /api/sys/user/checkVerificationCode: the code sent to a new phone or e-mail address of one's own account. */
export const checkCodeSchema = sendCodeSchema.and(z.object({ verificationCode: verificationCodeSchema }));
export type CheckCodeInput = z.input<typeof checkCodeSchema>;

/** Password reset payload (spec section 3): address, password, verificationCode. */
export const resetPasswordSchema = z
  .object({
    address: z.string({ error: 'validation.addressFormat' }).trim().min(1, { error: 'validation.addressFormat' }),
    password: newPasswordSchema,
    verificationCode: verificationCodeSchema,
  })
  .superRefine((value, ctx) => {
    if (!isEmail(value.address) && !isPhone(value.address)) {
      ctx.addIssue({ code: 'custom', path: ['address'], message: 'validation.addressFormat' });
    }
  });
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

export const changePasswordSchema = z.object({
  oldPassword: z.string({ error: 'validation.passwordRequired' }).min(1, { error: 'validation.passwordRequired' }),
  newPassword: newPasswordSchema,
});
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** PUT /api/sys/user/updatePersonalInfo: what a user may change of their own account. */
export const personalInfoSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1)
    .superRefine((value, ctx) => {
      const key = nameProblem(value);
      if (key) ctx.addIssue({ code: 'custom', message: key });
    })
    .optional(),
  email: z
    .string()
    .trim()
    .refine((v) => v === '' || isEmail(v), { error: 'validation.emailFormat' })
    .optional(),
  phone: z
    .string()
    .trim()
    .refine((v) => isPhone(v), { error: 'validation.phoneFormat' })
    .optional(),
  /** the code sent to a changed e-mail address (POST /sys/user/sendVerificationCode); needed to save it */
  emailCode: verificationCodeSchema.optional(),
  /** the code sent to a changed phone number; needed to save it */
  phoneCode: verificationCodeSchema.optional(),
  keepLogin: flag01.optional(),
});
export type PersonalInfoInput = z.input<typeof personalInfoSchema>;

export const chooseOrganizationSchema = z.object({
  id: idSchema,
  officeId: idSchema.optional(),
});

// ---- what the sign-in and the session answer ----------------------------------------------------------------

/** Names by language as stored (`{ "zh-CN": "康复科", "en": "Rehabilitation" }`). */
export const nameLangSchema = z.record(z.string(), z.string());

/** A department as the session carries it. */
export const officeRefSchema = z.strictObject({ id: z.number(), name: z.string(), nameLang: nameLangSchema });
/** An organization as the session carries it, with the CA integration flag. */
export const organizationRefSchema = z.strictObject({
  id: z.number(),
  name: z.string(),
  nameLang: nameLangSchema,
  config: z.strictObject({ caIntegration: z.boolean() }),
});

/** The user a successful POST /api/sys/login answers. */
export const sessionUserSchema = z.strictObject({
  id: z.number(),
  name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  roleIdList: z.array(z.number()),
  keepLogin: z.boolean(),
  office: z.null(),
});

/** GET /api/sys/organization/chooseOrganizationList: a card of the checkout screen. */
export const selectableOrganizationSchema = organizationRefSchema.extend({ offices: z.array(officeRefSchema) });
export type SelectableOrganization = z.output<typeof selectableOrganizationSchema>;

/** GET /api/sys/organization/lastLoginOrganization: whether the user goes straight in, and where. */
export const lastLoginOrganizationSchema = z.strictObject({
  defaultChoose: z.boolean(),
  childOrganization: organizationRefSchema.nullable(),
  offices: z.array(officeRefSchema),
  needSelectOffice: z.boolean(),
  office: officeRefSchema.nullable(),
});

/** GET /api/sys/organization/chooseOrganization: the organization made current, its departments, the roles there. */
export const chosenOrganizationSchema = z.strictObject({
  organization: organizationRefSchema,
  office: officeRefSchema.nullable(),
  offices: z.array(officeRefSchema),
  needSelectOffice: z.boolean(),
  roleIdList: z.array(z.number()),
  caIntegration: z.boolean(),
});

/** GET /api/sys/user/info: the signed-in user with their roles in the current organization. */
export const userInfoSchema = z.strictObject({
  id: z.number(),
  name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  keepLogin: z.boolean(),
  roleIdList: z.array(z.number()),
  roles: z.array(z.strictObject({ roleId: z.number(), name: z.string(), roleNameLang: nameLangSchema.nullable() })),
  organization: organizationRefSchema.nullable(),
  office: officeRefSchema.nullable(),
  offices: z.array(officeRefSchema),
  passwordChangedAt: z.string().nullable(),
});
export type UserInfo = z.output<typeof userInfoSchema>;
