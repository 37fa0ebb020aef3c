import { and, asc, count, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import {
  getScale,
  type AssessPhase,
  type Locale,
  type MethodRow,
  type MethodScaleEntry,
  type ScaleDefinition,
  SCALES,
  type methodSaveSchema,
} from '@rehab/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { assessmentMethods } from './methods.tables';
import { isForeignKeyViolation } from '../../db/pg-error';
import { AppError, notFound } from '../../http/errors';
import type { SessionContext } from '../../http/session';
import { clockNow } from '../../kernel/clock';
import { escapeLike } from '../../db/like';

type Row = typeof assessmentMethods.$inferSelect;
type MethodValues = z.output<typeof methodSaveSchema>;

const scaleOf = (code: string): ScaleDefinition => getScale(code)!;

function describe(r: Row): MethodRow {
  const def = getScale(r.scaleCode);
  return {
    id: r.id,
    scaleCode: r.scaleCode,
    abbr: def?.abbr ?? r.scaleCode,
    name: r.name,
    nameEn: r.nameEn,
    scaleNameZh: def?.name.zh ?? r.name,
    scaleNameEn: def?.name.en ?? r.nameEn,
    category: def?.category ?? 'other',
    phases: r.phases,
    sort: r.sort,
    status: r.status,
    remark: r.remark,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** The scale codes whose abbreviation or names contain the keyword (the list's search also matches them). */
function codesMatching(keyword: string): string[] {
  const k = keyword.toLowerCase();
  return SCALES.filter(
    (s) =>
      s.code.includes(k) ||
      s.abbr.toLowerCase().includes(k) ||
      s.name.zh.includes(keyword) ||
      s.name.en.toLowerCase().includes(k),
  ).map((s) => s.code);
}

export async function listMethods(
  app: AppContext,
  session: SessionContext,
  q: { page: number; limit: number; keyword?: string; status?: 0 | 1; phase?: AssessPhase },
) {
  const where: (SQL | undefined)[] = [eq(assessmentMethods.organizationId, session.organizationId!)];
  if (q.keyword) {
    const like = `%${escapeLike(q.keyword.toLowerCase())}%`;
    const codes = codesMatching(q.keyword);
    where.push(
      sql`(lower(${assessmentMethods.name}) like ${like} or lower(${assessmentMethods.nameEn}) like ${like}${
        codes.length ? sql` or ${inArray(assessmentMethods.scaleCode, codes)}` : sql``
      })`,
    );
  }
  if (q.status !== undefined) where.push(eq(assessmentMethods.status, q.status));
  if (q.phase !== undefined) where.push(sql`${assessmentMethods.phases} @> ${JSON.stringify([q.phase])}::jsonb`);
  const condition = and(...where);
  const [{ total }] = (await app.db.select({ total: count() }).from(assessmentMethods).where(condition)) as [
    { total: number },
  ];
  const rows = await app.db
    .select()
    .from(assessmentMethods)
    .where(condition)
    .orderBy(asc(assessmentMethods.sort), asc(assessmentMethods.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return { list: rows.map(describe), total: Number(total) };
}

async function ownMethod(app: AppContext, session: SessionContext, id: number) {
  const [row] = await app.db
    .select()
    .from(assessmentMethods)
    .where(and(eq(assessmentMethods.id, id), eq(assessmentMethods.organizationId, session.organizationId!)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

export async function methodInfo(app: AppContext, session: SessionContext, id: number) {
  return describe(await ownMethod(app, session, id));
}

async function checkUnique(app: AppContext, session: SessionContext, v: MethodValues, locale: Locale, id?: number) {
  const [same] = await app.db
    .select({ id: assessmentMethods.id })
    .from(assessmentMethods)
    .where(
      and(
        eq(assessmentMethods.organizationId, session.organizationId!),
        eq(assessmentMethods.scaleCode, v.scaleCode),
        id ? ne(assessmentMethods.id, id) : undefined,
      ),
    )
    .limit(1);
  if (same) {
    const def = scaleOf(v.scaleCode);
    const name = locale === 'en' ? def.name.en : def.name.zh;
    throw new AppError(409, 'method.scaleTaken', { name }, { field: 'scaleCode' });
  }
}

/** The row's columns: blank names take the definition's; no sort number puts the row after the others. */
async function columnsOf(db: Db, organizationId: number, v: MethodValues, currentSort?: number) {
  const def = scaleOf(v.scaleCode);
  let sort = v.sort ?? currentSort;
  if (sort === undefined) {
    const [{ max }] = (await db
      .select({ max: sql<number | null>`max(${assessmentMethods.sort})` })
      .from(assessmentMethods)
      .where(eq(assessmentMethods.organizationId, organizationId))) as [{ max: number | null }];
    sort = Math.min(9999, Number(max ?? 0) + 1);
  }
  return {
    scaleCode: v.scaleCode,
    name: v.name ?? def.name.zh,
    nameEn: v.nameEn ?? def.name.en,
    phases: v.phases,
    sort,
    status: v.status,
    remark: v.remark,
  };
}

const isUniqueViolation = (err: unknown) =>
  (err as { cause?: { code?: string } }).cause?.code === '23505' || (err as { code?: string }).code === '23505';

async function guardUnique<T>(v: MethodValues, locale: Locale, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    // two saves of the same scale at once: the unique index refuses the second
    if (isUniqueViolation(err)) {
      const def = scaleOf(v.scaleCode);
      throw new AppError(
        409,
        'method.scaleTaken',
        { name: locale === 'en' ? def.name.en : def.name.zh },
        {
          field: 'scaleCode',
        },
      );
    }
    throw err;
  }
}

export async function createMethod(app: AppContext, session: SessionContext, v: MethodValues, locale: Locale) {
  await checkUnique(app, session, v, locale);
  const organizationId = session.organizationId!;
  const values = await columnsOf(app.db, organizationId, v);
  const [row] = await guardUnique(v, locale, () =>
    app.db
      .insert(assessmentMethods)
      .values({ organizationId, ...values })
      .returning(),
  );
  return describe(row!);
}

export async function updateMethod(
  app: AppContext,
  session: SessionContext,
  id: number,
  v: MethodValues,
  locale: Locale,
) {
  const current = await ownMethod(app, session, id);
  await checkUnique(app, session, v, locale, id);
  const values = await columnsOf(app.db, session.organizationId!, v, current.sort);
  const [row] = await guardUnique(v, locale, () =>
    app.db
      .update(assessmentMethods)
      .set({ ...values, updatedAt: clockNow() })
      .where(eq(assessmentMethods.id, id))
      .returning(),
  );
  return describe(row!);
}

export async function deleteMethod(app: AppContext, session: SessionContext, id: number) {
  await ownMethod(app, session, id);
  try {
    await app.db.delete(assessmentMethods).where(eq(assessmentMethods.id, id));
  } catch (err) {
    // a method assessments refer to is disabled rather than deleted: their foreign key refuses the delete (409)
    if (isForeignKeyViolation(err)) throw new AppError(409, 'method.inUse');
    throw err;
  }
}

/** The organization's enabled methods in order, names in the caller's language (what assessment screens offer). */
export async function organizationScales(
  app: AppContext,
  session: SessionContext,
  locale: Locale,
  phase?: AssessPhase,
): Promise<MethodScaleEntry[]> {
  const rows = await app.db
    .select()
    .from(assessmentMethods)
    .where(
      and(
        eq(assessmentMethods.organizationId, session.organizationId!),
        eq(assessmentMethods.status, 1),
        phase === undefined ? undefined : sql`${assessmentMethods.phases} @> ${JSON.stringify([phase])}::jsonb`,
      ),
    )
    .orderBy(asc(assessmentMethods.sort), asc(assessmentMethods.id));
  return rows
    .filter((r) => getScale(r.scaleCode))
    .map((r) => ({
      id: r.id,
      scaleCode: r.scaleCode,
      abbr: scaleOf(r.scaleCode).abbr,
      name: locale === 'en' ? r.nameEn : r.name,
      nameZh: r.name,
      nameEn: r.nameEn,
      phases: r.phases,
      sort: r.sort,
    }));
}

/**
 * Sets the enabled methods and their order in one transaction: the listed ids are enabled and numbered 1, 2, 3 ...
 * in the given order; the organization's other methods are disabled and follow them in their previous order.
 * An id that is not the organization's refuses the whole request (404), nothing written.
 */
export async function updateProjects(app: AppContext, session: SessionContext, ids: number[]) {
  const organizationId = session.organizationId!;
  await app.db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: assessmentMethods.id })
      .from(assessmentMethods)
      .where(eq(assessmentMethods.organizationId, organizationId))
      .orderBy(asc(assessmentMethods.sort), asc(assessmentMethods.id));
    const own = new Set(rows.map((r) => r.id));
    if (ids.some((id) => !own.has(id))) throw notFound();
    const chosen = new Set(ids);
    const order = [...ids, ...rows.map((r) => r.id).filter((id) => !chosen.has(id))];
    const now = clockNow();
    for (const [i, id] of order.entries()) {
      await tx
        .update(assessmentMethods)
        .set({ sort: i + 1, status: chosen.has(id) ? 1 : 0, updatedAt: now })
        .where(eq(assessmentMethods.id, id));
    }
  });
  return organizationScales(app, session, 'zh-CN');
}

/** The demo set: common scales of a Chinese rehabilitation department, all phases unless the scale is a screen. */
const DEMO_METHODS: readonly { code: string; phases: AssessPhase[]; status?: number }[] = [
  { code: 'barthel', phases: [1, 2, 3, 4] },
  { code: 'fugl-meyer', phases: [2, 3, 4] },
  { code: 'bbs', phases: [1, 2, 3, 4] },
  { code: 'mmse', phases: [1, 2, 4] },
  { code: 'mas', phases: [2, 3, 4] },
  { code: 'nihss', phases: [1, 2] },
  { code: 'brunnstrom', phases: [2, 3, 4] },
  { code: 'mmt', phases: [2, 3, 4] },
  { code: 'vas', phases: [1, 2, 3, 4] },
  { code: 'moca', phases: [1, 2, 4], status: 0 },
];

export async function seedMethods(db: Db, organizationId: number) {
  const rows = DEMO_METHODS.filter((m) => getScale(m.code)).map((m, i) => {
    const def = scaleOf(m.code);
    return {
      organizationId,
      scaleCode: m.code,
      name: def.name.zh,
      nameEn: def.name.en,
      phases: m.phases,
      sort: i + 1,
      status: m.status ?? 1,
    };
  });
  if (rows.length) await db.insert(assessmentMethods).values(rows).onConflictDoNothing();
}
