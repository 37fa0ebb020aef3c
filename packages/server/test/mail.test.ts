import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { translate } from '@rehab/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { DEMO, DEMO_PASSWORD, startTestServer, type TestServer } from './harness';

type Mail = { from: string; to: string[]; raw: string };

/** A local SMTP server that keeps every message it receives. */
async function startSmtp() {
  const received: Mail[] = [];
  const waiters: (() => void)[] = [];
  const smtp = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        waiters.splice(0).forEach((w) => w());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as net.AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** the newest message to an address, waiting for it to arrive */
    async mailTo(address: string, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const hit = [...received].reverse().find((m) => m.to.includes(address));
        if (hit) return hit;
        if (Date.now() > deadline) throw new Error(`no mail to ${address}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

/** Decodes the quoted-printable / base64 body of a plain-text mail well enough to find the code in it. */
function textOf(raw: string) {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  if (/content-transfer-encoding:\s*base64/i.test(head!))
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/content-transfer-encoding:\s*quoted-printable/i.test(head!)) {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

const codeFile = (server: TestServer) => path.join(server.dataDir, 'verification-codes.log');

let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(async () => {
  await smtp?.close();
});

describe('e-mail delivery through SMTP (demo mode)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ smtpUrl: smtp.url, mailFrom: 'Rehab <no-reply@rehab.example>' });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('mails the login code to the account, in the caller language, and the code signs in', async () => {
    const res = await s.api('POST', '/api/sys/sendLoginVerificationCode', {
      body: { type: 1, address: 'admin@rehab.example' },
      lang: 'en',
    });
    expect(res.body.code).toBe(0);
    const mail = await smtp.mailTo('admin@rehab.example');
    expect(mail.from).toBe('no-reply@rehab.example');
    expect(mail.raw).toMatch(/^Subject: Rehab clinic verification code/im);
    const text = textOf(mail.raw);
    const code = /\b(\d{6})\b/.exec(text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(text).toContain(translate('en', 'auth.codeMailLogin', { code: code! }));
    // demo mode also writes it to the code file: the same code
    expect(s.lastCode('admin@rehab.example')).toBe(code);

    const login = await s.login({
      account: 'admin@rehab.example',
      password: DEMO_PASSWORD,
      loginRoleType: 1,
      verificationCode: code,
      isLogin: 1,
    });
    expect(login.body.code).toBe(0);
  });

  it('mails the reset code in Chinese by default', async () => {
    const res = await s.api('POST', '/api/sys/sendResetPasswordCode', {
      body: { type: 1, address: 'doctor@rehab.example' },
    });
    expect(res.body.code).toBe(0);
    const mail = await smtp.mailTo('doctor@rehab.example');
    const text = textOf(mail.raw);
    const code = /(\d{6})/.exec(text)?.[1];
    expect(text).toContain(translate('zh-CN', 'auth.codeMailReset', { code: code! }));
  });

  it('mails nothing for an address without an account', async () => {
    const before = smtp.received.length;
    const res = await s.api('POST', '/api/sys/sendLoginVerificationCode', {
      body: { type: 1, address: 'stranger@rehab.example' },
    });
    expect(res.body.code).toBe(0);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.received.length).toBe(before);
  });
});

describe('production mode', () => {
  it('is what NODE_ENV=production selects', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).production).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).production).toBe(false);
    expect(loadConfig({}).production).toBe(false);
  });

  let p: TestServer;
  const sms: { phone: string; text: string }[] = [];
  beforeAll(async () => {
    p = await startTestServer(
      { smtpUrl: smtp.url },
      { NODE_ENV: 'production' },
      { sms: { send: async (phone, text) => void sms.push({ phone, text }) } },
    );
  });
  afterAll(async () => {
    await p?.close();
  });

  it('mails the code but never writes the code file', async () => {
    expect(p.config.production).toBe(true);
    const res = await p.api('POST', '/api/sys/sendLoginVerificationCode', {
      body: { type: 1, address: 'therapist@rehab.example' },
    });
    expect(res.body.code).toBe(0);
    const mail = await smtp.mailTo('therapist@rehab.example');
    const code = /(\d{6})/.exec(textOf(mail.raw))?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(fs.existsSync(codeFile(p))).toBe(false);

    const login = await p.login({
      account: 'therapist@rehab.example',
      password: DEMO_PASSWORD,
      loginRoleType: 1,
      verificationCode: code,
      isLogin: 1,
    });
    expect(login.body.code).toBe(0);
  });

  it('sends phone codes through the SMS provider, without the code file', async () => {
    const res = await p.api('POST', '/api/sys/sendLoginVerificationCode', {
      body: { type: 2, address: DEMO.doctor },
      lang: 'en',
    });
    expect(res.body.code).toBe(0);
    expect(sms).toHaveLength(1);
    expect(sms[0]!.phone).toBe(DEMO.doctor);
    const code = /(\d{6})/.exec(sms[0]!.text)?.[1];
    expect(sms[0]!.text).toBe(translate('en', 'auth.codeMailLogin', { code: code! }));
    expect(fs.existsSync(codeFile(p))).toBe(false);
    const login = await p.login({
      account: DEMO.doctor,
      password: DEMO_PASSWORD,
      loginRoleType: 1,
      verificationCode: code,
      isLogin: 1,
    });
    expect(login.body.code).toBe(0);
  });
});

describe('delivery failures (production, unreachable mail server, no SMS provider)', () => {
  let f: TestServer;
  const logLines: string[] = [];
  beforeAll(async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    f = await startTestServer({ smtpUrl: `smtp://127.0.0.1:${port}` }, { NODE_ENV: 'production' }, { logLines });
  });
  afterAll(async () => {
    await f?.close();
  });

  it('answers that the mailed code could not be sent', async () => {
    const res = await f.api('POST', '/api/sys/sendResetPasswordCode', {
      body: { type: 1, address: 'admin@rehab.example' },
    });
    expect(res.body.code).not.toBe(0);
    expect(res.status).toBe(res.body.code);
    expect(res.body.msgKey).toBe('auth.codeSendFailed');
  });

  it('answers that a phone code could not be sent, and writes no code file', async () => {
    const res = await f.api('POST', '/api/sys/sendLoginVerificationCode', {
      body: { type: 2, address: DEMO.doctor },
      lang: 'en',
    });
    expect(res.body.code).not.toBe(0);
    expect(res.status).toBe(res.body.code);
    expect(res.body.msgKey).toBe('auth.smsUnavailable');
    expect(res.body.msg).toBe(translate('en', 'auth.smsUnavailable'));
    expect(fs.existsSync(codeFile(f))).toBe(false);
  });

  it('says at start that phone codes cannot be sent', () => {
    expect(logLines.some((l) => l.includes('no SMS provider configured (SMS_HTTP_URL unset)'))).toBe(true);
  });
});

