import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { TxOrDb } from '../../db/client';
import { authThrottles } from './auth.tables';

/**
 * How a counter slows its caller down. `growing`: past `free` attempts each further one makes the next wait 1 s,
 * 2 s, 4 s ... up to `maxDelayMs`; the count is forgotten `windowMs` after the last attempt. `window`: at most
 * `free` attempts per `windowMs` from the first one.
 */
export type ThrottleRule = { mode: 'growing' | 'window'; free: number; windowMs: number; maxDelayMs: number };

export type ThrottleKey = { scope: string; key: string; rule: ThrottleRule };

export type AttemptResult = { waitMs: number; counts: number[] };

const growingDelay = (count: number, rule: ThrottleRule) =>
  Math.min(1000 * 2 ** Math.min(count - rule.free - 1, 30), rule.maxDelayMs);

type ThrottleRow = typeof authThrottles.$inferSelect;

/** The counter rows of the keys, in their order (undefined for a key never counted). */
async function readRows(db: TxOrDb, keys: ThrottleKey[]): Promise<(ThrottleRow | undefined)[]> {
  const rows = [];
  for (const k of keys) {
    const [row] = await db
      .select()
      .from(authThrottles)
      .where(and(eq(authThrottles.scope, k.scope), eq(authThrottles.key, k.key)));
    rows.push(row);
  }
  return rows;
}

/** A counter row still inside its rule's window (since the last attempt, or the first in `window` mode), else none. */
function liveRow(row: ThrottleRow | undefined, rule: ThrottleRule, now: Date): ThrottleRow | undefined {
  if (!row) return undefined;
  const since = now.getTime() - (rule.mode === 'growing' ? row.lastAt : row.firstAt).getTime();
  return since < rule.windowMs ? row : undefined;
}

/**
 * Counts one attempt on every key, unless one of them still makes its caller wait: then nothing is counted and the
 * answer is the longest wait. The attempt is counted before the caller's secret is checked, so that parallel guesses
 * cannot get past the limit; a right answer takes it back (`forgetAttempts`, `takeBackAttempt`). The keys are locked
 * in one order, so that concurrent attempts on the same keys run one after the other.
 */
export async function countAttempt(app: AppContext, keys: ThrottleKey[], now: Date): Promise<AttemptResult> {
  return app.db.transaction(async (tx) => {
    for (const id of keys.map((k) => `throttle:${k.scope}:${k.key}`).sort()) {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${id}))`);
    }
    const rows = await readRows(tx, keys);
    const waitMs = Math.max(0, ...rows.map((r) => (r?.blockedUntil ? r.blockedUntil.getTime() - now.getTime() : 0)));
    if (waitMs > 0) return { waitMs, counts: [] };
    const counts: number[] = [];
    for (const [i, k] of keys.entries()) {
      const live = liveRow(rows[i], k.rule, now);
      const count = live ? live.count + 1 : 1;
      const firstAt = live ? live.firstAt : now;
      let blockedUntil: Date | null = null;
      if (count >= k.rule.free) {
        if (k.rule.mode === 'window') blockedUntil = new Date(firstAt.getTime() + k.rule.windowMs);
        else if (count > k.rule.free) blockedUntil = new Date(now.getTime() + growingDelay(count, k.rule));
      }
      await tx
        .insert(authThrottles)
        .values({ scope: k.scope, key: k.key, count, firstAt, lastAt: now, blockedUntil })
        .onConflictDoUpdate({
          target: [authThrottles.scope, authThrottles.key],
          set: { count, firstAt, lastAt: now, blockedUntil },
        });
      counts.push(count);
    }
    return { waitMs: 0, counts };
  });
}

/**
 * The counts the keys hold now, without counting (0 for a key never used or forgotten by its window): what the next
 * attempt will be checked against before it is counted.
 */
export async function peekCounts(app: AppContext, keys: ThrottleKey[], now: Date): Promise<number[]> {
  const rows = await readRows(app.db, keys);
  return keys.map((k, i) => liveRow(rows[i], k.rule, now)?.count ?? 0);
}

/** Forgets a counter (or, with `prefix`, every counter whose key starts so): a right password ends a run of failures. */
export async function forgetAttempts(app: AppContext, scope: string, key: string, options: { prefix?: boolean } = {}) {
  const keyMatch = options.prefix
    ? sql`left(${authThrottles.key}, ${key.length}) = ${key}`
    : eq(authThrottles.key, key);
  await app.db.delete(authThrottles).where(and(eq(authThrottles.scope, scope), keyMatch));
}

/** Takes one counted attempt back (a right answer from an address that others share), lifting a wait it caused. */
export async function takeBackAttempt(app: AppContext, k: ThrottleKey) {
  await app.db
    .update(authThrottles)
    .set({
      count: sql`greatest(${authThrottles.count} - 1, 0)`,
      blockedUntil: sql`case when ${authThrottles.count} - 1 <= ${k.rule.free} then null else ${authThrottles.blockedUntil} end`,
    })
    .where(and(eq(authThrottles.scope, k.scope), eq(authThrottles.key, k.key)));
}
