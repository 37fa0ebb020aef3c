import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Locale } from '@rehab/shared';

/**
 * A name in the reader's language: the English name on English screens where one is filled in, else the Chinese
 * one. The one rule behind every named entity's display (master data, treatment groups, equipment).
 */
export const localName = <T extends string | null>(locale: Locale, name: T, nameEn: string | null | undefined) =>
  ((locale === 'en' && nameEn) || name) as T;

/** `localName` as a column of a select: `coalesce(nullif(name_en, ''), name)` on English screens. */
export const localNameSql = <T extends string | null = string>(
  locale: Locale | undefined,
  name: SQLWrapper,
  nameEn: SQLWrapper,
): SQL<T> => (locale === 'en' ? sql<T>`coalesce(nullif(${nameEn}, ''), ${name})` : sql<T>`${name}`);
