import { and, asc, count, eq, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { OfficeRow } from '@rehab/shared';
import type { AppContext } from '../../context';
import { offices } from './offices.tables';
import { ownsRow, rowNames } from '../master-data';
import { userOffices } from '../users/users.tables';
import { AppError, conflict, notFound } from '../../http/errors';
import type { SessionContext } from '../../http/session';
import { manageableOrganizationIds, subtreeIds } from '../organizations';
import { escapeLike } from '../../db/like';

type OfficeValues = {
  name: string;
  nameEn: string;
  parentId: number | null;
  officeTypeId: number | null;
  phone: string | null;
  remark: string | null;
  orderNum: number;
};

const fieldError = (field: string, key: string) => new AppError(400, key, { field }, { field });

async function describe(app: AppContext, rows: (typeof offices.$inferSelect)[]): Promise<OfficeRow[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const parentIds = [...new Set(rows.map((r) => r.parentId).filter((v): v is number => v !== null))];
  const typeIds = [...new Set(rows.map((r) => r.officeTypeId).filter((v): v is number => v !== null))];
  const [parents, types, users] = await Promise.all([
    parentIds.length
      ? app.db.select({ id: offices.id, name: offices.name }).from(offices).where(inArray(offices.id, parentIds))
      : [],
    typeIds.length ? rowNames(app.db, 'officeType', typeIds) : [],
    app.db
      .select({ id: userOffices.officeId, n: count() })
      .from(userOffices)
      .where(inArray(userOffices.officeId, ids))
      .groupBy(userOffices.officeId),
  ]);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    nameLang: r.nameLang as Record<string, string>,
    parentId: r.parentId,
    parentName: parents.find((p) => p.id === r.parentId)?.name ?? null,
    officeTypeId: r.officeTypeId,
    officeTypeName: (types as { id: number; name: string }[]).find((t) => t.id === r.officeTypeId)?.name ?? null,
    phone: r.phone,
    remark: r.remark,
    orderNum: r.orderNum,
    userCount: Number(users.find((u) => u.id === r.id)?.n ?? 0),
    createdAt: r.createdAt.toISOString(),
  }));
}

export async function listOffices(
  app: AppContext,
  session: SessionContext,
  q: { page: number; limit: number; name?: string; officeTypeId?: number },
) {
  const where: SQL[] = [eq(offices.organizationId, session.organizationId!)];
  if (q.name) where.push(ilike(offices.name, `%${escapeLike(q.name)}%`));
  if (q.officeTypeId !== undefined) where.push(eq(offices.officeTypeId, q.officeTypeId));
  const condition = and(...where);
  const [{ total }] = (await app.db.select({ total: count() }).from(offices).where(condition)) as [{ total: number }];
  const rows = await app.db
    .select()
    .from(offices)
    .where(condition)
    .orderBy(asc(offices.orderNum), asc(offices.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return { list: await describe(app, rows), total: Number(total) };
}

async function ownOffice(app: AppContext, session: SessionContext, id: number) {
  const [row] = await app.db
    .select()
    .from(offices)
    .where(and(eq(offices.id, id), eq(offices.organizationId, session.organizationId!)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

export async function officeInfo(app: AppContext, session: SessionContext, id: number) {
  return (await describe(app, [await ownOffice(app, session, id)]))[0]!;
}

async function checkValues(app: AppContext, session: SessionContext, v: OfficeValues, id?: number) {
  const organizationId = session.organizationId!;
  const [same] = await app.db
    .select({ id: offices.id })
    .from(offices)
    .where(
      and(
        eq(offices.organizationId, organizationId),
        sql`lower(${offices.name}) = lower(${v.name})`,
        id ? ne(offices.id, id) : undefined,
      ),
    )
    .limit(1);
  if (same) throw new AppError(409, 'admin.officeNameTaken', { name: v.name }, { field: 'name' });
  if (v.parentId !== null) {
    const rows = await app.db
      .select({ id: offices.id, parentId: offices.parentId })
      .from(offices)
      .where(eq(offices.organizationId, organizationId));
    if (!rows.some((r) => r.id === v.parentId)) throw fieldError('parentId', 'validation.refNotFound');
    if (id !== undefined && subtreeIds(rows, id).includes(v.parentId)) {
      throw fieldError('parentId', 'admin.officeParentCycle');
    }
  }
  if (v.officeTypeId !== null) {
    if (!(await ownsRow(app.db, 'officeType', v.officeTypeId, organizationId)))
      throw fieldError('officeTypeId', 'validation.refNotFound');
  }
}

const columnsOf = (v: OfficeValues) => ({
  name: v.name,
  nameLang: { 'zh-CN': v.name, ...(v.nameEn ? { en: v.nameEn } : {}) },
  parentId: v.parentId,
  officeTypeId: v.officeTypeId,
  phone: v.phone,
  remark: v.remark,
  orderNum: v.orderNum,
});

export async function createOffice(app: AppContext, session: SessionContext, v: OfficeValues) {
  await checkValues(app, session, v);
  const [row] = await app.db
    .insert(offices)
    .values({ organizationId: session.organizationId!, ...columnsOf(v) })
    .returning();
  return (await describe(app, [row!]))[0]!;
}

export async function updateOffice(app: AppContext, session: SessionContext, id: number, v: OfficeValues) {
  await ownOffice(app, session, id);
  await checkValues(app, session, v, id);
  const [row] = await app.db.update(offices).set(columnsOf(v)).where(eq(offices.id, id)).returning();
  return (await describe(app, [row!]))[0]!;
}

/** A department with staff or sub-departments stays; the message counts them. */
export async function deleteOffice(app: AppContext, session: SessionContext, id: number) {
  const row = await ownOffice(app, session, id);
  const [{ users }] = (await app.db
    .select({ users: count() })
    .from(userOffices)
    .where(eq(userOffices.officeId, id))) as [{ users: number }];
  const [{ children }] = (await app.db.select({ children: count() }).from(offices).where(eq(offices.parentId, id))) as [
    { children: number },
  ];
  if (Number(users) || Number(children)) {
    throw conflict('admin.officeInUse', { name: row.name, users: Number(users), children: Number(children) });
  }
  try {
    await app.db.delete(offices).where(eq(offices.id, id));
  } catch (err) {
    if ((err as { cause?: { code?: string } }).cause?.code === '23503' || (err as { code?: string }).code === '23503') {
      throw conflict('masterData.inUseExternal', { entity: row.name });
    }
    throw err;
  }
}

/** Departments for a dropdown: of the current organization, or of another one the caller manages. */
export async function officeBox(app: AppContext, session: SessionContext, organizationId: number | undefined) {
  const org = organizationId ?? session.organizationId!;
  if (org !== session.organizationId && !(await manageableOrganizationIds(app, session)).includes(org)) {
    throw notFound();
  }
  return app.db
    .select({ id: offices.id, parentId: offices.parentId, name: offices.name, nameLang: offices.nameLang })
    .from(offices)
    .where(eq(offices.organizationId, org))
    .orderBy(asc(offices.orderNum), asc(offices.id));
}
