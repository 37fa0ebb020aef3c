import { and, asc, count, desc, eq, gt, inArray, lt, lte, ne, type SQL } from 'drizzle-orm';
import { ResultCode, RoleId, type BreakRow, type BreakState, type CurrentBreak, type Locale } from '@rehab/shared';
import type { AppContext } from '../../context';
import { AppError, badRequest, conflict, notFound } from '../../http/errors';
import { wallClock } from '../jobs';
import { maintenanceWindows } from './break.tables';
import { clockNow, clockMs } from '../../kernel/clock';

type Row = typeof maintenanceWindows.$inferSelect;

/** How far ahead the login page and the shell announce a window (docs/decisions.md, maintenance windows). */
export const BREAK_NOTICE_MS = 24 * 3_600_000;

export type BreakValues = {
  startTime: string;
  endTime: string;
  messageZh: string;
  messageEn: string;
  blockSignIn: boolean;
};

const zoneOf = (app: AppContext) => app.config.scheduler.timezone;

/** `YYYY-MM-DD HH:mm` of a moment on the clinic's clock. */
export const clinicTime = (app: AppContext, moment: Date) => wallClock(moment, zoneOf(app)).slice(0, 16);

/**
 * The moment a wall-clock time `YYYY-MM-DD HH:mm` names in a time zone: the UTC reading of the same digits, moved by
 * the zone's offset at that moment (looked at twice, so a time next to a daylight-saving change lands right).
 */
export function fromWallClock(wall: string, timeZone: string): Date {
  const [y, mo, d, h, mi] = wall.split(/[- :]/).map(Number) as [number, number, number, number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi);
  const offsetAt = (t: number) => {
    const shown = wallClock(new Date(t), timeZone);
    const [sy, smo, sd, sh, smi, ss] = shown.split(/[- :]/).map(Number) as number[];
    return Date.UTC(sy!, smo! - 1, sd!, sh!, smi!, ss!) - t;
  };
  const first = asUtc - offsetAt(asUtc);
  return new Date(asUtc - offsetAt(first));
}

export function stateOf(row: Pick<Row, 'startsAt' | 'endsAt'>, now = clockNow()): BreakState {
  if (row.endsAt.getTime() <= now.getTime()) return 'past';
  return row.startsAt.getTime() <= now.getTime() ? 'active' : 'upcoming';
}

function toRow(app: AppContext, r: Row, now = clockNow()): BreakRow {
  return {
    id: r.id,
    startsAt: r.startsAt.toISOString(),
    endsAt: r.endsAt.toISOString(),
    startTime: clinicTime(app, r.startsAt),
    endTime: clinicTime(app, r.endsAt),
    messageZh: r.messageZh,
    messageEn: r.messageEn,
    blockSignIn: r.blockSignIn,
    state: stateOf(r, now),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

function stateCondition(state: BreakState | undefined, now: Date): SQL | undefined {
  const t = maintenanceWindows;
  if (state === 'past') return lte(t.endsAt, now);
  if (state === 'active') return and(lte(t.startsAt, now), gt(t.endsAt, now));
  if (state === 'upcoming') return gt(t.startsAt, now);
  return undefined;
}

/** A page of windows, the latest start first, optionally only the upcoming, the active or the past ones. */
export async function listBreaks(app: AppContext, q: { page: number; limit: number; state?: BreakState }) {
  const now = clockNow();
  const where = stateCondition(q.state, now);
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    app.db
      .select()
      .from(maintenanceWindows)
      .where(where)
      .orderBy(desc(maintenanceWindows.startsAt), desc(maintenanceWindows.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    app.db.select({ total: count() }).from(maintenanceWindows).where(where),
  ]);
  return { list: rows.map((r) => toRow(app, r, now)), total };
}

/** stopList: the windows not over at `at` (those under way then and those after), the earliest start first. */
export async function stopList(app: AppContext, at: Date) {
  const rows = await app.db
    .select()
    .from(maintenanceWindows)
    .where(gt(maintenanceWindows.endsAt, at))
    .orderBy(asc(maintenanceWindows.startsAt), asc(maintenanceWindows.id))
    .limit(500);
  return rows.map((r) => toRow(app, r));
}

/** stopJob `endAt`: the window ends at `endTime` instead, its start and notice kept (the same checks as an edit). */
export async function moveBreakEnd(app: AppContext, id: number, endTime: string, userId: number) {
  const current = toRow(app, await findBreak(app, id));
  return updateBreak(
    app,
    id,
    {
      startTime: current.startTime,
      endTime,
      messageZh: current.messageZh,
      messageEn: current.messageEn,
      blockSignIn: current.blockSignIn,
    },
    userId,
  );
}

async function findBreak(app: AppContext, id: number) {
  const [row] = await app.db.select().from(maintenanceWindows).where(eq(maintenanceWindows.id, id)).limit(1);
  if (!row) throw notFound();
  return row;
}

export const getBreak = async (app: AppContext, id: number) => toRow(app, await findBreak(app, id));

const isExclusionViolation = (err: unknown) => {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as never, i++) {
    if (e.code === '23P01') return true;
  }
  return false;
};

/**
 * The instants of a window on the clinic's clock, checked: the end after the start (also across a clock change)
 * and still ahead, and no other window overlapping it (409 naming the one in the way).
 */
async function checkWindow(app: AppContext, v: BreakValues, exceptId?: number) {
  const startsAt = fromWallClock(v.startTime, zoneOf(app));
  const endsAt = fromWallClock(v.endTime, zoneOf(app));
  if (endsAt <= startsAt) throw new AppError(ResultCode.badRequest, 'break.endBeforeStart', {}, { field: 'endTime' });
  if (endsAt.getTime() <= clockMs())
    throw new AppError(ResultCode.badRequest, 'break.endPassed', {}, { field: 'endTime' });
  const t = maintenanceWindows;
  // the other window ends after this one starts and starts before this one ends
  const overlapping: SQL[] = [gt(t.endsAt, startsAt), lt(t.startsAt, endsAt)];
  if (exceptId) overlapping.push(ne(t.id, exceptId));
  const [other] = await app.db
    .select()
    .from(t)
    .where(and(...overlapping))
    .orderBy(asc(t.startsAt))
    .limit(1);
  if (other) throw overlapError(app, other);
  return { startsAt, endsAt };
}

const overlapError = (app: AppContext, other?: Row) =>
  other
    ? conflict('break.overlap', { start: clinicTime(app, other.startsAt), end: clinicTime(app, other.endsAt) })
    : conflict('break.overlap', { start: '-', end: '-' });

/** Writes a window; the exclusion constraint refuses one that a parallel save made overlap meanwhile. */
async function write<T>(app: AppContext, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (isExclusionViolation(err)) throw overlapError(app);
    throw err;
  }
}

