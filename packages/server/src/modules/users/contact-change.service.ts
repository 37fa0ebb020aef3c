import { eq } from 'drizzle-orm';
import type { Locale } from '@rehab/shared';
import type { AppContext } from '../../context';
import { users } from './users.tables';
import { AppError, notFound } from '../../http/errors';
import { checkCode, issueCode, type CodePurpose, findUserByAccount } from '../auth';

/**
 * Changing one's own phone number or e-mail address (My Center): a code goes to the NEW address and must come back
 * before the address is saved, so nobody binds an address they do not hold. The code is bound to the address and to
 * the user who asked for it (purpose `contact:<userId>`), with the cooldown, lifetime, attempt limit and demo-mode
 * log of the sign-in codes.
 */
const purposeOf = (userId: number): CodePurpose => `contact:${userId}`;
const same = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();

type Channel = 'email' | 'phone';
const channelOf = (type: number): Channel => (type === 2 ? 'phone' : 'email');

async function currentUser(app: AppContext, userId: number) {
  const [user] = await app.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw notFound();
  return user;
}

/** An address taken by another account is refused (409) before any code is sent or checked. */
export async function assertAddressFree(app: AppContext, userId: number, address: string, field: string) {
  const other = await findUserByAccount(app.db, address);
  if (!other || other.id === userId) return;
  throw field === 'phone'
    ? new AppError(409, 'admin.phoneTaken', { phone: address.trim() }, { field })
    : new AppError(409, 'user.emailTaken', {}, { field });
}

export async function sendContactCode(
  app: AppContext,
  userId: number,
  input: { type: number; address: string },
  locale: Locale,
) {
  const channel = channelOf(input.type);
  if (!app.delivery.available(channel)) throw app.delivery.unavailable(channel);
  const user = await currentUser(app, userId);
  if (same(channel === 'phone' ? user.phone : user.email, input.address)) {
    throw new AppError(400, 'user.addressUnchanged', {}, { field: 'address' });
  }
  await assertAddressFree(app, userId, input.address, channel);
  await issueCode(app, { purpose: purposeOf(userId), channel, address: input.address, locale, deliver: true });
}

/** Checks a code without using it up: the form learns early that it is right; saving uses it. */
export async function checkContactCode(app: AppContext, userId: number, input: { address: string; code: string }) {
  await checkCode(app, { purpose: purposeOf(userId), address: input.address, code: input.code, consume: false });
}

/**
 * What a personal-info save needs for each changed address: the address must be free and its code right; the codes
 * are used up only once every check has passed. Removing the e-mail address needs no code; the phone cannot be
 * removed (it is the account).
 */
export async function verifyContactChanges(
  app: AppContext,
  userId: number,
  input: { email?: string; phone?: string; emailCode?: string; phoneCode?: string },
) {
  const user = await currentUser(app, userId);
  const changes: { field: Channel; address: string; code: string }[] = [];
  if (input.email && !same(input.email, user.email)) {
    if (!input.emailCode) throw new AppError(400, 'user.emailCodeRequired', {}, { field: 'emailCode' });
    changes.push({ field: 'email', address: input.email, code: input.emailCode });
  }
  if (input.phone && !same(input.phone, user.phone)) {
    if (!input.phoneCode) throw new AppError(400, 'user.phoneCodeRequired', {}, { field: 'phoneCode' });
    changes.push({ field: 'phone', address: input.phone, code: input.phoneCode });
  }
  for (const c of changes) await assertAddressFree(app, userId, c.address, c.field);
  const purpose = purposeOf(userId);
  for (const c of changes) {
    await checkCode(app, { purpose, address: c.address, code: c.code, consume: false }).catch((err: unknown) => {
      throw withField(err, `${c.field}Code`);
    });
  }
  for (const c of changes) await checkCode(app, { purpose, address: c.address, code: c.code, consume: true });
}

/** A code refusal pointed at the field of the form that holds that code. */
function withField(err: unknown, field: string) {
  if (!(err instanceof AppError)) return err;
  return new AppError(err.code, err.key, err.params, { ...err.extra, field });
}
