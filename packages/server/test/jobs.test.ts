import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { startServer } from '../src/server';
import { ManualClock } from '../src/kernel/clock';
import {
  operationLogs,
  scheduleJobLogs,
  scheduleJobs,
  sessions,
  ssoNonces,
  users,
  verificationCodes,
} from '../src/db/schema';
import { DEMO, startTestServer, type TestServer } from './harness';

const FAST = { scheduler: { enabled: true, timezone: 'Asia/Shanghai', syncMs: 300 } };

let s: TestServer;
let admin: string;
let orgAdmin: string;

beforeAll(async () => {
  s = await startTestServer(FAST);
  admin = (await s.loginInto(DEMO.superAdmin)).token;
  orgAdmin = (await s.loginInto(DEMO.orgAdmin)).token;
});
afterAll(async () => {
  await s?.close();
});

const post = (url: string, body: unknown, token = admin, lang?: string) =>
  s.api('POST', `/api/sys/schedule/${url}`, { token, body, lang });
const get = (url: string, token = admin) => s.api('GET', url, { token });
const jobCount = async () => Number((await s.app.db.select({ n: sql<number>`count(*)` }).from(scheduleJobs))[0]!.n);
const logsOf = (jobId: number) => s.app.db.select().from(scheduleJobLogs).where(eq(scheduleJobLogs.jobId, jobId));

