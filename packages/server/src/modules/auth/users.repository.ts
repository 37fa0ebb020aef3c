import { eq, sql } from 'drizzle-orm';
import { accountKind } from '@rehab/shared';
import type { Db } from '../../db/client';
import { users } from '../users/users.tables';

/** The account with this phone number or e-mail address (case-insensitive), if any. */
export async function findUserByAccount(db: Db, account: string) {
  const kind = accountKind(account);
  if (!kind) return undefined;
  const value = account.trim();
  const [row] = await db
    .select()
    .from(users)
    .where(kind === 'phone' ? eq(users.phone, value) : eq(sql`lower(${users.email})`, value.toLowerCase()))
    .limit(1);
  return row;
}
