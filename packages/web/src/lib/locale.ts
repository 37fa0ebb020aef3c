import { LOCALE_STORAGE_KEY, normalizeLocale, storedLocaleValue, type Locale } from '@rehab/shared';
import { storage } from './storage';

/** The language: the saved preference (user-locale: zh-cn or en), else the browser's, else zh-CN. */
export function currentLocale(): Locale {
  const saved = storage.get<string>(LOCALE_STORAGE_KEY);
  if (saved) return normalizeLocale(saved);
  return normalizeLocale(typeof navigator === 'undefined' ? null : navigator.language);
}

/** Saves the preference and reloads the page, as the spec asks. */
export function switchLocale(locale: Locale) {
  storage.set(LOCALE_STORAGE_KEY, storedLocaleValue(locale));
  window.location.reload();
}

/** The name of a record in the current language (`nameLang`), falling back to the plain name. */
export function localName(item: { name: string; nameLang?: Partial<Record<Locale, string>> | null }, locale: Locale) {
  return item.nameLang?.[locale] || item.name;
}