describe('scheduled jobs: the API', () => {
  it('ships the purge, work-order and performance jobs and offers the known beans', async () => {
    const list = await get('/api/sys/schedule/list?limit=50');
    expect(list.status).toBe(200);
    expect(list.body.data.timezone).toBe('Asia/Shanghai');
    const beans = list.body.data.list.map((j: { beanName: string }) => j.beanName).sort();
    expect(beans).toEqual([
      'accessLogCleanup',
      'caCertificateExpiry',
      'contentPublish',
      'databaseBackup',
      'deviceOnlineCheck',
      'deviceSampleRetention',
      'deviceSessionTimeout',
      'heartbeatCheck',
      'jobLogCleanup',
      'leaseOverdue',
      'operationLogCleanup',
      'performanceFacts',
      'remoteConsultationExpire',
      'sessionCleanup',
      'tubeChangeDue',
      'verificationCodeCleanup',
      'workOrderExpire',
      'workOrderGenerate',
    ]);
    for (const job of list.body.data.list) {
      expect(job.status).toBe(0);
      expect(job.nextRunAt).not.toBeNull();
      // the shipped jobs carry no remark: the screen names them by their job type in the user's language
      // (a remark "工单过期处理 / expire work orders" mixed both languages on both screens)
      expect(job.remark, job.beanName).toBe('');
    }
    const offered = await get('/api/sys/schedule/beans');
    expect(offered.body.data.map((b: { name: string }) => b.name)).toContain('operationLogCleanup');
    const opLog = offered.body.data.find((b: { name: string }) => b.name === 'operationLogCleanup');
    expect(opLog).toMatchObject({ defaultParams: { retentionDays: 180 }, label: { en: 'Purge operation log' } });
  });

  it('refuses an unknown bean, a bad cron and bad parameters with a clear message, writing nothing', async () => {
    const before = await jobCount();
    const unknown = await post('save', { beanName: 'dropTables', cronExpression: '0 0 2 * * ?' }, admin, 'en');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({
      field: 'beanName',
      msg: 'Unknown job type "dropTables": choose one from the list',
    });
    for (const cron of ['61 * * * *', '* * *', '0 0 2 31 2 ?', 'every day', '0 0 2 * * ? 2020 1']) {
      const bad = await post('save', { beanName: 'heartbeat', cronExpression: cron });
      expect(bad.status, cron).toBe(400);
      expect(bad.body.field, cron).toBe('cronExpression');
      expect(bad.body.msg, cron).toContain('Cron');
    }
    const params = await post(
      'save',
      { beanName: 'operationLogCleanup', cronExpression: '0 0 3 * * ?', params: '{"retentionDays": 0}' },
      admin,
      'en',
    );
    expect(params.status).toBe(400);
    expect(params.body).toMatchObject({ field: 'params.retentionDays' });
    const extra = await post('save', { beanName: 'heartbeat', cronExpression: '0 0 3 * * ?', params: { x: 1 } });
    expect(extra.status).toBe(400);
    expect(extra.body.field).toBe('params.x');
    const notJson = await post(
      'save',
      { beanName: 'heartbeat', cronExpression: '0 0 3 * * ?', params: '{x' },
      admin,
      'en',
    );
    expect(notJson.status).toBe(400);
    expect(notJson.body.field).toBe('params');
    expect(notJson.body.msg).toContain('JSON');
    const missing = await post('save', { cronExpression: '0 0 3 * * ?' });
    expect(missing.status).toBe(400);
    expect(missing.body.field).toBe('beanName');
    expect(await jobCount()).toBe(before);
  });

  it('is the super administrator’s: others get 403', async () => {
    expect((await get('/api/sys/schedule/list', orgAdmin)).status).toBe(403);
    expect((await post('save', { beanName: 'heartbeat', cronExpression: '0 0 3 * * ?' }, orgAdmin)).status).toBe(403);
    expect((await post('run', [1], orgAdmin)).status).toBe(403);
    expect((await get('/api/sys/scheduleLog/list', orgAdmin)).status).toBe(403);
    expect((await s.api('GET', '/api/sys/schedule/list')).status).toBe(401);
  });

  let jobId: number;

  it('saves, reads, updates, pauses and resumes a job', async () => {
    const saved = await post('save', {
      beanName: 'operationLogCleanup',
      cronExpression: '0 15 4 * * ?',
      params: '{"retentionDays": 90}',
      remark: '季度清理',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ status: 0, params: { retentionDays: 90 }, remark: '季度清理' });
    jobId = saved.body.data.jobId;
    // next fire at 04:15 Shanghai time = 20:15 UTC
    expect(new Date(saved.body.data.nextRunAt).getUTCHours()).toBe(20);
    expect(new Date(saved.body.data.nextRunAt).getUTCMinutes()).toBe(15);
    expect(saved.body.data.nextRunLocal).toMatch(/^\d{4}-\d{2}-\d{2} 04:15:00$/);

    const info = await get(`/api/sys/schedule/info/${jobId}`);
    expect(info.body.data).toMatchObject({ jobId, cronExpression: '0 15 4 * * ?' });
    expect((await get('/api/sys/schedule/info/999999')).status).toBe(404);

    const updated = await post('update', {
      jobId,
      beanName: 'operationLogCleanup',
      cronExpression: '0 0 5 * * ?',
      params: { retentionDays: 60 },
      remark: '',
    });
    expect(updated.body.data).toMatchObject({ cronExpression: '0 0 5 * * ?', params: { retentionDays: 60 } });
    const missing = await post('update', { jobId: 999999, beanName: 'heartbeat', cronExpression: '0 0 5 * * ?' });
    expect(missing.status).toBe(404);
    const badUpdate = await post('update', { jobId, beanName: 'heartbeat', cronExpression: '99 * * * *' });
    expect(badUpdate.status).toBe(400);
    expect((await get(`/api/sys/schedule/info/${jobId}`)).body.data.cronExpression).toBe('0 0 5 * * ?');

    expect((await post('pause', [jobId])).body.code).toBe(0);
    expect((await get(`/api/sys/schedule/info/${jobId}`)).body.data).toMatchObject({ status: 1, nextRunAt: null });
    expect((await post('resume', [jobId])).body.code).toBe(0);
    const resumed = (await get(`/api/sys/schedule/info/${jobId}`)).body.data;
    expect(resumed.status).toBe(0);
    expect(resumed.nextRunAt).not.toBeNull();

    expect((await post('pause', [jobId, 999999])).status).toBe(404);
    expect((await get(`/api/sys/schedule/info/${jobId}`)).body.data.status).toBe(0);
    expect((await post('pause', [])).status).toBe(400);
    expect((await post('pause', { ids: 'x' })).status).toBe(400);
  });

  it('runs once: the operation-log purge removes only old entries and logs the run', async () => {
    const old = new Date(Date.now() - 70 * 86_400_000);
    await s.app.db.insert(operationLogs).values([
      { operation: 'old one', method: 'POST', url: '/x', durationMs: 1, status: 200, createdAt: old },
      { operation: 'recent', method: 'POST', url: '/x', durationMs: 1, status: 200 },
    ]);
    const run = await post('run', [jobId]);
    expect(run.status).toBe(200);
    expect(run.body.data[0]).toMatchObject({ jobId, status: 0, error: null, result: '{"removed":1}' });
    const left = await s.app.db.select().from(operationLogs).where(eq(operationLogs.operation, 'recent'));
    expect(left).toHaveLength(1);
    expect(await s.app.db.select().from(operationLogs).where(eq(operationLogs.operation, 'old one'))).toHaveLength(0);

    const logs = await get(`/api/sys/scheduleLog/list?jobId=${jobId}`);
    expect(logs.body.data.totalCount).toBe(1);
    expect(logs.body.data.list[0]).toMatchObject({
      jobId,
      status: 0,
      trigger: 'manual',
      beanName: 'operationLogCleanup',
    });
    expect(logs.body.data.list[0].times).toBeGreaterThanOrEqual(0);
    const one = await get(`/api/sys/scheduleLog/info/${logs.body.data.list[0].logId}`);
    expect(JSON.parse(one.body.data.result)).toEqual({ removed: 1 });
    expect((await get('/api/sys/scheduleLog/info/999999')).status).toBe(404);
  });

  it('purges expired sessions and used or expired verification codes, keeping live ones', async () => {
    const [user] = await s.app.db.select({ id: users.id }).from(users).limit(1);
    const long = new Date(Date.now() - 30 * 86_400_000);
    const future = new Date(Date.now() + 86_400_000);
    await s.app.db.insert(sessions).values([
      { tokenHash: 'a'.repeat(64), userId: user!.id, expiresAt: long },
      { tokenHash: 'b'.repeat(64), userId: user!.id, expiresAt: future, revokedAt: long },
      { tokenHash: 'c'.repeat(64), userId: user!.id, expiresAt: future },
    ]);
    await s.app.db.insert(verificationCodes).values([
      { purpose: 'login', address: 'old-used@x.cn', codeHash: 'h', createdAt: long, expiresAt: long, usedAt: long },
      { purpose: 'login', address: 'old-expired@x.cn', codeHash: 'h', createdAt: long, expiresAt: long },
      { purpose: 'login', address: 'fresh@x.cn', codeHash: 'h', expiresAt: future },
    ]);
    await s.app.db.insert(ssoNonces).values([
      { signature: 'd'.repeat(64), userId: user!.id, expiresAt: new Date(Date.now() - 1000) },
      { signature: 'e'.repeat(64), userId: user!.id, expiresAt: future },
    ]);
    const jobs = (await get('/api/sys/schedule/list?limit=50')).body.data.list as { jobId: number; beanName: string }[];
    const ids = jobs
      .filter((j) => ['sessionCleanup', 'verificationCodeCleanup'].includes(j.beanName))
      .map((j) => j.jobId);
    const run = await post('run', ids);
    expect(run.body.data.map((r: { status: number }) => r.status)).toEqual([0, 0]);
    const hashes = (await s.app.db.select({ h: sessions.tokenHash }).from(sessions)).map((r) => r.h);
    expect(hashes).toContain('c'.repeat(64));
    expect(hashes).not.toContain('a'.repeat(64));
    expect(hashes).not.toContain('b'.repeat(64));
    const addresses = (await s.app.db.select({ a: verificationCodes.address }).from(verificationCodes)).map((r) => r.a);
    expect(addresses).toContain('fresh@x.cn');
    expect(addresses).not.toContain('old-used@x.cn');
    expect(addresses).not.toContain('old-expired@x.cn');
    // the used hospital-system signatures go once expired
    const nonces = (await s.app.db.select({ s: ssoNonces.signature }).from(ssoNonces)).map((r) => r.s);
    expect(nonces).toEqual(['e'.repeat(64)]);
  });

  it('a failing run is logged with its error text', async () => {
    const saved = await post('save', {
      beanName: 'heartbeat',
      cronExpression: '0 0 1 1 * ?',
      params: { failWith: 'disk full' },
    });
    const id = saved.body.data.jobId;
    const run = await post('run', [id]);
    expect(run.body.data[0]).toMatchObject({ status: 1, error: 'disk full' });
    const failed = await get(`/api/sys/scheduleLog/list?jobId=${id}&status=1`);
    expect(failed.body.data.list[0]).toMatchObject({ status: 1, error: 'disk full' });
    expect((await get(`/api/sys/scheduleLog/list?status=7`)).status).toBe(400);
  });

  it('runs a job on its cron, and stops when paused', async () => {
    const saved = await post('save', { beanName: 'heartbeat', cronExpression: '* * * * * *' });
    const id = saved.body.data.jobId;
    // the clock moves, not the test: each second forward is one more fire time
    for (let i = 0; i < 2; i++) {
      s.clock.advance(1000);
      await s.app.scheduler.tick();
    }
    await post('pause', [id]);
    await s.app.scheduler.tick();
    const runs = await logsOf(id);
    expect(runs.length).toBeGreaterThanOrEqual(2);
    expect(runs.every((r) => r.trigger === 'cron' && r.status === 0 && r.fireAt !== null)).toBe(true);
    s.clock.advance(5000);
    await s.app.scheduler.tick();
    expect((await logsOf(id)).length).toBe(runs.length);
  });

  it('deletes jobs all or nothing', async () => {
    const before = await jobCount();
    expect((await post('delete', [jobId, 999999])).status).toBe(404);
    expect(await jobCount()).toBe(before);
    expect((await post('delete', [jobId])).body.code).toBe(0);
    expect(await jobCount()).toBe(before - 1);
    expect((await get(`/api/sys/schedule/info/${jobId}`)).status).toBe(404);
  });
});

