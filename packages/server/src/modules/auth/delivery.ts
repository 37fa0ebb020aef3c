import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { translate, type Locale } from '@rehab/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config';
import { AppError } from '../../http/errors';
import { clockNow } from '../../kernel/clock';

/** `contact:<userId>`: a code confirming a new phone or e-mail address of that user's own account. */
export type CodePurpose = 'login' | 'reset' | `contact:${number}`;

const mailTextKey = (purpose: CodePurpose) =>
  purpose === 'login' ? 'auth.codeMailLogin' : purpose === 'reset' ? 'auth.codeMailReset' : 'auth.codeMailContact';

/** Sends verification codes by e-mail or SMS. */
export type CodeDelivery = {
  /** whether a code can go out on this channel at all (so refusals do not depend on the address) */
  available(channel: 'email' | 'phone'): boolean;
  /** the refusal when `available(channel)` is false: for phones, that no SMS provider is configured */
  unavailable(channel: 'email' | 'phone'): AppError;
  send(input: {
    channel: 'email' | 'phone';
    address: string;
    code: string;
    purpose: CodePurpose;
    locale: Locale;
  }): Promise<void>;
};

/** An SMS gateway: the configured HTTP provider (`httpSmsProvider`), or one a test or an embedding passes in. */
export type SmsProvider = { send(phone: string, text: string): Promise<void> };

export const sendFailed = () => new AppError(503, 'auth.codeSendFailed');
/** No SMS provider is configured: phone codes cannot go out at all (the answer says so rather than "failed"). */
export const smsUnavailable = () => new AppError(503, 'auth.smsUnavailable');

/**
 * The one configurable HTTP SMS provider (config `sms`, README): POSTs `{ phone, text, sign }` as JSON to the url,
 * with `Authorization: Bearer <token>` when a token is set. A 2xx answer is a sent message; anything else, a network
 * error or the timeout throws (the caller answers "could not be sent"). Neither the phone nor the text is logged.
 */
export function httpSmsProvider(sms: AppConfig['sms']): SmsProvider | null {
  const url = sms.url;
  if (!url) return null;
  return {
    async send(phone, text) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (sms.token) headers.authorization = `Bearer ${sms.token}`;
      const res = await fetch(url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ phone, text, sign: sms.sign }),
        signal: AbortSignal.timeout(sms.timeoutMs),
      });
      await res.arrayBuffer().catch(() => undefined);
      if (!res.ok) throw new Error(`SMS provider answered HTTP ${res.status}`);
    },
  };
}

/**
 * The delivery the configuration asks for: e-mail through SMTP when SMTP_URL is set; SMS through the provider
 * given. Outside production (the embedded demo mode), every code is also written to the server log and to
 * `DATA_DIR/verification-codes.log`, so that a demo or a test can sign in without a mailbox or a phone.
 */
export function createDelivery(
  config: AppConfig,
  log: FastifyBaseLogger,
  sms: SmsProvider | null = null,
): CodeDelivery {
  const transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null;
  const demo = !config.production;
  const demoFile = path.join(config.dataDir, 'verification-codes.log');
  if (!demo && !sms) {
    log.warn('no SMS provider configured (SMS_HTTP_URL unset): verification codes cannot be sent to phones');
  }
  if (!demo && !transport) {
    log.warn('no mail server configured (SMTP_URL unset): verification codes cannot be sent by e-mail');
  }

  return {
    available: (channel) => demo || (channel === 'email' ? transport !== null : sms !== null),
    unavailable: (channel) => (channel === 'phone' ? smsUnavailable() : sendFailed()),
    async send({ channel, address, code, purpose, locale }) {
      const text = translate(locale, mailTextKey(purpose), { code });
      if (demo) {
        log.info({ channel, address, purpose, code }, 'demo mode: verification code');
        fs.mkdirSync(config.dataDir, { recursive: true });
        fs.appendFileSync(demoFile, `${clockNow().toISOString()} ${purpose} ${address} ${code}\n`);
      }
      try {
        if (channel === 'email' && transport) {
          await transport.sendMail({
            from: config.mailFrom,
            to: address,
            subject: translate(locale, 'auth.codeMailSubject'),
            text,
          });
          return;
        }
        if (channel === 'phone' && sms) {
          await sms.send(address, text);
          return;
        }
      } catch (err) {
        log.warn({ err: (err as Error).message, channel }, 'verification code delivery failed');
        throw sendFailed();
      }
      if (!demo) throw sendFailed();
    },
  };
}
