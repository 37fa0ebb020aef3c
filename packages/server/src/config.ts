import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { DEFAULT_OUTPATIENT_NO_FORMAT, QR_LOGIN_LIFETIME_MS, outpatientFormatProblem } from '@rehab/shared';

/** Every setting of the server, read from the environment once. The README lists them all. */
export type AppConfig = {
  port: number;
  host: string;
  production: boolean;
  /** PGlite data directory (also holds demo-mode verification codes) */
  dataDir: string;
  /** PostgreSQL connection string; when set, PGlite is not used */
  databaseUrl: string | null;
  /** idle limit of a session without keep-login, ms (spec: 1 hour) */
  sessionIdleMs: number;
  /** absolute lifetime of a keep-login session, ms */
  sessionKeepMs: number;
  /** lifetime of a QR collaborative login request, ms (issue 19: about two minutes) */
  qrLoginLifetimeMs: number;
  defaultPassword: string;
  /**
   * Growing delays after failed sign-ins (issue 22): a count per account and address pair, per account and per address;
   * past its free failures each further failure doubles the wait (1 s, 2 s, 4 s ...) up to the cap. Counts are
   * forgotten `forgetMs` after the last failure and, for the account, on a successful sign-in.
   */
  signInDelays: {
    pairFree: number;
    accountFree: number;
    addressFree: number;
    maxDelayMs: number;
    accountMaxDelayMs: number;
    forgetMs: number;
  };
  /**
   * The proof-of-work check at sign-in (issue 22): once an account has failed `after` times from an address (or the
   * address has used up its free failures across accounts), the next sign-in from there carries a solved challenge
   * of `difficulty` zero hex digits (16^difficulty SHA-256 tries on average), signed with `secret` and valid for
   * `ttlMs`, each once. Several servers behind a load balancer need the same CAPTCHA_SECRET.
   */
  captcha: { secret: string; after: number; difficulty: number; ttlMs: number };
  /** wrong current passwords in a row at a password change before the session is ended */
  passwordChangeMaxFailures: number;
  /** verification codes one caller (address) may ask for in an hour, whatever the accounts */
  codesPerCallerPerHour: number;
  codeTtlMs: number;
  codeCooldownMs: number;
  rateLimit: { loginPerMinute: number; codePerMinute: number };
  smtpUrl: string | null;
  mailFrom: string;
  /**
   * The HTTP SMS provider phone codes go out through (SMS_HTTP_URL, SMS_HTTP_TOKEN, SMS_HTTP_SIGN,
   * SMS_HTTP_TIMEOUT_SECONDS): a POST of `{ phone, text, sign }` as JSON, `Authorization: Bearer <token>` when a token
   * is set, any 2xx answer being a sent message. Without a url no SMS goes out (production says so at start).
   */
  sms: { url: string | null; token: string | null; sign: string; timeoutMs: number };
  seedDemo: boolean;
  webDist: string | null;
  logLevel: string;
  /** Redis joining the embedded MQTT brokers of several server processes (mqemitter-redis); null: one process */
  redisUrl: string | null;
  /** ANSWER_CACHE=off: no answer is kept by data version (the benchmark measures the uncached path with it) */
  answerCache: boolean;
  /** trust X-Forwarded-For from a reverse proxy in front (the client address of rate limits and sessions) */
  trustProxy: boolean;
  /** startup configuration of spec section 2, handed to the web app at run time */
  client: ClientConfig;
  /** scheduled jobs: run in this process (off: the API still edits them), their time zone, how often the job table is re-read */
  scheduler: { enabled: boolean; timezone: string; syncMs: number };
  /**
   * The hospital-system entry (POST /sys/ssoLogin): the secret shared with the hospital system (null: the entry is
   * refused), the organization it opens (null: the user's last or only one) and how old a signed request may be.
   */
  hisSso: { secret: string | null; organizationId: number | null; maxAgeMs: number };
  /** the outpatient number of a registration that brings none (OUTPATIENT_NO_FORMAT; shared patients/numbering.ts) */
  outpatientNoFormat: string;
  /**
   * Camera play tokens (getCameraToken, checked by the media gateway's auth hook): the HMAC key (CAMERA_TOKEN_SECRET;
   * unset, a random key per process, so several processes need it set) and how long a token opens a stream.
   */
  camera: { tokenSecret: string; tokenTtlMs: number };
  /**
   * The TURN relay of remote consultations' video calls (TURN_URLS, comma-separated `turn:`/`turns:`/`stun:` URLs;
   * TURN_SECRET, the relay's static-auth-secret; TURN_TTL_SECONDS, how long the credentials handed out work): the
   * standard shared-secret scheme (username `<expiry unix>:<userId>`, credential base64 HMAC-SHA1 of it). Without
   * URLs the browsers use host candidates only (a LAN).
   */
  turn: { urls: string[]; secret: string | null; ttlMs: number };
  /**
   * Addresses of camera media gateways (CSP_MEDIA_ORIGINS, space- or comma-separated, e.g. `http://gateway:8888`):
   * the Content-Security-Policy lets the camera player fetch and play from them (http/security-headers.ts).
   */
  cspMediaOrigins: string[];
  /**
   * Origins of the hospital system allowed to frame the treatment record page `/treatmentRecord/treatmentIframe`
   * (HIS_FRAME_ANCESTORS, space- or comma-separated, e.g. `https://his.hospital.cn`): that page's answer names them in
   * its `frame-ancestors`; every other page and the API stay framable by this origin only.
   */
  hisFrameAncestors: string[];
  /** where the databaseBackup job writes the embedded database's backups (BACKUP_DIR; DATA_DIR/backups by default) */
  backupDir: string;
  /** BENCH_BARE_ROUTES=1: the benchmark's bare routes (`npm run bench` only, never in normal runs) */
  benchBareRoutes: boolean;
  /**
   * Check each contract route's answer (code 0) against the contract's response schema and answer 500 naming the
   * difference: on under NODE_ENV=test, CHECK_RESPONSES=1/0 elsewhere, never in production.
   */
  checkResponses: boolean;
};