describe('the HTTP SMS provider (SMS_HTTP_URL)', () => {
  const received: { auth: string | undefined; body: { phone: string; text: string; sign: string } }[] = [];
  let status = 200;
  let provider: http.Server;
  let h: TestServer;
  const logLines: string[] = [];
  beforeAll(async () => {
    provider = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
      req.on('end', () => {
        received.push({ auth: req.headers.authorization, body: JSON.parse(raw) });
        res.statusCode = status;
        res.end('{}');
      });
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    const port = (provider.address() as net.AddressInfo).port;
    h = await startTestServer(
      {},
      {
        NODE_ENV: 'production',
        SMS_HTTP_URL: `http://127.0.0.1:${port}/send`,
        SMS_HTTP_TOKEN: 'sms-secret',
        SMS_HTTP_SIGN: '康复',
      },
      { logLines },
    );
  });
  afterAll(async () => {
    await h?.close();
    await new Promise<void>((resolve) => provider.close(() => resolve()));
  });

  it('posts the phone, the text and the sign with the token, and the code signs in', async () => {
    expect(h.config.sms.url).toMatch(/\/send$/);
    const res = await h.api('POST', '/api/sys/sendLoginVerificationCode', { body: { type: 2, address: DEMO.doctor } });
    expect(res.body.code).toBe(0);
    expect(received).toHaveLength(1);
    expect(received[0]!.auth).toBe('Bearer sms-secret');
    expect(received[0]!.body.phone).toBe(DEMO.doctor);
    expect(received[0]!.body.sign).toBe('康复');
    const code = /(\d{6})/.exec(received[0]!.body.text)?.[1];
    expect(received[0]!.body.text).toBe(translate('zh-CN', 'auth.codeMailLogin', { code: code! }));
    const login = await h.login({
      account: DEMO.doctor,
      password: DEMO_PASSWORD,
      loginRoleType: 1,
      verificationCode: code,
      isLogin: 1,
    });
    expect(login.body.code).toBe(0);
    expect(logLines.some((l) => l.includes('no SMS provider configured'))).toBe(false);
    // neither the code nor the phone reaches the log
    expect(logLines.some((l) => l.includes(code!))).toBe(false);
  });

  it('answers "could not be sent" when the provider refuses', async () => {
    status = 500;
    const res = await h.api('POST', '/api/sys/sendResetPasswordCode', {
      body: { type: 2, address: DEMO.therapist },
      lang: 'en',
    });
    expect(res.status).toBe(503);
    expect(res.body.msgKey).toBe('auth.codeSendFailed');
    expect(received.at(-1)!.body.phone).toBe(DEMO.therapist);
  });
});
