import i18n, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from '@rehab/shared';

/**
 * Locale files by namespace: src/locales/<locale>/<namespace>.json. Only the current language is used, and a
 * namespace downloads when a screen first asks for it (`useTranslation('shell')` suspends until it is there), so
 * the login page does not carry the strings of the other screens.
 */
const files = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');

const lazyFiles: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = files[`../locales/${language}/${namespace}.json`];
    if (!load) return callback(new Error(`no locale file ${language}/${namespace}`), false);
    load().then(
      (module) => callback(null, module.default),
      (error: Error) => callback(error, false),
    );
  },
};

export async function initI18n(locale: Locale) {
  await i18n
    .use(lazyFiles)
    .use(initReactI18next)
    .init({
      lng: locale,
      fallbackLng: false,
      ns: ['common'],
      defaultNS: 'common',
      fallbackNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  document.documentElement.lang = locale;
  return i18n;
}

export { i18n };
