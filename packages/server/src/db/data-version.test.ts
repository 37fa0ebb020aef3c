import { describe, expect, it } from 'vitest';
import type { Db } from './client';
import { AnswerCache, cacheOf, keepNoAnswers } from './data-version';

describe('AnswerCache.through', () => {
  it('computes a key once for concurrent misses and keeps the answer', async () => {
    const cache = new AnswerCache<number>(10, 1000);
    let runs = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const compute = async () => {
      runs++;
      await gate;
      return 42;
    };
    const answers = Promise.all(Array.from({ length: 20 }, () => cache.through('k', compute, () => 1)));
    release();
    expect(await answers).toEqual(Array(20).fill(42));
    expect(runs).toBe(1);
    expect(await cache.through('k', compute, () => 1)).toBe(42);
    expect(runs).toBe(1);
  });

  it('keeps no failed computation: every waiter sees the error and the next call computes again', async () => {
    const cache = new AnswerCache<number>(10, 1000);
    let runs = 0;
    const failing = async () => {
      runs++;
      throw new Error('database gone');
    };
    const results = await Promise.allSettled([
      cache.through('k', failing, () => 1),
      cache.through('k', failing, () => 1),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(runs).toBe(1);
    expect(
      await cache.through(
        'k',
        async () => 7,
        () => 1,
      ),
    ).toBe(7);
    expect(cache.size).toBe(1);
  });

  it('evicts the least recently used answer beyond its bounds', () => {
    const cache = new AnswerCache<string>(2, 1000);
    cache.set('a', 'A', 1);
    cache.set('b', 'B', 1);
    cache.get('a');
    cache.set('c', 'C', 1);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('A');
    expect(cache.get('c')).toBe('C');
  });

  it('keeps nothing for a database with ANSWER_CACHE=off, and keeps for the others', async () => {
    const off = {} as Db;
    const on = {} as Db;
    keepNoAnswers(off);
    let runs = 0;
    const compute = async () => ++runs;
    await cacheOf<number>(off, 'k', 10, 1000).through('x', compute, () => 1);
    await cacheOf<number>(off, 'k', 10, 1000).through('x', compute, () => 1);
    expect(runs).toBe(2);
    await cacheOf<number>(on, 'k', 10, 1000).through('x', compute, () => 1);
    await cacheOf<number>(on, 'k', 10, 1000).through('x', compute, () => 1);
    expect(runs).toBe(3);
  });
});
