import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { offices } from './offices.tables';
import { sysOfficeType } from '../master-data/master-data.tables';
import { organizationRelations } from '../organizations/organizations.tables';

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
    const typeId = async (name: string) =>
      (
        await db
          .select({ id: sysOfficeType.id })
          .from(sysOfficeType)
          .where(and(eq(sysOfficeType.organizationId, organizationId), eq(sysOfficeType.name, name)))
          .limit(1)
      )[0]?.id ?? null;
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
