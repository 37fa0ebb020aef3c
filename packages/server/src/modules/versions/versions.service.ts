import { and, count, desc, eq, ilike, ne } from 'drizzle-orm';
import type { VersionRow } from '@rehab/shared';
import type { Db, Tx } from '../../db/client';
import { versions } from './versions.tables';
import { conflict, notFound } from '../../http/errors';
import { escapeLike } from '../../db/like';

export type VersionValues = { version: string; releaseNote: string; releaseNoteEn: string; isCurrent: boolean };

function toRow(r: typeof versions.$inferSelect): VersionRow {
  return {
    id: r.id,
    version: r.version,
    releaseNote: r.releaseNote,
    releaseNoteEn: r.releaseNoteLang.en ?? '',
    isCurrent: r.isCurrent,
    createdAt: r.createdAt.toISOString(),
  };
}

const columnsOf = (v: VersionValues) => ({
  version: v.version,
  releaseNote: v.releaseNote,
  releaseNoteLang: { 'zh-CN': v.releaseNote, ...(v.releaseNoteEn ? { en: v.releaseNoteEn } : {}) },
  isCurrent: v.isCurrent,
});

/** One release number names one version; making one current un-marks the others (same transaction). */
async function prepare(tx: Tx, v: VersionValues, id?: number) {
  const same = await tx
    .select({ id: versions.id })
    .from(versions)
    .where(id ? and(eq(versions.version, v.version), ne(versions.id, id)) : eq(versions.version, v.version))
    .limit(1);
  if (same.length > 0) throw conflict('error.versionExists', { version: v.version });
  if (v.isCurrent) {
    const others = id ? and(eq(versions.isCurrent, true), ne(versions.id, id)) : eq(versions.isCurrent, true);
    await tx.update(versions).set({ isCurrent: false }).where(others);
  }
}

export async function listVersions(db: Db, q: { page: number; limit: number; version?: string }) {
  const where = q.version ? ilike(versions.version, `%${escapeLike(q.version)}%`) : undefined;
  const rows = await db
    .select()
    .from(versions)
    .where(where)
    .orderBy(desc(versions.createdAt), desc(versions.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(versions).where(where);
  return { list: rows.map(toRow), total };
}

export async function getVersion(db: Db, id: number): Promise<VersionRow> {
  const [row] = await db.select().from(versions).where(eq(versions.id, id)).limit(1);
  if (!row) throw notFound();
  return toRow(row);
}

export async function createVersion(db: Db, v: VersionValues): Promise<VersionRow> {
  return db.transaction(async (tx) => {
    await prepare(tx, v);
    const [row] = await tx.insert(versions).values(columnsOf(v)).returning();
    return toRow(row!);
  });
}

export async function updateVersion(db: Db, id: number, v: VersionValues): Promise<VersionRow> {
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: versions.id }).from(versions).where(eq(versions.id, id)).limit(1);
    if (!existing) throw notFound();
    await prepare(tx, v, id);
    const [row] = await tx.update(versions).set(columnsOf(v)).where(eq(versions.id, id)).returning();
    return toRow(row!);
  });
}
