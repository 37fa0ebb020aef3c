import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { offices } from './offices.tables';
import { rowIdByName } from '../master-data';
import type { NameLang } from '@rehab/shared';
import { organizationRelations } from '../organizations/organizations.tables';

const OFFICES: Required<NameLang>[] = [
  { 'zh-CN': '康复医学科', en: 'Rehabilitation Medicine' },
  { 'zh-CN': '物理治疗室', en: 'Physical Therapy' },
  { 'zh-CN': '作业治疗室', en: 'Occupational Therapy' },
  { 'zh-CN': '言语治疗室', en: 'Speech Therapy' },
];

/** The departments of each demo organization, then their structure (below). */
export async function seedDemoOffices(db: Db, organizationIds: number[]) {
  for (const organizationId of organizationIds) {
    await db
      .insert(offices)
      .values(OFFICES.map((o, i) => ({ organizationId, name: o['zh-CN'], nameLang: o, orderNum: i })));
  }
  await seedAdministration(db, organizationIds);
}

/** The departments of an organization in their order (demo data of later modules hangs on them). */
export async function officeIdsInOrder(db: Db, organizationId: number): Promise<number[]> {
  const rows = await db
    .select({ id: offices.id })
    .from(offices)
    .where(eq(offices.organizationId, organizationId))
    .orderBy(asc(offices.orderNum), asc(offices.id));
  return rows.map((r) => r.id);
}

/**
 * Demo structure of the administration screens: in each organization the therapy rooms sit under the
 * rehabilitation medicine department with their department types, and the two demo organizations are related
 * (the community centre refers patients to the hospital).
 */
export async function seedAdministration(db: Db, organizationIds: number[]) {
  for (const organizationId of organizationIds) {
    const rows = await db
      .select()
      .from(offices)
      .where(eq(offices.organizationId, organizationId))
      .orderBy(asc(offices.orderNum), asc(offices.id));
    const typeId = (name: string) => rowIdByName(db, 'officeType', organizationId, name);
    const [head, ...rooms] = rows;
    if (!head) continue;
    await db
      .update(offices)
      .set({ officeTypeId: await typeId('门诊科室'), phone: '010-64001234' })
      .where(eq(offices.id, head.id));
    const therapy = await typeId('治疗科室');
    for (const room of rooms) {
      await db.update(offices).set({ parentId: head.id, officeTypeId: therapy }).where(eq(offices.id, room.id));
    }
  }
  const [first, second] = organizationIds;
  if (first && second) {
    await db.insert(organizationRelations).values({ organizationId: first, relatedOrganizationId: second });
  }
}
