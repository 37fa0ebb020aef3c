import { and, count, eq } from 'drizzle-orm';
import { RoleId } from '@rehab/shared';
import type { Db } from './client';
import { syncSequences } from './client';
import {
  offices,
  organizations,
  roles,
  sysPostSmallType,
  sysPostType,
  userOffices,
  userOrganizations,
  userRoles,
  users,
  versions,
  type NameLang,
} from './schema';
import { hashPassword } from '../modules/auth/password';
import { syncBuiltinMenus } from '../modules/menus/menus.service';
import { seedMasterData } from '../modules/master-data/master-data.demo';
import { seedAdministration } from '../modules/offices/offices.demo';
import { seedTimeSlots } from '../modules/time-slots/time-slots.service';
import { seedMethods } from '../modules/methods/methods.service';
import { seedMessageDemo } from '../modules/messages/messages.demo';
import { seedDemoPatients } from '../modules/patients/patients.demo';
import { seedWorkOrderDemo } from '../modules/work-orders/work-orders.demo';
import { seedScheduling } from '../modules/scheduling/scheduling.demo';
import { seedPlanDemo } from '../modules/patients/plans.demo';
import { seedDemoAssessments } from '../modules/assessments/assessments.demo';
import { seedDemoMeetings } from '../modules/meetings/meetings.demo';
import { seedPlatformTemplates } from '../modules/platform-templates/platform-templates.demo';

export const DEMO_PASSWORD = 'Rehab@2026';

const BUILTIN_ROLES: { id: number; nameLang: Required<NameLang>; remark: string }[] = [
  { id: RoleId.superAdmin, nameLang: { 'zh-CN': '超级管理员', en: 'Super administrator' }, remark: 'platform' },
  {
    id: RoleId.orgAdmin,
    nameLang: { 'zh-CN': '机构管理员', en: 'Organization administrator' },
    remark: 'organization',
  },
  { id: RoleId.therapist, nameLang: { 'zh-CN': '治疗师', en: 'Therapist' }, remark: 'treating staff' },
  { id: RoleId.doctor, nameLang: { 'zh-CN': '医生', en: 'Doctor' }, remark: 'treating staff' },
  { id: RoleId.nurse, nameLang: { 'zh-CN': '护士', en: 'Nurse' }, remark: 'treating staff' },
];

const OFFICES: Required<NameLang>[] = [
  { 'zh-CN': '康复医学科', en: 'Rehabilitation Medicine' },
  { 'zh-CN': '物理治疗室', en: 'Physical Therapy' },
  { 'zh-CN': '作业治疗室', en: 'Occupational Therapy' },
  { 'zh-CN': '言语治疗室', en: 'Speech Therapy' },
];

/**
 * What every database needs (built-in roles and menus), then, on an empty database, either the demo data of the
 * README or the first administrator from INITIAL_ADMIN_PHONE / INITIAL_ADMIN_PASSWORD.
 */
export async function seed(db: Db, options: { demo: boolean; initialAdmin?: { phone: string; password: string } }) {
  await db
    .insert(roles)
    .values(
      BUILTIN_ROLES.map((r) => ({
        id: r.id,
        name: r.nameLang['zh-CN'],
        nameLang: r.nameLang,
        remark: r.remark,
        builtin: true,
      })),
    )
    .onConflictDoNothing();
  await syncSequences(db, ['sys_role']);
  await syncBuiltinMenus(db);

  const [{ n }] = (await db.select({ n: count() }).from(users)) as [{ n: number }];
  if (Number(n) > 0) return;
  if (options.demo) await seedDemo(db);
  else if (options.initialAdmin) await seedInitialAdmin(db, options.initialAdmin);
}

async function seedInitialAdmin(db: Db, admin: { phone: string; password: string }) {
  const [org] = await db
    .insert(organizations)
    .values({ name: '总院', nameLang: { 'zh-CN': '总院', en: 'Main hospital' } })
    .returning({ id: organizations.id });
  const [user] = await db
    .insert(users)
    .values({ name: '管理员', phone: admin.phone, passwordHash: await hashPassword(admin.password) })
    .returning({ id: users.id });
  await db.insert(userOrganizations).values({ userId: user!.id, organizationId: org!.id });
  await db.insert(userRoles).values({ userId: user!.id, organizationId: org!.id, roleId: RoleId.superAdmin });
}

async function seedDemo(db: Db) {
  const orgs = await db
    .insert(organizations)
    .values([
      { name: '康复示范医院', nameLang: { 'zh-CN': '康复示范医院', en: 'Rehab Demonstration Hospital' } },
      {
        name: '城东社区康复中心',
        nameLang: { 'zh-CN': '城东社区康复中心', en: 'East District Community Rehab Centre' },
      },
    ])
    .returning({ id: organizations.id });
  const officeIds: number[][] = [];
  for (const org of orgs) {
    const rows = await db
      .insert(offices)
      .values(OFFICES.map((o, i) => ({ organizationId: org.id, name: o['zh-CN'], nameLang: o, orderNum: i })))
      .returning({ id: offices.id });
    officeIds.push(rows.map((r) => r.id));
  }
  const [first, second] = [orgs[0]!.id, orgs[1]!.id];
  for (const org of orgs) await seedMasterData(db, org.id);
  await seedAdministration(db, [first, second]);
  for (const org of orgs) await seedTimeSlots(db, org.id);
  for (const org of orgs) await seedMethods(db, org.id);
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
        postTypeId: m.post ? await demoRowId(db, sysPostType, m.org, m.post) : null,
        postSmallTypeId: m.postSmall ? await demoRowId(db, sysPostSmallType, m.org, m.postSmall) : null,
      });
      await db.insert(userRoles).values(m.roles.map((roleId) => ({ userId: user!.id, organizationId: m.org, roleId })));
      if (m.offices.length)
        await db.insert(userOffices).values(m.offices.map((officeId) => ({ userId: user!.id, officeId })));
    }
  }

  await seedDemoPatients(db);

  await db.insert(versions).values({
    version: '1.0.0',
    releaseNote: '首个版本：登录、机构选择、首页与个人中心。',
    releaseNoteLang: {
      'zh-CN': '首个版本：登录、机构选择、首页与个人中心。',
      en: 'First release: sign-in, organization checkout, home dashboard and my center.',
    },
    isCurrent: true,
  });
  await seedMessageDemo(db);
  await seedWorkOrderDemo(db);
  await seedScheduling(db);
  await seedPlanDemo(db);
  await seedDemoAssessments(db);
  await seedDemoMeetings(db);
  await seedPlatformTemplates(db);
}

/** The id of an organization's master-data demo row by its name. */
async function demoRowId(db: Db, table: typeof sysPostType, organizationId: number, name: string) {
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.organizationId, organizationId), eq(table.name, name)))
    .limit(1);
  if (!row) throw new Error(`demo: no ${name} in organization ${organizationId}`);
  return row.id as number;
}
