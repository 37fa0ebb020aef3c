import { and, count, desc, eq, gte, ilike, inArray, lte, ne, or, type SQL } from 'drizzle-orm';
import { catalogs, LOCALES, translate, type Locale, type LogRow, type OperationKind } from '@rehab/shared';
import type { Db } from '../../db/client';
import { operationLogs as t } from './logs.tables';
import { permissionMenus } from '../menus';
import { escapeLike } from '../../db/like';

export type LogFilter = {
  page: number;
  limit: number;
  userName?: string;
  operation?: string;
  kind?: OperationKind;
  startTime?: string;
  endTime?: string;
};

type Labels = Map<string, string>;

/**
 * Names of the permission codes in one language, from the menu tree: a button's code reads "screen · button"
 * (版本管理 · 新增), a screen's code the screen's name.
 */
async function permissionLabels(db: Db, locale: Locale): Promise<Labels> {
  const rows = await permissionMenus(db);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const nameOf = (r: (typeof rows)[number]) => r.nameLang?.[locale] || r.name;
  const labels: Labels = new Map();
  for (const row of rows) {
    if (!row.perms) continue;
    const parent = row.type === 2 ? byId.get(row.parentId) : undefined;
    const label = parent ? `${nameOf(parent)}${translate(locale, 'operation.separator')}${nameOf(row)}` : nameOf(row);
    for (const code of row.perms.split(',')) if (code && !labels.has(code)) labels.set(code, label);
  }
  return labels;
}

/** The operation in the reader's language: a permission code by its menu names, a path by the catalog, else as stored. */
function labelOf(operation: string, url: string, locale: Locale, labels: Labels): string {
  if (labels.has(operation)) return labels.get(operation)!;
  const key = `operation.${url}`;
  const named = translate(locale, key);
  return named === key ? operation : named;
}

/** Stored operations (codes) and paths whose names in either language contain the search text. */
async function operationsNamed(db: Db, text: string): Promise<{ codes: string[]; urls: string[] }> {
  const needle = text.toLowerCase();
  const codes = new Set<string>();
  for (const locale of LOCALES) {
    for (const [code, label] of await permissionLabels(db, locale)) {
      if (label.toLowerCase().includes(needle)) codes.add(code);
    }
  }
  const urls = new Set<string>();
  for (const locale of LOCALES) {
    for (const [url, label] of Object.entries(catalogs[locale].operation ?? {})) {
      if (url.startsWith('/') && label.toLowerCase().includes(needle)) urls.add(url);
    }
  }
  return { codes: [...codes], urls: [...urls] };
}

/** One page of an organization's operation log, newest first, operations named in the reader's language. */
export async function listOperationLogs(
  db: Db,
  organizationId: number,
  f: LogFilter,
  locale: Locale,
): Promise<{ list: LogRow[]; total: number }> {
  // the reads recorded before reads stopped being logged show only when asked for
  const where: SQL[] = [eq(t.organizationId, organizationId), f.kind ? eq(t.kind, f.kind) : ne(t.kind, 'read')];
  if (f.userName) where.push(ilike(t.userName, `%${escapeLike(f.userName)}%`));
  if (f.operation) {
    const like = `%${escapeLike(f.operation)}%`;
    const named = await operationsNamed(db, f.operation);
    where.push(
      or(
        ilike(t.operation, like),
        ilike(t.url, like),
        named.codes.length ? inArray(t.operation, named.codes) : undefined,
        named.urls.length ? inArray(t.url, named.urls) : undefined,
      )!,
    );
  }
  if (f.startTime) where.push(gte(t.createdAt, new Date(f.startTime)));
  if (f.endTime) where.push(lte(t.createdAt, new Date(f.endTime)));
  const condition = and(...where);
  const [labels, rows, [{ total } = { total: 0 }]] = await Promise.all([
    permissionLabels(db, locale),
    db
      .select()
      .from(t)
      .where(condition)
      .orderBy(desc(t.createdAt), desc(t.id))
      .limit(f.limit)
      .offset((f.page - 1) * f.limit),
    db.select({ total: count() }).from(t).where(condition),
  ]);
  return {
    list: rows.map((r) => ({
      id: r.id,
      userId: r.userId,
      userName: r.userName,
      operation: r.operation,
      operationLabel: labelOf(r.operation, r.url, locale, labels),
      kind: r.kind as OperationKind,
      method: r.method,
      url: r.url,
      params: r.params,
      durationMs: r.durationMs,
      ip: r.ip,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
    })),
    total,
  };
}
