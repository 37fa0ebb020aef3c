import { and, count, desc, eq, gte, ilike, lte, or, type SQL } from 'drizzle-orm';
import type { LogRow } from '@rehab/shared';
import type { Db } from '../../db/client';
import { operationLogs as t } from '../../db/schema';

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

export type LogFilter = {
  page: number;
  limit: number;
  userName?: string;
  operation?: string;
  startTime?: string;
  endTime?: string;
};

/** One page of an organization's operation log, newest first. */
export async function listOperationLogs(
  db: Db,
  organizationId: number,
  f: LogFilter,
): Promise<{ list: LogRow[]; total: number }> {
  const where: SQL[] = [eq(t.organizationId, organizationId)];
  if (f.userName) where.push(ilike(t.userName, `%${escapeLike(f.userName)}%`));
  if (f.operation) {
    const like = `%${escapeLike(f.operation)}%`;
    where.push(or(ilike(t.operation, like), ilike(t.url, like))!);
  }
  if (f.startTime) where.push(gte(t.createdAt, new Date(f.startTime)));
  if (f.endTime) where.push(lte(t.createdAt, new Date(f.endTime)));
  const condition = and(...where);
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
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
