import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt, { type MqttClient } from 'mqtt';
import { messageTopic, scheduleTopic } from '@rehab/shared';
import { DEMO, startTestServer, type TestServer } from './harness';

// Two server processes on one PostgreSQL database, their embedded MQTT brokers joined through Redis
// (mqemitter-redis): a message saved through one reaches a client connected to the other. Runs in the PostgreSQL
// project when TEST_REDIS_URL is set (vitest.config.ts); .ci/run sets both.

const redisUrl = process.env.TEST_REDIS_URL!;
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

let first: TestServer;
let second: ChildProcess;
let secondBase: string;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function waitUntilUp(base: string, ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const ok = await fetch(`${base}/runtime-config.js`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`second server did not start at ${base}`);
}

beforeAll(async () => {
  first = await startTestServer({ redisUrl, codeCooldownMs: 0 });
  const port = await freePort();
  secondBase = `http://127.0.0.1:${port}`;
  second = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: first.config.databaseUrl!,
      REDIS_URL: redisUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_DIST: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitUntilUp(secondBase, 45_000);
}, 90_000);

afterAll(async () => {
  if (second && second.exitCode === null) {
    const exited = new Promise((r) => second.once('exit', r));
    second.kill('SIGTERM');
    await exited;
  }
  await first?.close();
});

/** Fails with `what` when `promise` takes longer than `ms`. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms)),
  ]);
}

const connect = (base: string, token: string): Promise<MqttClient> =>
  mqtt.connectAsync(`${base.replace('http', 'ws')}/mqtt`, { username: 'web', password: token, reconnectPeriod: 0 });

describe('two server processes joined through Redis', () => {
  it('a message saved and a schedule doorbell rung on one server reach a client connected to the other', async () => {
    const therapist = await first.loginInto(DEMO.therapist);
    const doctor = await first.loginInto(DEMO.doctor);
    const me = await first.api('GET', '/api/sys/user/info', { token: therapist.token });
    const client = await connect(secondBase, therapist.token);
    try {
      await client.subscribeAsync(messageTopic(me.body.data.id, therapist.organizationId));
      const heard = new Promise<Record<string, unknown>>((resolve) =>
        client.once('message', (_t, payload) => resolve(JSON.parse(payload.toString()))),
      );
      const started = Date.now();
      const res = await first.api('POST', '/api/sys/message/save', {
        token: doctor.token,
        body: { title: '跨服务器', content: '<p>两台服务器</p>', recipients: [me.body.data.id] },
      });
      expect(res.body.code).toBe(0);
      expect(await within(heard, 2000, 'live message on the other server')).toMatchObject({ id: res.body.data.id });
      expect(Date.now() - started).toBeLessThan(1000);

      // the other server reads the same database: the message is in the inbox there
      const count = await fetch(`${secondBase}/api/sys/message/countUnreadMessage`, {
        method: 'POST',
        headers: { token: therapist.token },
      }).then((r) => r.json() as Promise<{ data: { latest: { title: string } } }>);
      expect(count.data.latest.title).toBe('跨服务器');

      // the schedule doorbell rung on the first server reaches a board connected to the second
      await client.subscribeAsync(scheduleTopic(therapist.organizationId));
      const rung = new Promise<Record<string, unknown>>((resolve) =>
        client.on('message', (topic, payload) => {
          if (topic === scheduleTopic(therapist.organizationId)) resolve(JSON.parse(payload.toString()));
        }),
      );
      first.app.live.scheduleChanged(therapist.organizationId);
      expect(await within(rung, 2000, 'schedule doorbell on the other server')).toEqual({
        organizationId: therapist.organizationId,
      });

      // logging out on the first server disconnects the client of the second
      const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
      await first.api('POST', '/api/sys/logout', { token: therapist.token });
      await within(closed, 5000, 'disconnect on the other server');
    } finally {
      await client.endAsync(true).catch(() => undefined);
    }
  });
});
