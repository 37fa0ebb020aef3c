#!/usr/bin/env node
// A simulated rehab device (issue 18): drives a realistic training session against a running server through the
// device ingestion API, as a vendor's device would: heartbeat, session start, a batch of samples every interval
// (repetitions, score, range of motion, force), heartbeats, and the end with its summary.
//
//   npm run device:simulate -- --token <device token> [--url http://127.0.0.1:8080] [--seconds 60] [--interval 1000]
//                              [--game "Apple picking"] [--patient <id>] [--work-order <id>] [--session <id>]
//   npm run device:simulate -- --register <registration key> --serial SN-1 --type upperLimb   (self-registration)
//
// Without --patient / --work-order the server binds the session to the work order booked on the device's equipment
// at that time. Re-running with the same --session re-sends the same session: the server stores nothing twice.
import { parseArgs } from 'node:util';

const { values: o } = parseArgs({
  options: {
    url: { type: 'string', default: process.env.DEVICE_URL ?? 'http://127.0.0.1:8080' },
    token: { type: 'string', default: process.env.DEVICE_TOKEN },
    register: { type: 'string' },
    serial: { type: 'string', default: `SIM-${Date.now().toString(36).toUpperCase()}` },
    type: { type: 'string', default: 'upperLimb' },
    seconds: { type: 'string', default: '60' },
    interval: { type: 'string', default: '1000' },
    game: { type: 'string', default: '摘苹果 Apple picking' },
    level: { type: 'string', default: '2' },
    patient: { type: 'string' },
    'work-order': { type: 'string' },
    session: { type: 'string', default: `sim-${Date.now()}` },
    'leave-open': { type: 'boolean', default: false },
    quiet: { type: 'boolean', default: false },
  },
});

const log = (...args) => (o.quiet ? undefined : console.log(new Date().toISOString().slice(11, 19), ...args));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function send(path, body, token) {
  const res = await fetch(`${o.url.replace(/\/$/, '')}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 'device-token': token } : {}) },
    body: JSON.stringify(body),
  });
  const answer = await res.json().catch(() => ({ code: res.status, msg: res.statusText }));
  if (answer.code !== 0) throw new Error(`${path}: ${answer.code} ${answer.msg}`);
  return answer.data;
}

if (o.register) {
  const made = await send('/sys/device/register', {
    registrationSecret: o.register,
    serial: o.serial,
    type: o.type,
    vendor: 'Simulator',
    model: 'SIM-1',
  });
  console.log(JSON.stringify(made));
  log(`registered ${made.code}: disabled until an administrator enables it; keep the token`);
  process.exit(0);
}
if (!o.token) {
  console.error('a device token is needed: --token <token> or DEVICE_TOKEN (or --register <key> to register)');
  process.exit(2);
}

const token = o.token;
const seconds = Number(o.seconds);
const interval = Math.max(100, Number(o.interval));
await send('/sys/device/ingest/heartbeat', { firmware: 'sim-1.0' }, token);
const bound = await send(
  '/sys/device/ingest/session/start',
  {
    sessionId: o.session,
    game: o.game,
    level: Number(o.level),
    ...(o.patient ? { patientId: Number(o.patient) } : {}),
    ...(o['work-order'] ? { workOrderId: Number(o['work-order']) } : {}),
  },
  token,
);
log(
  `session ${bound.sessionId} (#${bound.id}) patient ${bound.patientId ?? '-'} work order ${bound.workOrderId ?? '-'}`,
);

// a patient's arm: a repetition about every 2.5 s, range of motion warming up from 40 to ~90 degrees, force with
// fatigue, a score that grows with each good repetition
const started = Date.now();
let reps = 0;
let score = 0;
let romMax = 0;
let forceMax = 0;
let nextRep = 0;
let batches = 0;
while (Date.now() - started < seconds * 1000) {
  await sleep(interval);
  const t = (Date.now() - started) / 1000;
  const samples = [];
  const at = new Date().toISOString();
  while (nextRep <= t) {
    reps++;
    nextRep += 2 + Math.random();
    score += 5 + Math.round(Math.random() * 5);
  }
  const rom = Math.round((40 + Math.min(50, t * 1.5) + Math.sin(t) * 8) * 10) / 10;
  const force = Math.round((35 - t * 0.05 + Math.random() * 4) * 10) / 10;
  romMax = Math.max(romMax, rom);
  forceMax = Math.max(forceMax, force);
  samples.push({ ts: at, metric: 'repetitions', value: reps });
  samples.push({ ts: at, metric: 'score', value: score });
  samples.push({ ts: at, metric: 'rangeOfMotion', value: rom });
  samples.push({ ts: at, metric: 'force', value: force });
  const r = await send('/sys/device/ingest/samples', { sessionId: o.session, samples }, token);
  batches++;
  if (batches % 10 === 0) await send('/sys/device/ingest/heartbeat', {}, token);
  log(`t=${t.toFixed(1)}s reps=${reps} score=${score} rom=${rom} force=${force} stored=${r.stored}`);
}
if (!o['leave-open']) {
  const end = await send(
    '/sys/device/ingest/session/end',
    {
      sessionId: o.session,
      summary: {
        durationSeconds: Math.round((Date.now() - started) / 1000),
        repetitions: reps,
        rangeOfMotion: romMax,
        force: forceMax,
        score,
        level: Number(o.level),
      },
    },
    token,
  );
  log(`ended: ${end.status}, ${end.repetitions} repetitions, score ${end.score}`);
} else {
  log('left open (the server closes it as terminated after the silent-session limit)');
}
