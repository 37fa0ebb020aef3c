import { z } from 'zod';
import { textWidth } from '../validators/text';

/**
 * The department's big screen (数据大屏, /frisEcharts/screenFris and /screen): a dark 1920x1080 stage for the TV of
 * the treatment hall, opened either by a signed-in user holding `view` or by a screen link (a device token an
 * administrator made: read-only, this screen only, revocable, optional expiry, stored hashed).
 */
export const ScreenPerm = {
  /** open the big screen as a signed-in user */
  view: 'sys:screen:view',
  /** make, list and revoke the screen links of the organization */
  links: 'sys:screen:links',
} as const;

/** The header a TV sends its screen link's token in (never the session's `token` header). */
export const SCREEN_TOKEN_HEADER = 'screen-token';
/** The URL fragment key of a screen link: `/frisEcharts/screenFris#screen=<token>` (a fragment never reaches a server). */
export const SCREEN_LINK_FRAGMENT = 'screen';
/** A screen token: 32 random bytes, base64url. */
export const screenTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

/**
 * A name as the big screen shows it: the first character, the rest as asterisks (张三 -> 张*, 欧阳小明 -> 欧***);
 * a Latin name keeps its initial (John Smith -> J***). Nothing else of a patient reaches the screen.
 */
export function maskName(name: string): string {
  const chars = Array.from(name.trim());
  if (chars.length === 0) return '*';
  if (/^[\p{Script=Latin}\s.'-]+$/u.test(name.trim())) return `${chars[0]}***`;
  return chars[0] + '*'.repeat(Math.max(1, chars.length - 1));
}

const count = z.number().int().nonnegative();

/** Today's throughput: work orders of the clinic's today, patients in treatment and completions per hour. */
export const screenTodaySchema = z.strictObject({
  date: z.string(),
  refreshedAt: z.string(),
  /** the live channel's topic that rings when the day's orders, bookings or shifts change (the schedule doorbell) */
  liveTopic: z.string(),
  /** distinct patients with a work order today */
  patients: count,
  /** distinct patients checked in and not yet done with all of today's orders */
  inTreatment: count,
  sessions: z.strictObject({ total: count, completed: count, unfinished: count, checkedIn: count }),
  /** completed sessions per hour of the clinic's day, 07:00 to 20:00 */
  hourly: z.array(z.strictObject({ hour: z.number().int().min(0).max(23), completed: count })),
});
export type ScreenToday = z.infer<typeof screenTodaySchema>;

/** Therapists busy or free, the busiest of the day, and the equipment in use. */
export const screenStaffSchema = z.strictObject({
  refreshedAt: z.string(),
  therapists: z.strictObject({ onDuty: count, busy: count, free: count }),
  /** the therapists with most completed sessions today, at most 8 */
  ranking: z.array(z.strictObject({ name: z.string(), completed: count, unfinished: count })),
  equipment: z.strictObject({ inUse: count, total: count }),
});
export type ScreenStaff = z.infer<typeof screenStaffSchema>;

/** The queue: patients checked in and waiting, oldest first, names masked. */
export const screenQueueSchema = z.strictObject({
  refreshedAt: z.string(),
  waiting: count,
  rows: z.array(
    z.strictObject({
      patient: z.string(),
      project: z.string(),
      therapist: z.string().nullable(),
      /** minutes since check-in */
      waitedMinutes: count,
    }),
  ),
});
export type ScreenQueue = z.infer<typeof screenQueueSchema>;

/** A quality tile: a rate over a window, with its numerator and denominator (null rate when nothing to count). */
export const screenRateSchema = z.strictObject({
  numerator: count,
  denominator: count,
  /** 0-100 with one decimal, null when the denominator is 0 */
  rate: z.number().min(0).max(100).nullable(),
});
export type ScreenRate = z.infer<typeof screenRateSchema>;

/** The quality-control tiles over the last 30 days (to yesterday) on the clinic's calendar. */
export const screenQualitySchema = z.strictObject({
  refreshedAt: z.string(),
  from: z.string(),
  to: z.string(),
  /** completed of the sessions due (completed + expired); invalidated sessions do not count */
  completion: screenRateSchema,
  /** completed sessions the patient signed */
  signed: screenRateSchema,
  /** courses whose first completed session came within 2 days of the course's start (早期康复介入) */
  earlyIntervention: screenRateSchema,
});
export type ScreenQuality = z.infer<typeof screenQualitySchema>;

/** A screen link as the administrator lists it (never the token itself, which is shown once when made). */
export const screenLinkRowSchema = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  lastSeenAt: z.string().nullable(),
  /** active, expired or revoked, as of now */
  state: z.enum(['active', 'expired', 'revoked']),
});
export type ScreenLinkRow = z.infer<typeof screenLinkRowSchema>;

export const screenLinkNameSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required', abort: true })
  .max(30, { error: 'validation.tooLong', abort: true })
  .refine((v) => textWidth(v) <= 60, { error: 'validation.widthTooLong' });

/** A new screen link: a name (where the TV hangs) and how many days it lasts (none: until revoked). */
export const screenLinkCreateSchema = z.strictObject({
  name: screenLinkNameSchema,
  validDays: z.number().int().min(1).max(3650).nullable().default(null),
});
export type ScreenLinkCreate = z.input<typeof screenLinkCreateSchema>;

/** The answer of making a link: the token, once; the screen opens at `/frisEcharts/screenFris#screen=<token>`. */
export const screenLinkMadeSchema = z.strictObject({ id: z.number().int(), token: screenTokenSchema });
