import { eq } from 'drizzle-orm';
import type { NameLang, ProductCode } from '@rehab/shared';
import type { Db } from '../../db/client';
import { organizations } from './organizations.tables';

/** Creates an organization with its names; the first start without demo data makes one for the first administrator. */
export async function createOrganization(db: Db, nameLang: Required<NameLang>): Promise<number> {
  const [org] = await db
    .insert(organizations)
    .values({ name: nameLang['zh-CN'], nameLang })
    .returning({ id: organizations.id });
  return org!.id;
}

/** The two demo organizations of the README: the hospital and the community centre. */
export async function seedDemoOrganizations(db: Db) {
  await createOrganization(db, { 'zh-CN': '康复示范医院', en: 'Rehab Demonstration Hospital' });
  await createOrganization(db, { 'zh-CN': '城东社区康复中心', en: 'East District Community Rehab Centre' });
}

/** Switches a product module on for an organization (the demo data of a product that starts off). */
export async function enableProduct(db: Db, organizationId: number, code: ProductCode) {
  const [org] = await db
    .select({ products: organizations.products })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (!org || org.products.includes(code)) return;
  await db
    .update(organizations)
    .set({ products: [...org.products, code] })
    .where(eq(organizations.id, organizationId));
}
