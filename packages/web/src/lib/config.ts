/** Startup configuration of spec section 2, read at run time from /runtime-config.js (served by the server). */
export type AppConfig = {
  apiBase: string;
  dataServiceBase: string;
  clientAddress: string;
  /** message-queue websocket address; empty means the page host's /mqtt */
  mqttUrl: string;
  subSystemUrl: string;
  sessionIdleMs: number;
  footer: { copyright: string; icp: string; icpUrl: string; publicSecurity: string; publicSecurityUrl: string };
};

declare global {
  interface Window {
    __APP_CONFIG__?: Partial<AppConfig>;
  }
}

const defaults: AppConfig = {
  apiBase: '/api',
  dataServiceBase: '',
  clientAddress: '',
  mqttUrl: '',
  subSystemUrl: '',
  sessionIdleMs: 3_600_000,
  footer: { copyright: '', icp: '', icpUrl: '', publicSecurity: '', publicSecurityUrl: '' },
};

export const appConfig: AppConfig = {
  ...defaults,
  ...(typeof window !== 'undefined' ? window.__APP_CONFIG__ : {}),
} as AppConfig;
