import dayjs from 'dayjs';
import { entityField, refNameKey, type EntityDescriptor, type EntityRow, type Locale } from '@rehab/shared';

/** Date-time format of the screens (spec section 9: yyyy-MM-dd hh:mm:ss). */
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/**
 * The text of one cell, as the table shows it and the export writes it: option labels for codes, the referenced
 * row's name for a reference, yes / no for flags, two decimals for money. An empty value is ''.
 */
export function cellText(
  entity: EntityDescriptor,
  column: string,
  row: EntityRow,
  locale: Locale,
  words: { yes: string; no: string },
): string {
  const value = row[column];
  const field = entityField(entity, column);
  if (!field) {
    // the system columns: createdAt, updatedAt
    return value ? dayjs(value as string).format(DATE_TIME_FORMAT) : '';
  }
  if (field.type === 'ref') return (row[refNameKey(field)] as string | null) ?? '';
  if (value === null || value === undefined || value === '') return '';
  switch (field.type) {
    case 'enum':
      return field.options.find((o) => o.value === value)?.label[locale] ?? String(value);
    case 'bool':
      return value ? words.yes : words.no;
    case 'decimal':
      return Number(value).toFixed(field.scale);
    default:
      return String(value);
  }
}

/** The rows of a table as text, in the shown columns: what the Excel export writes under the headers. */
export function tableText(
  entity: EntityDescriptor,
  columns: readonly string[],
  rows: readonly EntityRow[],
  locale: Locale,
  words: { yes: string; no: string },
): string[][] {
  return rows.map((row) => columns.map((c) => cellText(entity, c, row, locale, words)));
}
