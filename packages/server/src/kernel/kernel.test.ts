import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { MODULES, composition } from '../modules';
import { ManualClock, clinicCalendar } from './clock';
import { composeModules } from './compose';
import { on } from './events';
import { defineModule } from './module';
import { runUnitOfWork } from './unit-of-work';

declare module './events' {
  interface DomainEvents {
    'test.happened': { n: number };
  }
}

const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

describe('the composition root', () => {
  it('lists every module folder once, each with its manifest, dependencies first', () => {
    const dir = path.resolve(import.meta.dirname, '../modules');
    const folders = fs.readdirSync(dir).filter((f) => fs.statSync(path.join(dir, f)).isDirectory());
    for (const f of folders) expect(fs.existsSync(path.join(dir, f, `${f}.module.ts`)), f).toBe(true);
    expect(MODULES.map((m) => m.name).sort()).toEqual(folders.sort());
    expect(composition.manifests).toBe(MODULES);
  });

  it('derives one route per method and path, and each job and menu once', () => {
    const keys = composition.routes.map((r) => `${r.method} ${r.url}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(composition.findJob('workOrderGenerate')?.name).toBe('workOrderGenerate');
    const seen = new Set<string>();
    for (const m of composition.menus) {
      if (m.parentKey) expect(seen.has(m.parentKey), m.key).toBe(true);
      seen.add(m.key);
    }
  });

  it('routes the patients events to the work orders', () => {
    expect(composition.events.get('patients.projectsPrescribed')).toHaveLength(1);
    expect(composition.events.get('patients.courseClosed')).toHaveLength(1);
  });

  it('refuses manifests out of order, twice, or subscribing to what nobody publishes', () => {
    const a = defineModule({ name: 'a', dependsOn: [] });
    const b = defineModule({ name: 'b', dependsOn: ['a'] });
    expect(() => composeModules([b, a])).toThrow(/depends on a/);
    expect(() => composeModules([a, a])).toThrow(/twice/);
    const listener = defineModule({ name: 'c', dependsOn: [], subscribes: [on('test.happened', async () => {})] });
    expect(() => composeModules([listener])).toThrow(/no module before it publishes/);
    const menu = {
      key: 'x.y',
      parentKey: 'x',
      type: 1 as const,
      nameLang: { 'zh-CN': 'y', en: 'y' },
      orderNum: 0,
      grant: [],
    };
    expect(() => composeModules([defineModule({ name: 'm', dependsOn: [], menus: [menu] })])).toThrow(/no menu x/);
  });

  it('gathers the live topics the modules declare, refusing two modules on overlapping prefixes', () => {
    expect(Object.keys(composeModules(MODULES).liveTopics)).toEqual(['web/call/']);
    const guard = async () => true;
    const a = defineModule({ name: 'a', dependsOn: [], liveTopics: { 'web/x/': guard } });
    const b = defineModule({ name: 'b', dependsOn: [], liveTopics: { 'web/x/y/': guard } });
    expect(() => composeModules([a, b])).toThrow(/overlap/);
  });
});

describe('a unit of work', () => {
  async function host(subscribers: Parameters<typeof on<'test.happened'>>[1][] = []) {
    const client = new PGlite();
    const db = drizzle(client) as unknown as Db;
    await db.execute(sql`create table t (n int)`);
    const modules = composeModules([
      defineModule({ name: 'pub', dependsOn: [], publishes: ['test.happened'] }),
      defineModule({ name: 'sub', dependsOn: ['pub'], subscribes: subscribers.map((s) => on('test.happened', s)) }),
    ]);
    const clock = new ManualClock();
    return { db, clock, log, modules, client };
  }
  const count = async (db: Db) => {
    const result = (await db.execute(sql`select count(*)::int n from t`)) as unknown as { rows: { n: number }[] };
    return Number(result.rows[0]!.n);
  };

  it('runs subscribers in the transaction and effects after the commit', async () => {
    const order: string[] = [];
    const h = await host([
      async ({ tx }, { n }) => {
        await tx.execute(sql`insert into t values (${n * 10})`);
        order.push('subscriber');
      },
    ]);
    await runUnitOfWork(h, async (uow) => {
      await uow.tx.execute(sql`insert into t values (1)`);
      uow.afterCommit(() => order.push('effect'));
      await uow.emit('test.happened', { n: 2 });
      order.push('work done');
    });
    expect(order).toEqual(['subscriber', 'work done', 'effect']);
    expect(await count(h.db)).toBe(2);
    await h.client.close();
  });

  it('rolls back the subscribers with the work and runs no effect when the work fails', async () => {
    const effects: string[] = [];
    const h = await host([async ({ tx }) => void (await tx.execute(sql`insert into t values (9)`))]);
    await expect(
      runUnitOfWork(h, async (uow) => {
        uow.afterCommit(() => effects.push('effect'));
        await uow.emit('test.happened', { n: 1 });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(effects).toEqual([]);
    expect(await count(h.db)).toBe(0);
    await h.client.close();
  });

  it('joins an outer unit of work and reads one instant from the clock', async () => {
    const h = await host();
    h.clock.freeze(new Date('2026-03-01T23:30:00Z'));
    await runUnitOfWork(h, async (outer) => {
      h.clock.advance(60_000);
      await runUnitOfWork(h, async (inner) => expect(inner).toBe(outer), outer);
      expect(outer.now.toISOString()).toBe('2026-03-01T23:30:00.000Z');
    });
    await h.client.close();
  });
});

describe('the clock', () => {
  it('moves forward when told and gives the clinic its day', () => {
    const clock = new ManualClock();
    clock.freeze(new Date('2026-03-01T15:59:00Z'));
    const calendar = clinicCalendar(clock, 'Asia/Shanghai');
    expect(calendar.today()).toBe('2026-03-01');
    clock.advance(60_000);
    expect(calendar.today()).toBe('2026-03-02');
    clock.resume();
    const before = clock.now().getTime();
    clock.advance(3_600_000);
    expect(clock.now().getTime() - before).toBeGreaterThanOrEqual(3_600_000);
  });
});
