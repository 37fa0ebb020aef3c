import { z } from 'zod';
import { sessionUserSchema } from '../schemas/auth.schema';

/** How long a QR login request lives (spec section 4: the QR is refreshed after it; about two minutes). */
export const QR_LOGIN_LIFETIME_MS = 120_000;
/** How often the login page polls (spec section 4 and 10: every 3 s). */
export const QR_POLL_INTERVAL_MS = 3000;
/** The QR's size in px and error level (spec section 4 and 10). */
export const QR_SIZE = 280;

/** The states of a QR login request: waiting -> scanned -> confirmed -> signedIn, or expired / cancelled. */
export const qrLoginStates = ['waiting', 'scanned', 'confirmed', 'signedIn', 'expired', 'cancelled'] as const;
export type QrLoginState = (typeof qrLoginStates)[number];

/** An opaque id of a login request: 32 url-safe characters. */
const opaqueId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{16,64}$/);

/** POST /sys/ca/getCALoginQrCode: what the login page renders and polls with (spec section 3). */
export const qrCodeResponseSchema = z.strictObject({
  /** the URL of the mobile confirmation page, carrying the request's public id */
  qrCode: z.string(),
  /** the id the login page polls with; never in the QR */
  signDataId: z.string(),
  /** ms until the request expires */
  expiresIn: z.number().int(),
});

/**
 * POST /sys/ca/pollLoginStatus/{signDataId}/{code}: `code` is `0` while waiting; once the request is confirmed the
 * answer carries a one-time `loginCode`, which the page sends back in place of `0` to get the session.
 */
export const qrPollParamsSchema = z.strictObject({
  signDataId: opaqueId,
  code: z.union([z.literal('0'), opaqueId]),
});

export const qrPollResponseSchema = z.strictObject({
  state: z.enum(['waiting', 'scanned', 'confirmed', 'signedIn']),
  /** who scanned or confirmed, once someone has */
  scannedBy: z.string().nullable(),
  /** the one-time code to exchange, in the `confirmed` answer only */
  loginCode: z.string().nullable(),
  /** the session, in the `signedIn` answer only: the same fields as POST /sys/login */
  token: z.string().nullable(),
  user: sessionUserSchema.nullable(),
  passwordAtRisk: z.boolean(),
  expire: z.number().nullable(),
});

/** The phone's calls name the request by the public id the QR carries. */
export const qrRequestBodySchema = z.strictObject({ qrId: opaqueId });

/** What the phone's confirmation page shows of the request. */
export const qrRequestInfoSchema = z.strictObject({
  state: z.enum(qrLoginStates),
  /** the asking browser, summarized from its user agent (e.g. `Chrome 130 · Windows`) */
  client: z.string(),
  ip: z.string(),
  requestedAt: z.string(),
  expiresAt: z.string(),
  /** the organization the confirmer is signed into (CA must be on there) */
  organizationName: z.string(),
});

/** GET /place/selectUserPlaces: a treatment place of one of the user's organizations. */
export const userPlaceSchema = z.strictObject({
  id: z.number(),
  name: z.string(),
  location: z.string().nullable(),
  capacity: z.number().nullable(),
  organizationId: z.number(),
  organizationName: z.string(),
});
