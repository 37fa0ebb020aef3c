// A member of an organization made straight in the database, for tests that need one more person than the demo has.
import { hashPassword } from '../src/modules/auth';
import { userOffices, userOrganizations, users } from '../src/modules/users/users.tables';
import { userRoles } from '../src/modules/roles/roles.tables';
import { DEMO_PASSWORD, type TestServer } from './harness';

/** A user with the demo password, member of one organization with one role (and office); answers the user's id. */
export async function addMember(
  s: TestServer,
  phone: string,
  organizationId: number,
  roleId: number,
  officeId?: number,
): Promise<number> {
  const [u] = await s.app.db
    .insert(users)
    .values({ name: `用户${phone.slice(-2)}`, phone, passwordHash: await hashPassword(DEMO_PASSWORD) })
    .returning({ id: users.id });
  await s.app.db.insert(userOrganizations).values({ userId: u!.id, organizationId });
  await s.app.db.insert(userRoles).values({ userId: u!.id, organizationId, roleId });
  if (officeId) await s.app.db.insert(userOffices).values({ userId: u!.id, officeId });
  return u!.id;
}
