import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { queryRows } from './migrate';

/**
 * The data version of an organization: the sum of its own counter and organization 0's (rows of no organization,
 * as staff names) in `sys_data_version`. Triggers (migration 0019) bump the counter of every organization whose
 * rows a transaction changed, at its commit, on the tables the cached answers show (patients, courses, projects,
 * work orders, bookings, time slots, offices, diseases, functioning, equipment, teams, staff names). Both counters
 * only grow, so the sum changes whenever either does.
 *
 * Read it before the queries of the answer: an answer computed afterwards reflects at least that version (it may
 * reflect a later commit too, whose bump then makes the version differ for every later request), so an answer kept
 * under the version read is never older than what a request reading the same version would see itself. Being data,
 * the version is shared by every server process on the database: a write through another process (or by hand in
 * SQL) invalidates this process's answers at its next request.
 *
 * `read` is the version when the request has read it already, at its start: the session lookup reads it in its own
 * statement (SessionContext.dataVersion), which saves the read routes a round trip. Never a version kept from an
 * earlier request, and only for reads made before the request writes anything.
 */
export async function dataVersionOf(db: Db, organizationId: number, read?: string | null): Promise<string> {
  // read already in this request, before any query of the answer: by the session lookup (SessionContext.dataVersion)
  if (read != null) return read;
  const [row] = await queryRows<{ v: string | null }>(
    db,
    sql`SELECT sum(version)::text AS v FROM sys_data_version WHERE organization_id IN (0, ${organizationId})`,
  );
  return row?.v ?? '0';
}

/**
 * A bounded least-recently-used store of computed answers, one per database (tests run several servers in one
 * process). Keys carry the organization and its data version, so an entry of an older version is never found again
 * and ages out; `maxChars` bounds the memory by the answers' sizes (a string's length, or what the caller says).
 */
export class AnswerCache<V> {
  private readonly entries = new Map<string, { value: V; size: number }>();
  private readonly computing = new Map<string, Promise<V>>();
  private chars = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxChars: number,
  ) {}

  get(key: string): V | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    // most recently used last
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit.value;
  }

  set(key: string, value: V, size: number) {
    if (size > this.maxChars) return;
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.chars -= old.size;
    }
    this.entries.set(key, { value, size });
    this.chars += size;
    for (const [k, e] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.chars <= this.maxChars) break;
      this.entries.delete(k);
      this.chars -= e.size;
    }
  }

  /**
   * The kept answer of `key`, else the one being computed for it, else `compute()`'s, kept with `sizeOf` of it.
   * Concurrent misses of one key (a burst of requests right after a write) share one computation instead of each
   * running the same queries; a failed computation is not kept, and the next request tries again.
   */
  async through(key: string, compute: () => Promise<V>, sizeOf: (value: V) => number): Promise<V> {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const pending = this.computing.get(key);
    if (pending) return pending;
    const run = compute().then(
      (value) => {
        this.computing.delete(key);
        this.set(key, value, sizeOf(value));
        return value;
      },
      (error: unknown) => {
        this.computing.delete(key);
        throw error;
      },
    );
    this.computing.set(key, run);
    return run;
  }

  get size() {
    return this.entries.size;
  }
}

/** One cache of a kind per database: `cacheOf(db, 'patients', ...)`. */
const caches = new WeakMap<Db, Map<string, AnswerCache<unknown>>>();
/** Databases whose answers are never kept (ANSWER_CACHE=off: the benchmark's uncached runs). */
const uncached = new WeakSet<Db>();

/** ANSWER_CACHE=off: every answer of this database is computed afresh (concurrent misses still share one). */
export function keepNoAnswers(db: Db) {
  uncached.add(db);
}

export function cacheOf<V>(db: Db, kind: string, maxEntries: number, maxChars: number): AnswerCache<V> {
  let byKind = caches.get(db);
  if (!byKind) caches.set(db, (byKind = new Map()));
  let cache = byKind.get(kind);
  if (!cache) {
    const off = uncached.has(db);
    byKind.set(kind, (cache = new AnswerCache<unknown>(off ? 0 : maxEntries, off ? 0 : maxChars)));
  }
  return cache as AnswerCache<V>;
}
