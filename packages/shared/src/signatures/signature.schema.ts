import { z } from 'zod';
import { idSchema, pageQuerySchema } from '../schemas/common.schema';

/**
 * Electronic signatures (issue 19, part B): the organization's CA provider, the certificates bound to its users and
 * the one signing service every signed record goes through (assessment reports, work-order patient signatures,
 * remote consultation reports).
 * The signature log screen (/signature/log) shows only where the organization's CA integration is on (spec section 6).
 */
export const SignaturePerm = {
  /** the signature log of the organization (gated by CA integration: products.ts `ca`) */
  list: 'sys:signature:list',
  /** the organization's CA provider setting and its users' certificates (administrators) */
  provider: 'sys:signature:provider',
} as const;

/** CA vendors the server has an adapter for: `test` signs with a real key pair (ECDSA P-256) held by the server. */
export const CA_VENDORS = ['test'] as const;
export type CaVendor = (typeof CA_VENDORS)[number];

/** How a signer signs with a vendor (DHC's sign types): a USB key, a phone app, face recognition. */
export const CA_SIGN_TYPES = ['ukey', 'phone', 'face'] as const;
export type CaSignType = (typeof CA_SIGN_TYPES)[number];

/** How a signature was made: with a certificate of the CA provider, or a handwritten image from a signing pad. */
export const SIGNATURE_METHODS = ['ca', 'pad'] as const;
export type SignatureMethod = (typeof SIGNATURE_METHODS)[number];

/** The kinds of signed records. */
export const SIGNED_RECORD_KINDS = [
  'assessmentReport',
  'workOrderPatient',
  'consultationReport',
  'refundDecision',
  'meetingReport',
] as const;
export type SignedRecordKind = (typeof SIGNED_RECORD_KINDS)[number];

/**
 * A signature's state: valid (the record is what was signed and the signature value checks out), modified (the
 * record changed since signing), invalid (the stored signature does not verify: the signature row was altered).
 */
export const SIGNATURE_STATES = ['valid', 'modified', 'invalid'] as const;
export type SignatureState = (typeof SIGNATURE_STATES)[number];

const url = z
  .string()
  .trim()
  .max(300, { error: 'validation.tooLong' })
  .refine((v) => v === '' || /^https?:\/\/[^\s]+$/.test(v), { error: 'signature.badUrl' });

/** POST /sys/signature/provider/save: the organization's CA provider; a secret is written, never read back. */
export const caProviderSaveSchema = z.strictObject({
  vendor: z.enum(CA_VENDORS, { error: 'signature.badVendor' }),
  signTypes: z
    .array(z.enum(CA_SIGN_TYPES, { error: 'validation.invalidOption' }), { error: 'validation.invalid' })
    .min(1, { error: 'signature.signTypesRequired' })
    .max(CA_SIGN_TYPES.length)
    .transform((v) => [...new Set(v)]),
  serviceUrl: url.default(''),
  callbackUrl: url.default(''),
  appId: z.string().trim().max(100, { error: 'validation.tooLong' }).default(''),
  /** a new application secret; omitted or empty keeps the stored one */
  appSecret: z.string().max(200, { error: 'validation.tooLong' }).optional(),
  /** hours a signer may let the service sign for them after one confirmation (0: every signature confirmed) */
  autoSignHours: z.number({ error: 'validation.invalid' }).int().min(0).max(24).default(0),
});
export type CaProviderSave = z.output<typeof caProviderSaveSchema>;

export const caProviderSchema = z.strictObject({
  caIntegration: z.boolean(),
  configured: z.boolean(),
  vendor: z.enum(CA_VENDORS),
  signTypes: z.array(z.enum(CA_SIGN_TYPES)),
  serviceUrl: z.string(),
  callbackUrl: z.string(),
  appId: z.string(),
  hasSecret: z.boolean(),
  autoSignHours: z.number().int(),
});
export type CaProvider = z.infer<typeof caProviderSchema>;

/** A PNG as a data URL (the seal image), at most about 200 KB. */
const pngDataUrl = z
  .string()
  .max(280_000, { error: 'signature.sealTooLarge' })
  .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/, { error: 'signature.sealType' });

/** POST /sys/signature/cert/bind: binds a certificate of the provider to a member of the organization. */
export const certBindSchema = z.strictObject({
  userId: idSchema,
  /** validity in days from now (the test vendor issues the certificate; a real vendor answers its own) */
  validDays: z.number({ error: 'validation.invalid' }).int().min(1).max(3650).default(365),
  sealImage: pngDataUrl.optional(),
});
export type CertBind = z.output<typeof certBindSchema>;

export const certRowSchema = z.strictObject({
  id: z.number().int(),
  userId: z.number().int(),
  userName: z.string(),
  vendor: z.string(),
  serial: z.string(),
  subject: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
  hasSeal: z.boolean(),
  /** revoked by a newer certificate of the same user */
  active: z.boolean(),
});
export type CertRow = z.infer<typeof certRowSchema>;

export const signatureListSchema = pageQuerySchema.extend({
  kind: z.enum(SIGNED_RECORD_KINDS, { error: 'validation.invalidOption' }).optional(),
  method: z.enum(SIGNATURE_METHODS, { error: 'validation.invalidOption' }).optional(),
  signerName: z.string().trim().max(50, { error: 'validation.tooLong' }).optional(),
  from: z.iso.date({ error: 'validation.invalid' }).optional(),
  to: z.iso.date({ error: 'validation.invalid' }).optional(),
  /** the whole filtered list for an Excel file (at most 5,000 rows, audited as an export) */
  exportAll: z.boolean().optional(),
});
export type SignatureListQuery = z.output<typeof signatureListSchema>;

export const signatureRowSchema = z.strictObject({
  id: z.number().int(),
  kind: z.enum(SIGNED_RECORD_KINDS),
  recordId: z.number().int(),
  label: z.string(),
  patientName: z.string().nullable(),
  method: z.enum(SIGNATURE_METHODS),
  signerName: z.string(),
  certSerial: z.string().nullable(),
  hash: z.string(),
  signedAt: z.string(),
  /** the signature value checks out against the certificate (pad: the image is the one stored) */
  intact: z.boolean(),
  /** a later signature of the same record replaced it */
  superseded: z.boolean(),
});
export type SignatureRow = z.infer<typeof signatureRowSchema>;

/** The signature of a record as its view shows it: the latest one, verified against the record as it is now. */
export const recordSignatureSchema = z.strictObject({
  caIntegration: z.boolean(),
  /** the caller has a valid certificate to sign with */
  canSign: z.boolean(),
  signature: z
    .strictObject({
      id: z.number().int(),
      state: z.enum(SIGNATURE_STATES),
      method: z.enum(SIGNATURE_METHODS),
      signerName: z.string(),
      certSerial: z.string().nullable(),
      signedAt: z.string(),
      hash: z.string(),
      /** signatures of this record before this one (kept, superseded) */
      superseded: z.number().int(),
    })
    .nullable(),
});
export type RecordSignature = z.infer<typeof recordSignatureSchema>;

/** The caller's authorized auto-sign window (issue 19): the organization's hours, whether they may open one, until. */
export const autoSignStateSchema = z.strictObject({
  caIntegration: z.boolean(),
  /** the organization's auto-sign hours (0: not allowed) */
  hours: z.number().int(),
  /** the caller holds a valid certificate and the organization allows auto-sign */
  canGrant: z.boolean(),
  /** the end of the open window, or null */
  activeUntil: z.string().nullable(),
});
export type AutoSignState = z.infer<typeof autoSignStateSchema>;
