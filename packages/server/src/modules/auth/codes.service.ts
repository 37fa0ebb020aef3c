import crypto from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { ResultCode, type Locale } from '@rehab/shared';
import type { AppContext } from '../../context';
import { verificationCodes } from './auth.tables';
import { AppError, badRequest } from '../../http/errors';
import type { CodePurpose } from './delivery';
import { sha256 } from './tokens';
import { clockNow, clockMs } from '../../kernel/clock';

const MAX_ATTEMPTS = 5;
const hashOf = (purpose: string, address: string, code: string) => sha256(`${purpose}:${address}:${code}`);
const normalize = (address: string) => address.trim().toLowerCase();

/**
 * Issues a 6-digit code: at most one per address and purpose every cooldown (60 s), valid for 5 minutes, single use.
 * `deliver` is false for an address that has no account: the caller is told the same as for a real one, so the
 * form cannot be used to find out who has an account, but nothing is sent.
 */
export async function issueCode(
  app: AppContext,
  input: { purpose: CodePurpose; channel: 'email' | 'phone'; address: string; locale: Locale; deliver: boolean },
) {
  const address = normalize(input.address);
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
  // check and insert under a lock on the address, so that requests at the same moment issue one code, not several
  const waitSeconds = await app.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`code:${input.purpose}:${address}`}))`);
    const [last] = await tx
      .select({ createdAt: verificationCodes.createdAt })
      .from(verificationCodes)
      .where(and(eq(verificationCodes.purpose, input.purpose), eq(verificationCodes.address, address)))
      .orderBy(desc(verificationCodes.createdAt))
      .limit(1);
    const now = clockMs();
    if (last && now - last.createdAt.getTime() < app.config.codeCooldownMs) {
      return Math.ceil((app.config.codeCooldownMs - (now - last.createdAt.getTime())) / 1000);
    }
    await tx.insert(verificationCodes).values({
      purpose: input.purpose,
      address,
      codeHash: hashOf(input.purpose, address, code),
      createdAt: new Date(now),
      expiresAt: new Date(now + app.config.codeTtlMs),
    });
    return 0;
  });
  if (waitSeconds > 0) {
    // `seconds` also as a field, so that the form can run its countdown from what the server says
    throw new AppError(
      ResultCode.tooManyRequests,
      'auth.codeCooldown',
      { seconds: waitSeconds },
      { seconds: waitSeconds },
    );
  }
  if (input.deliver) {
    await app.delivery.send({
      channel: input.channel,
      address: input.address.trim(),
      code,
      purpose: input.purpose,
      locale: input.locale,
    });
  }
}

/**
 * Checks a code against the newest one issued for the address: a newer code replaces the older ones, and once the
 * newest is used (or burnt) none of the older ones comes back. A wrong code counts an attempt and five wrong
 * attempts burn the code. With `consume`, a right code is used up.
 */
export async function checkCode(
  app: AppContext,
  input: { purpose: CodePurpose; address: string; code: string; consume: boolean },
) {
  const address = normalize(input.address);
  const [row] = await app.db
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.purpose, input.purpose), eq(verificationCodes.address, address)))
    .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
    .limit(1);
  if (!row || row.usedAt) throw badRequest('auth.codeInvalid');
  if (row.expiresAt.getTime() <= clockMs()) throw badRequest('auth.codeExpired');
  // the attempt is counted (atomically) before the comparison, so that parallel guesses cannot exceed the limit
  const unused = and(eq(verificationCodes.id, row.id), isNull(verificationCodes.usedAt));
  const [attempt] = await app.db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(unused)
    .returning({ attempts: verificationCodes.attempts });
  if (!attempt) throw badRequest('auth.codeInvalid');
  const burn = () => app.db.update(verificationCodes).set({ usedAt: clockNow() }).where(unused);
  if (attempt.attempts > MAX_ATTEMPTS) {
    await burn();
    throw badRequest('auth.codeInvalid');
  }
  const given = Buffer.from(hashOf(input.purpose, address, input.code.trim()));
  const expected = Buffer.from(row.codeHash);
  if (!crypto.timingSafeEqual(given, expected)) {
    if (attempt.attempts >= MAX_ATTEMPTS) await burn();
    throw badRequest('auth.codeInvalid');
  }
  if (!input.consume) {
    // a right code does not count as an attempt
    await app.db
      .update(verificationCodes)
      .set({ attempts: sql`greatest(${verificationCodes.attempts} - 1, 0)` })
      .where(eq(verificationCodes.id, row.id));
  } else {
    const used = await app.db
      .update(verificationCodes)
      .set({ usedAt: clockNow() })
      .where(and(eq(verificationCodes.id, row.id), isNull(verificationCodes.usedAt)))
      .returning({ id: verificationCodes.id });
    // two requests raced with the same code: only one of them gets it
    if (used.length === 0) throw badRequest('auth.codeInvalid');
  }
}
