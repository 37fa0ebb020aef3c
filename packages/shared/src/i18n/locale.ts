/** Supported locales. The stored preference uses the spec's spelling (zh-cn, en); headers use zh-CN / en. */
export const LOCALES = ['zh-CN', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-CN';
/** The setting key under which the web app stores the user's language preference. */
export const LOCALE_STORAGE_KEY = 'user-locale';

/** Maps any spelling (zh, zh-cn, zh-Hans-CN, en-US, an Accept-Language list ...) to a supported locale. */
export function normalizeLocale(input: string | null | undefined, fallback: Locale = DEFAULT_LOCALE): Locale {
  if (!input) return fallback;
  const first = input.split(',')[0]!.trim().toLowerCase();
  if (first.startsWith('zh')) return 'zh-CN';
  if (first.startsWith('en')) return 'en';
  return fallback;
}

/** The spec's stored value for a locale: zh-cn or en. */
export const storedLocaleValue = (locale: Locale) => (locale === 'zh-CN' ? 'zh-cn' : 'en');