describe.runIf(process.env.TEST_BACKEND === 'postgres')(
  'scheduled jobs: several server processes on one database',
  () => {
    it('a job every second runs once per fire time across two servers', async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rehab-jobs-second-'));
      const logger = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
      // the second process's clock stands where the first one's does, and both move together
      const clock = new ManualClock();
      clock.advance(s.clock.now().getTime() - Date.now());
      const second = await startServer(loadConfig({ NODE_ENV: 'test' }, { ...s.config, dataDir, ...FAST }), {
        logger,
        clock,
      });
      try {
        const saved = await post('save', { beanName: 'heartbeat', cronExpression: '* * * * * *' });
        const id = saved.body.data.jobId;
        await second.app.scheduler.sync();
        for (let i = 0; i < 5; i++) {
          s.clock.advance(1000);
          clock.advance(1000);
          await Promise.all([s.app.scheduler.tick(), second.app.scheduler.tick()]);
        }
        await post('pause', [id]);
        await Promise.all([s.app.scheduler.tick(), second.app.scheduler.tick()]);
        const runs = await logsOf(id);
        expect(runs.length).toBeGreaterThanOrEqual(4);
        const fires = runs.map((r) => r.fireAt!.toISOString());
        expect(new Set(fires).size).toBe(fires.length);
        // both processes were scheduling: together they ran every second once
        const runners = new Set(runs.map((r) => r.runner));
        expect([...runners].every((r) => r === s.app.scheduler.runner || r === second.app.scheduler.runner)).toBe(true);
      } finally {
        await second.server.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    });
  },
);
