import { createChallenge, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { ResultCode, type CaptchaChallenge } from '@rehab/shared';
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import { clockNow } from '../../kernel/clock';
import { captchaUses } from './auth.tables';

/**
 * The check a script cannot pass cheaply at sign-in (issue 22): a proof of work of ALTCHA (altcha-lib, MIT), served
 * by this server, with no third-party service (none reachable from every Chinese hospital network, and no visitor
 * data leaves the hospital). The browser tries SHA-256 keys until one starts with `difficulty` zero hex digits (16^4 =
 * 65,536 tries on average by default, a second or two on a tablet); the server checks the one key in microseconds.
 * A guessing script pays that work on every further guess, on top of the growing delays.
 */
export async function issueCaptcha(app: AppContext): Promise<CaptchaChallenge> {
  const { secret, difficulty, ttlMs } = app.config.captcha;
  const challenge = await createChallenge({
    algorithm: 'SHA-256',
    cost: 1,
    keyPrefix: '0'.repeat(difficulty),
    deriveKey,
    hmacSignatureSecret: secret,
    // the expiry in the signed data, checked on the server's clock (the library's own check reads the wall clock)
    data: { expiresAt: clockNow().getTime() + ttlMs },
  });
  return challenge as CaptchaChallenge;
}

/** A sign-in's answer that asks for (or again for) a solved challenge: the form shows the check. */
export const captchaRefused = (key: 'auth.captchaRequired' | 'auth.captchaInvalid') =>
  new AppError(ResultCode.badRequest, key, {}, { field: 'captcha', captcha: true });

/**
 * Checks a solved challenge (the form's base64 JSON of `{ challenge, solution }`): signed by this server, not
 * expired, the key right, and not used before (recorded in the same step, so a second use fails also on another
 * server process). Refuses with `auth.captchaInvalid` otherwise.
 */
export async function checkCaptcha(app: AppContext, payload: string | undefined) {
  if (!payload) throw captchaRefused('auth.captchaRequired');
  let parsed: { challenge: Challenge; solution: Solution };
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as typeof parsed;
    if (typeof parsed?.challenge?.signature !== 'string' || typeof parsed.solution?.derivedKey !== 'string')
      throw new Error('shape');
  } catch {
    throw captchaRefused('auth.captchaInvalid');
  }
  const { challenge, solution } = parsed;
  // the difficulty is this server's, whatever the challenge says (it is signed, so it says what the server set)
  if (challenge.parameters?.keyPrefix !== '0'.repeat(app.config.captcha.difficulty))
    throw captchaRefused('auth.captchaInvalid');
  const result = await verifySolution({
    challenge,
    solution,
    deriveKey,
    hmacSignatureSecret: app.config.captcha.secret,
  }).catch(() => null);
  const expiresAt = new Date(Number(challenge.parameters.data?.expiresAt ?? 0));
  if (!result?.verified || !(expiresAt > clockNow())) throw captchaRefused('auth.captchaInvalid');
  const [used] = await app.db
    .insert(captchaUses)
    .values({ signature: challenge.signature!.slice(0, 128), expiresAt })
    .onConflictDoNothing()
    .returning({ signature: captchaUses.signature });
  if (!used) throw captchaRefused('auth.captchaInvalid');
}