export async function createBreak(app: AppContext, v: BreakValues, userId: number) {
  const { startsAt, endsAt } = await checkWindow(app, v);
  const [row] = await write(app, () =>
    app.db
      .insert(maintenanceWindows)
      .values({
        startsAt,
        endsAt,
        messageZh: v.messageZh,
        messageEn: v.messageEn,
        blockSignIn: v.blockSignIn,
        createdBy: userId,
        updatedBy: userId,
      })
      .returning(),
  );
  return toRow(app, row!);
}

/** Changes an upcoming or active window; one that has ended is a record and stays as it was. */
export async function updateBreak(app: AppContext, id: number, v: BreakValues, userId: number) {
  const current = await findBreak(app, id);
  if (stateOf(current) === 'past') throw badRequest('break.pastReadOnly');
  const { startsAt, endsAt } = await checkWindow(app, v, id);
  const [row] = await write(app, () =>
    app.db
      .update(maintenanceWindows)
      .set({
        startsAt,
        endsAt,
        messageZh: v.messageZh,
        messageEn: v.messageEn,
        blockSignIn: v.blockSignIn,
        updatedBy: userId,
        updatedAt: clockNow(),
      })
      .where(eq(maintenanceWindows.id, id))
      .returning(),
  );
  if (!row) throw notFound();
  return toRow(app, row);
}

/** Ends an active window now (maintenance finished early): it stays in the list as a past window. */
export async function endBreak(app: AppContext, id: number, userId: number) {
  const current = await findBreak(app, id);
  if (stateOf(current) !== 'active') throw badRequest('break.notActive');
  const endsAt = new Date(Math.max(clockMs(), current.startsAt.getTime() + 1000));
  const [row] = await app.db
    .update(maintenanceWindows)
    .set({ endsAt, updatedBy: userId, updatedAt: clockNow() })
    .where(eq(maintenanceWindows.id, id))
    .returning();
  return toRow(app, row!);
}

/** Deletes windows (cancelling upcoming ones, or tidying the record); all the ids must exist, else nothing changes. */
export async function deleteBreaks(app: AppContext, ids: number[]) {
  const unique = [...new Set(ids)];
  await app.db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: maintenanceWindows.id })
      .from(maintenanceWindows)
      .where(inArray(maintenanceWindows.id, unique));
    if (rows.length !== unique.length) throw notFound();
    await tx.delete(maintenanceWindows).where(inArray(maintenanceWindows.id, unique));
  });
}

/** The active window, else the next one starting within the notice period, in the caller's language. */
export async function currentBreak(app: AppContext, locale: Locale, now = clockNow()): Promise<CurrentBreak | null> {
  const t = maintenanceWindows;
  const [row] = await app.db
    .select()
    .from(t)
    .where(and(gt(t.endsAt, now), lte(t.startsAt, new Date(now.getTime() + BREAK_NOTICE_MS))))
    .orderBy(asc(t.startsAt))
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    state: row.startsAt.getTime() <= now.getTime() ? 'active' : 'upcoming',
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    startTime: clinicTime(app, row.startsAt),
    endTime: clinicTime(app, row.endsAt),
    message: locale === 'en' ? row.messageEn : row.messageZh,
    blockSignIn: row.blockSignIn,
    timezone: zoneOf(app),
  };
}

/**
 * Sign-in during an active window that pauses it: refused (403) to everyone but the super administrator, who
 * must be able to sign in to do the maintenance and to end the window. The message names when service returns.
 */
export async function assertSignInOpen(app: AppContext, roleIds: readonly number[], now = clockNow()) {
  if (roleIds.includes(RoleId.superAdmin)) return;
  const t = maintenanceWindows;
  const [row] = await app.db
    .select()
    .from(t)
    .where(and(eq(t.blockSignIn, true), lte(t.startsAt, now), gt(t.endsAt, now)))
    .limit(1);
  if (!row) return;
  const end = clinicTime(app, row.endsAt);
  throw new AppError(
    ResultCode.forbidden,
    'break.signInBlocked',
    // the notice itself is on the login page (in the reader's language); the refusal says until when
    { end },
    { maintenance: { endsAt: row.endsAt.toISOString(), endTime: end, timezone: zoneOf(app) } },
  );
}
