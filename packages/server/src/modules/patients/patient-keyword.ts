import { or, sql, type SQL } from 'drizzle-orm';
import { escapeLike } from '../../db/like';
import { patients } from './patients.tables';

/**
 * A patient search keyword as every patient list and picker reads it, each a prefix on the (organization, column)
 * indexes of pat_patient: letters match the pinyin or its initials (kept in lower case), digits (and X) the identity
 * number, anything else the name as typed.
 */
export function patientKeywordSql(keyword: string): SQL {
  const k = escapeLike(keyword);
  if (/^[a-z]+$/i.test(keyword)) {
    const lower = `${k.toLowerCase()}%`;
    return or(sql`${patients.namePinyin} LIKE ${lower}`, sql`${patients.nameInitials} LIKE ${lower}`)!;
  }
  if (/^[0-9Xx]+$/.test(keyword)) return sql`${patients.idNumber} LIKE ${`${k.toUpperCase()}%`}`;
  return sql`${patients.name} LIKE ${`${k}%`}`;
}
