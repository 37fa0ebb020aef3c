/**
 * Where the servers under test listen and keep their data. E2E_PORT (main server; the short-idle one takes the next
 * port) and the data directory names let two runs share a machine; E2E_BASE_URL / E2E_SHORT_IDLE_URL point the specs
 * at servers started elsewhere.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
export const MAIN_DATA = process.env.E2E_MAIN_DATA ?? 'main';
export const SHORT_IDLE_DATA = process.env.E2E_SHORT_IDLE_DATA ?? 'short-idle';
export const BASE_URL = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${E2E_PORT}`;
/** a second server whose sessions go idle after a few seconds, for the idle-timeout dialog */
export const SHORT_IDLE_URL = process.env.E2E_SHORT_IDLE_URL ?? `http://127.0.0.1:${E2E_PORT + 1}`;