export type ClientConfig = {
  apiBase: string;
  mqttUrl: string;
  sessionIdleMs: number;
  /** the clinic's time zone (SCHEDULER_TIMEZONE): the web app's "today" is the server's */
  timeZone: string;
  footer: {
    copyright: string;
    copyrightEn: string;
    icp: string;
    publicSecurity: string;
    publicSecurityUrl: string;
    icpUrl: string;
  };
};

const int = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(n) ? n : fallback;
};

/** CSP_MEDIA_ORIGINS, HIS_FRAME_ANCESTORS: each entry a scheme, host and optional port (`*` allowed), nothing else. */
function cspSources(value: string | undefined, name = 'CSP_MEDIA_ORIGINS'): string[] {
  const list = (value ?? '').split(/[\s,]+/).filter(Boolean);
  for (const source of list)
    if (!/^(https?|wss?):\/\/(\*\.)?[A-Za-z0-9.-]+(:(\d{1,5}|\*))?$/.test(source))
      throw new Error(`${name}: ${JSON.stringify(source)} is not an address like http://gateway:8888`);
  return list;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const production = env.NODE_ENV === 'production';
  const sessionIdleMs = int(env.SESSION_IDLE_MS, 3_600_000);
  const config: AppConfig = {
    port: int(env.PORT, 8080),
    host: env.HOST || '0.0.0.0',
    production,
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || null,
    sessionIdleMs,
    sessionKeepMs: int(env.SESSION_KEEP_DAYS, 7) * 86_400_000,
    qrLoginLifetimeMs: int(env.QR_LOGIN_LIFETIME_MS, QR_LOGIN_LIFETIME_MS),
    defaultPassword: env.DEFAULT_PASSWORD || 'Welcome@2026',
    signInDelays: {
      pairFree: int(env.LOGIN_MAX_FAILURES, 5),
      accountFree: int(env.LOGIN_ACCOUNT_FREE_FAILURES, 10),
      addressFree: int(env.LOGIN_ADDRESS_FREE_FAILURES, 30),
      maxDelayMs: int(env.LOGIN_MAX_DELAY_MINUTES, 15) * 60_000,
      accountMaxDelayMs: int(env.LOGIN_ACCOUNT_MAX_DELAY_SECONDS, 60) * 1000,
      forgetMs: int(env.LOGIN_FORGET_MINUTES, 60) * 60_000,
    },
    captcha: {
      secret: env.CAPTCHA_SECRET || randomBytes(32).toString('hex'),
      after: int(env.LOGIN_CAPTCHA_AFTER, 3),
      difficulty: Math.min(6, Math.max(1, int(env.CAPTCHA_DIFFICULTY, 4))),
      ttlMs: int(env.CAPTCHA_TTL_SECONDS, 300) * 1000,
    },
    passwordChangeMaxFailures: int(env.PASSWORD_CHANGE_MAX_FAILURES, 5),
    codesPerCallerPerHour: int(env.RATE_LIMIT_CODES_PER_CALLER_PER_HOUR, 30),
    codeTtlMs: int(env.CODE_TTL_SECONDS, 300) * 1000,
    codeCooldownMs: int(env.CODE_COOLDOWN_SECONDS, 60) * 1000,
    rateLimit: {
      loginPerMinute: int(env.RATE_LIMIT_LOGIN_PER_MINUTE, 20),
      codePerMinute: int(env.RATE_LIMIT_CODE_PER_MINUTE, 5),
    },
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'Rehab <no-reply@rehab.example>',
    sms: {
      url: env.SMS_HTTP_URL || null,
      token: env.SMS_HTTP_TOKEN || null,
      sign: env.SMS_HTTP_SIGN || '',
      timeoutMs: int(env.SMS_HTTP_TIMEOUT_SECONDS, 10) * 1000,
    },
    seedDemo: env.SEED_DEMO !== '0',
    webDist: env.WEB_DIST === '' ? null : env.WEB_DIST || null,
    logLevel: env.LOG_LEVEL || 'info',
    redisUrl: env.REDIS_URL || null,
    answerCache: env.ANSWER_CACHE !== 'off',
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    client: {
      apiBase: env.CLIENT_API_BASE || '/api',
      mqttUrl: env.CLIENT_MQTT_URL || '',
      sessionIdleMs,
      timeZone: env.SCHEDULER_TIMEZONE || 'Asia/Shanghai',
      footer: {
        // the owner in each language (issue 21: one name in both footers mixed the languages)
        copyright: env.FOOTER_COPYRIGHT || '康复诊疗管理系统',
        copyrightEn: env.FOOTER_COPYRIGHT_EN || (env.FOOTER_COPYRIGHT ? env.FOOTER_COPYRIGHT : 'Rehab Clinic Software'),
        icp: env.FOOTER_ICP || '',
        icpUrl: env.FOOTER_ICP_URL || 'https://beian.miit.gov.cn/',
        publicSecurity: env.FOOTER_PUBLIC_SECURITY || '',
        publicSecurityUrl: env.FOOTER_PUBLIC_SECURITY_URL || 'https://beian.mps.gov.cn/',
      },
    },
    scheduler: {
      enabled: env.SCHEDULER_ENABLED !== '0' && env.SCHEDULER_ENABLED !== 'false',
      timezone: env.SCHEDULER_TIMEZONE || 'Asia/Shanghai',
      syncMs: int(env.SCHEDULER_SYNC_SECONDS, 10) * 1000,
    },
    hisSso: {
      secret: env.HIS_SSO_SECRET || null,
      organizationId: env.HIS_SSO_ORGANIZATION_ID ? int(env.HIS_SSO_ORGANIZATION_ID, 0) || null : null,
      maxAgeMs: int(env.HIS_SSO_MAX_AGE_SECONDS, 300) * 1000,
    },
    outpatientNoFormat: env.OUTPATIENT_NO_FORMAT || DEFAULT_OUTPATIENT_NO_FORMAT,
    turn: {
      urls: (env.TURN_URLS ?? '')
        .split(',')
        .map((u) => u.trim())
        .filter(Boolean),
      secret: env.TURN_SECRET || null,
      ttlMs: int(env.TURN_TTL_SECONDS, 43_200) * 1000,
    },
    camera: {
      tokenSecret: env.CAMERA_TOKEN_SECRET || randomBytes(32).toString('hex'),
      tokenTtlMs: int(env.CAMERA_TOKEN_TTL_SECONDS, 120) * 1000,
    },
    cspMediaOrigins: cspSources(env.CSP_MEDIA_ORIGINS),
    hisFrameAncestors: cspSources(env.HIS_FRAME_ANCESTORS, 'HIS_FRAME_ANCESTORS'),
    backupDir: env.BACKUP_DIR ? path.resolve(env.BACKUP_DIR) : '',
    benchBareRoutes: env.BENCH_BARE_ROUTES === '1',
    checkResponses: !production && (env.CHECK_RESPONSES ? env.CHECK_RESPONSES === '1' : env.NODE_ENV === 'test'),
    ...overrides,
  };
  // beside the database unless set (after the overrides: a test's own data directory)
  config.backupDir ||= path.join(config.dataDir, 'backups');
  const numbering = outpatientFormatProblem(config.outpatientNoFormat);
  if (numbering) throw new Error(`OUTPATIENT_NO_FORMAT ${JSON.stringify(config.outpatientNoFormat)}: ${numbering}`);
  return config;
}
