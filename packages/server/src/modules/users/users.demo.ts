import { RoleId } from '@rehab/shared';
import type { Db } from '../../db/client';
import { userRoles } from '../roles/roles.tables';
import { userOffices, userOrganizations, users } from './users.tables';
import { DEMO_PASSWORD, hashPassword } from '../auth';
import { createOrganization } from '../organizations';
import { officeIdsInOrder } from '../offices';
import { rowIdByName } from '../master-data';

/** The password of every demo account (README; auth password-policy refuses it as a new password in production). */
export { DEMO_PASSWORD };

/** The demo accounts of the README, with their roles, departments and posts in the demo organizations. */
export async function seedDemoAccounts(db: Db, organizationIds: number[]) {
  const [first, second] = organizationIds as [number, number];
  const officeIds = [await officeIdsInOrder(db, first), await officeIdsInOrder(db, second)];
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  /** `post` and `postSmall` name the organization's post type and post small type (master-data demo rows) */
  type Membership = { org: number; roles: number[]; offices: number[]; post?: string; postSmall?: string };
  const accounts: { name: string; phone: string; email: string; memberships: Membership[] }[] = [
    {
      name: '系统管理员',
      phone: '13800000001',
      email: 'admin@rehab.example',
      memberships: [
        { org: first, roles: [RoleId.superAdmin], offices: [] },
        { org: second, roles: [RoleId.superAdmin], offices: [] },
      ],
    },
    {
      name: '机构管理员',
      phone: '13800000019',
      email: 'orgadmin@rehab.example',
      memberships: [{ org: first, roles: [RoleId.orgAdmin], offices: [] }],
    },
    {
      name: '王医生',
      phone: '13800000011',
      email: 'doctor@rehab.example',
      memberships: [
        { org: first, roles: [RoleId.doctor], offices: [officeIds[0]![0]!], post: '医生', postSmall: '康复医师' },
      ],
    },
    {
      name: '李治疗师',
      phone: '13800000010',
      email: 'therapist@rehab.example',
      memberships: [
        {
          org: first,
          roles: [RoleId.therapist],
          offices: [officeIds[0]![1]!, officeIds[0]![2]!],
          post: '治疗师',
          postSmall: '物理治疗师（PT）',
        },
        {
          org: second,
          roles: [RoleId.therapist],
          offices: [officeIds[1]![1]!],
          post: '治疗师',
          postSmall: '作业治疗师（OT）',
        },
      ],
    },
    {
      name: '陈收费员',
      phone: '13800000013',
      email: 'cashier@rehab.example',
      memberships: [{ org: first, roles: [RoleId.cashier], offices: [] }],
    },
    {
      name: '周财务',
      phone: '13800000014',
      email: 'finance@rehab.example',
      memberships: [{ org: first, roles: [RoleId.finance], offices: [] }],
    },
    {
      name: '赵治疗师',
      phone: '13800000020',
      email: 'therapist2@rehab.example',
      memberships: [
        {
          org: second,
          roles: [RoleId.therapist],
          offices: [officeIds[1]![1]!],
          post: '治疗师',
          postSmall: '言语治疗师（ST）',
        },
      ],
    },
    {
      // the community centre's doctor: the remote-consultation expert of the demo (issue 17)
      name: '孙医生',
      phone: '13800000021',
      email: 'expert@rehab.example',
      memberships: [
        { org: second, roles: [RoleId.doctor], offices: [officeIds[1]![0]!], post: '医生', postSmall: '康复医师' },
      ],
    },
  ];
  for (const account of accounts) {
    const [user] = await db
      .insert(users)
      .values({ name: account.name, phone: account.phone, email: account.email, passwordHash })
      .returning({ id: users.id });
    for (const m of account.memberships) {
      await db.insert(userOrganizations).values({
        userId: user!.id,
        organizationId: m.org,
        postTypeId: m.post ? await demoRowId(db, 'postType', m.org, m.post) : null,
        postSmallTypeId: m.postSmall ? await demoRowId(db, 'postSmallType', m.org, m.postSmall) : null,
      });
      await db.insert(userRoles).values(m.roles.map((roleId) => ({ userId: user!.id, organizationId: m.org, roleId })));
      if (m.offices.length)
        await db.insert(userOffices).values(m.offices.map((officeId) => ({ userId: user!.id, officeId })));
    }
  }
}

/** A database started without demo data gets one organization and its super administrator (INITIAL_ADMIN_*). */
export async function seedInitialAdmin(db: Db, admin: { phone: string; password: string }) {
  const organizationId = await createOrganization(db, { 'zh-CN': '总院', en: 'Main hospital' });
  const [user] = await db
    .insert(users)
    .values({ name: '管理员', phone: admin.phone, passwordHash: await hashPassword(admin.password) })
    .returning({ id: users.id });
  await db.insert(userOrganizations).values({ userId: user!.id, organizationId });
  await db.insert(userRoles).values({ userId: user!.id, organizationId, roleId: RoleId.superAdmin });
}

/** The id of an organization's master-data demo row by its name. */
async function demoRowId(db: Db, entity: string, organizationId: number, name: string) {
  const id = await rowIdByName(db, entity, organizationId, name);
  if (id === null) throw new Error(`demo: no ${name} in organization ${organizationId}`);
  return id;
}

/**
 * Demo staff added to an organization by another module's demo data (the work orders' extra therapists): accounts
 * with the demo password, members of the organization holding `roleId` there, and of `officeId` when given.
 */
export async function addDemoStaff(
  db: Db,
  organizationId: number,
  roleId: number,
  officeId: number | null,
  people: readonly { name: string; phone: string; email: string }[],
) {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const person of people) {
    const [u] = await db
      .insert(users)
      .values({ ...person, passwordHash })
      .returning({ id: users.id });
    await db.insert(userOrganizations).values({ userId: u!.id, organizationId });
    await db.insert(userRoles).values({ userId: u!.id, organizationId, roleId });
    if (officeId !== null) await db.insert(userOffices).values({ userId: u!.id, officeId });
  }
}
