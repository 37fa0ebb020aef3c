import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from '@rehab/shared';

/** Locale files by namespace: src/locales/<locale>/<namespace>.json; only the current locale is downloaded. */
const files = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');

export async function initI18n(locale: Locale) {
  const resources: Record<string, Record<string, unknown>> = {};
  await Promise.all(
    Object.entries(files)
      .filter(([path]) => path.includes(`/locales/${locale}/`))
      .map(async ([path, load]) => {
        const ns = path.split('/').pop()!.replace('.json', '');
        resources[ns] = (await load()).default;
      }),
  );
  await i18n.use(initReactI18next).init({
    lng: locale,
    resources: { [locale]: resources },
    ns: Object.keys(resources),
    defaultNS: 'common',
    fallbackNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = locale;
  return i18n;
}

export { i18n };
