/** Startup configuration of spec section 2, read at run time from /runtime-config.js (served by the server). */
export type AppConfig = {
  apiBase: string;
  /** message-queue websocket address; empty means the page host's /mqtt */
  mqttUrl: string;
  sessionIdleMs: number;
  /** the clinic's time zone (the server's SCHEDULER_TIMEZONE): whose "today" the screens use (lib/clinic-day.ts) */
  timeZone: string;
  footer: {
    copyright: string;
    copyrightEn: string;
    icp: string;
    icpUrl: string;
    publicSecurity: string;
    publicSecurityUrl: string;
  };
};

declare global {
  interface Window {
    __APP_CONFIG__?: Partial<AppConfig>;
  }
}

const defaults: AppConfig = {
  apiBase: '/api',
  mqttUrl: '',
  sessionIdleMs: 3_600_000,
  timeZone: 'Asia/Shanghai',
  footer: { copyright: '', copyrightEn: '', icp: '', icpUrl: '', publicSecurity: '', publicSecurityUrl: '' },
};

export const appConfig: AppConfig = {
  ...defaults,
  ...(typeof window !== 'undefined' ? window.__APP_CONFIG__ : {}),
} as AppConfig;
