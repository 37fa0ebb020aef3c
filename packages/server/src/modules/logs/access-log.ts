import { and, count, desc, eq, gte, ilike, lte, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AccessKind, AccessLogRow, PatientViewerRow } from '@rehab/shared';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { pgCode } from '../../db/pg-error';
import { accessLogs as t } from './logs.tables';
import { operationOf, storable } from './operation-log';
import { redactSecrets } from './redact';
import { escapeLike } from '../../db/like';

/** Filters as stored: secrets removed, only storable text, at most 2,000 characters (else a note). */
function storableFilters(filters: unknown): unknown {
  if (filters === undefined || filters === null) return null;
  const safe = storable(redactSecrets(filters));
  const text = JSON.stringify(safe);
  return text.length > 2000 ? { truncated: true, chars: text.length } : safe;
}

/**
 * Writes the reads of patient data a route reported (`ctx.auditRead`) once it has answered successfully: who (the
 * session), which patient, what, from where. Counted as work in progress; a failure is logged without the filters.
 */
export function registerAccessLog(server: FastifyInstance, app: AppContext, inFlight: { count: number }) {
  const daily = onceADay();
  server.addHook('onResponse', async (req: FastifyRequest, reply: FastifyReply) => {
    if (!req.readAudits?.length || reply.statusCode >= 400) return;
    const url = (req.routeOptions.url ?? '').slice('/api'.length);
    const session = req.session;
    const today = app.calendar.today();
    const entries = req.readAudits.filter(
      (e) => !e.oncePerDay || daily.first(today, `${session?.userId}:${session?.organizationId}:${url}`),
    );
    if (!entries.length) return;
    const rows = entries.map((e) => ({
      organizationId: session?.organizationId ?? null,
      userId: session?.userId ?? null,
      userName: session?.userName?.slice(0, 64) ?? null,
      patientId: e.patientId ?? null,
      kind: e.kind,
      subject: e.subject?.slice(0, 100) ?? null,
      operation: operationOf(url, req.routeOptions.config?.access).slice(0, 200),
      url: url.slice(0, 200),
      rows: e.rows ?? null,
      filters: storableFilters(e.filters),
      ip: req.ip?.slice(0, 64) ?? null,
    }));
    inFlight.count++;
    try {
      await app.db.insert(t).values(rows);
    } catch (err) {
      app.log.error({ url, sqlState: pgCode(err) }, 'access log not written');
    } finally {
      inFlight.count--;
    }
  });
}

/**
 * The reads already recorded today for `oncePerDay` entries, per process: a board left open all day is one row a
 * user and day (one per server process where there are several), and the memory holds only today's keys.
 */
function onceADay() {
  let day = '';
  const seen = new Set<string>();
  return {
    /** true the first time `key` is met on `today` */
    first(today: string, key: string) {
      if (today !== day) {
        day = today;
        seen.clear();
      }
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    },
  };
}

export type AccessLogFilter = {
  patientId?: number;
  userName?: string;
  kind?: AccessKind;
  startTime?: string;
  endTime?: string;
};

function conditionOf(organizationId: number, f: AccessLogFilter): SQL {
  const where: SQL[] = [eq(t.organizationId, organizationId)];
  if (f.patientId) where.push(eq(t.patientId, f.patientId));
  if (f.userName) where.push(ilike(t.userName, `%${escapeLike(f.userName)}%`));
  if (f.kind) where.push(eq(t.kind, f.kind));
  if (f.startTime) where.push(gte(t.createdAt, new Date(f.startTime)));
  if (f.endTime) where.push(lte(t.createdAt, new Date(f.endTime)));
  return and(...where)!;
}

const rowOf = (r: typeof t.$inferSelect): AccessLogRow => ({
  id: r.id,
  userId: r.userId,
  userName: r.userName,
  patientId: r.patientId,
  kind: r.kind as AccessKind,
  subject: r.subject,
  operation: r.operation,
  url: r.url,
  rows: r.rows,
  filters: r.filters ?? null,
  ip: r.ip,
  createdAt: r.createdAt.toISOString(),
});

/** One page of an organization's access log, newest first. */
export async function listAccessLogs(
  db: Db,
  organizationId: number,
  f: AccessLogFilter & { page: number; limit: number },
): Promise<{ list: AccessLogRow[]; total: number }> {
  const condition = conditionOf(organizationId, f);
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
  return { list: rows.map(rowOf), total };
}

export const ACCESS_EXPORT_LIMIT = 10_000;

/** The rows of an export, newest first (at most ACCESS_EXPORT_LIMIT). */
export async function accessLogRowsForExport(db: Db, organizationId: number, f: AccessLogFilter) {
  const rows = await db
    .select()
    .from(t)
    .where(conditionOf(organizationId, f))
    .orderBy(desc(t.createdAt), desc(t.id))
    .limit(ACCESS_EXPORT_LIMIT);
  return rows.map(rowOf);
}

/**
 * Who has looked at one patient of the organization: each reader's latest read of each kind (record, report, file,
 * list, export), newest first, at most 50. Opening a detail reads its lists too; grouping keeps one reader's many
 * list reads from pushing the record read out of view. The access log screen has every single read.
 */
export async function patientViewers(db: Db, organizationId: number, patientId: number): Promise<PatientViewerRow[]> {
  const latest = db
    .selectDistinctOn([t.userId, t.kind], {
      userName: t.userName,
      kind: t.kind,
      subject: t.subject,
      createdAt: t.createdAt,
      id: t.id,
    })
    .from(t)
    .where(and(eq(t.organizationId, organizationId), eq(t.patientId, patientId)))
    .orderBy(t.userId, t.kind, desc(t.createdAt), desc(t.id))
    .as('latest');
  const rows = await db
    .select({ userName: latest.userName, kind: latest.kind, subject: latest.subject, createdAt: latest.createdAt })
    .from(latest)
    .orderBy(desc(latest.createdAt), desc(latest.id))
    .limit(50);
  return rows.map((r) => ({ ...r, kind: r.kind as AccessKind, createdAt: r.createdAt.toISOString() }));
}

/** Deletes the rows older than `cutoff`: the only delete the append-only trigger lets through. */
export async function purgeAccessLogs(db: Db, cutoff: Date): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT set_config('rehab.access_log_purge', 'on', true)`);
    const deleted = await tx
      .delete(t)
      .where(sql`${t.createdAt} < ${cutoff}`)
      .returning({ id: t.id });
    return deleted.length;
  });
}

/** `"a","b"` lines of a CSV file, with a BOM so that spreadsheet programs read the Chinese text as UTF-8. */
export function toCsv(header: string[], rows: (string | number | null)[][]): string {
  const cell = (v: string | number | null) => {
    const text = v === null ? '' : String(v);
    // a leading = + - @ would make a spreadsheet run it as a formula
    const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
    return `"${safe.replace(/"/g, '""')}"`;
  };
  return `\uFEFF${[header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;
}
