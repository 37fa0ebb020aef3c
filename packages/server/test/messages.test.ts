import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { messageTopic, scheduleTopic } from '@rehab/shared';
import { menus, roleMenus } from '../src/db/schema';
import { messageRecipients, messages } from '../src/modules/messages/messages.tables';
import { clearPermissionCache } from '../src/modules/menus/permissions.service';
import { sendSystemMessage } from '../src/modules/messages/messages.service';
import { startServer } from '../src/server';
import { DEMO, startTestServer, type TestServer } from './harness';

let s: TestServer;
type Login = { token: string; organizationId: number; userId: number };
let doctor: Login;
let therapist: Login;
let orgAdmin: Login;
let cashier: Login;
let therapist2: Login;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function enter(account: string): Promise<Login> {
  const { token, organizationId } = await s.loginInto(account);
  const info = await s.api('GET', '/api/sys/user/info', { token });
  return { token, organizationId, userId: info.body.data.id };
}

const call = (method: string, url: string, who: Login, body?: unknown, lang?: string) =>
  s.api(method, `/api/sys/message/${url}`, { token: who.token, body, lang });

async function upload(who: Login, name: string, data: Buffer, type = 'application/octet-stream') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)], { type }), name);
  const res = await fetch(`${s.base}/api/sys/message/upload`, {
    method: 'POST',
    headers: { token: who.token },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

const messageCount = async () => (await s.app.db.select({ id: messages.id }).from(messages)).length;

/** An MQTT client over WebSocket on the server's /mqtt, signed in with a session token. */
function connect(base: string, token: string): Promise<MqttClient> {
  return mqtt.connectAsync(`${base.replace('http', 'ws')}/mqtt`, {
    username: 'web',
    password: token,
    reconnectPeriod: 0,
    connectTimeout: 5000,
  });
}

/** Resolves with the first message on a topic, or null after `ms`. */
function nextMessage(client: MqttClient, ms = 1500): Promise<Record<string, unknown> | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), ms);
    client.once('message', (_topic, payload) => {
      clearTimeout(timer);
      resolve(JSON.parse(payload.toString()));
    });
  });
}

beforeAll(async () => {
  s = await startTestServer({ codeCooldownMs: 0 });
  doctor = await enter(DEMO.doctor);
  therapist = await enter(DEMO.therapist);
  orgAdmin = await enter(DEMO.orgAdmin);
  therapist2 = await enter(DEMO.therapist2);
  cashier = await enter(DEMO.cashier);
});
afterAll(async () => {
  await s?.close();
});

describe('messages', () => {
  let sentId: number;

  it('lists the demo inbox with the unread count', async () => {
    const list = await call('GET', 'list', therapist);
    expect(list.status).toBe(200);
    expect(list.body.data).toMatchObject({ currPage: 1, pageSize: 10 });
    const titles = list.body.data.list.map((m: { title: string }) => m.title);
    expect(titles).toContain('3床张建国康复方案调整');
    // cost messages are not in the inbox
    expect(list.body.data.list.every((m: { category: string }) => m.category !== 'cost')).toBe(true);
    const count = await call('POST', 'countUnreadMessage', therapist);
    expect(count.body.data).toMatchObject({ unReadMessageNum: 2, unReadExecuteMessageNum: 1 });
    expect(count.body.data.latest.title).toBe('有一项评估已授权给您');
    const en = await call('POST', 'countUnreadMessage', therapist, undefined, 'en');
    expect(en.body.data.latest).toMatchObject({ title: 'An assessment was authorized to you', senderName: 'System' });
  });

  it('sends a message with sanitized rich text and an attachment; the recipient reads it', async () => {
    const file = await upload(doctor, '检查图.png', PNG, 'image/png');
    expect(file.status).toBe(200);
    expect(file.body.data).toMatchObject({ name: '检查图.png', kind: 2, mime: 'image/png', size: PNG.length });
    const before = (await call('POST', 'countUnreadMessage', therapist)).body.data.unReadMessageNum;
    const res = await call('POST', 'save', doctor, {
      title: '复查提醒',
      content:
        '<p onclick="alert(1)">请<b>明天</b>复查<script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">点我</a><a href="https://example.com">链接</a></p>',
      recipients: [therapist.userId, therapist.userId],
      files: [file.body.data.id],
      sender: 999,
      senderName: '冒名',
    });
    expect(res.status).toBe(200);
    sentId = res.body.data.id;
    const after = (await call('POST', 'countUnreadMessage', therapist)).body.data.unReadMessageNum;
    expect(after).toBe(before + 1);

    const info = await call('GET', `info/${sentId}`, therapist);
    expect(info.body.data).toMatchObject({
      title: '复查提醒',
      senderName: '王医生',
      sender: doctor.userId,
      mine: false,
    });
    const html: string = info.body.data.content;
    expect(html).not.toMatch(/script|onerror|onclick|javascript:|<img/i);
    expect(html).toContain('<b>明天</b>');
    expect(html).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer">链接</a>');
    expect(info.body.data.files).toEqual([
      { id: file.body.data.id, name: '检查图.png', size: PNG.length, kind: 2, mime: 'image/png' },
    ]);
    // opening it marked it read
    expect((await call('POST', 'countUnreadMessage', therapist)).body.data.unReadMessageNum).toBe(before);

    // the attachment goes to the sender and the recipients only
    const get = (who: Login) =>
      fetch(`${s.base}/api/sys/message/file/${file.body.data.id}`, { headers: { token: who.token } });
    const got = await get(therapist);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await got.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await get(doctor)).status).toBe(200);
    expect((await get(orgAdmin)).status).toBe(404);

    // the sender sees it in the sent box with its recipients and their read state
    const sent = await call('GET', 'list?box=sent', doctor);
    expect(sent.body.data.list[0]).toMatchObject({ id: sentId, recipientNames: ['李治疗师'], fileCount: 1 });
    const mine = await call('GET', `info/${sentId}`, doctor);
    expect(mine.body.data).toMatchObject({ mine: true, recipients: [{ id: therapist.userId, read: true }] });
    // someone else of the organization cannot read it
    expect((await call('GET', `info/${sentId}`, orgAdmin)).status).toBe(404);
  });

  it('filters the inbox by title, sender, time and read state', async () => {
    const byTitle = await call('GET', `list?title=${encodeURIComponent('复查')}`, therapist);
    expect(byTitle.body.data.list.map((m: { id: number }) => m.id)).toEqual([sentId]);
    const bySender = await call('GET', `list?sender=${encodeURIComponent('王')}`, therapist);
    expect(bySender.body.data.list.every((m: { senderName: string }) => m.senderName === '王医生')).toBe(true);
    const future = await call('GET', `list?startTime=${encodeURIComponent('2099-01-01T00:00:00Z')}`, therapist);
    expect(future.body.data.totalCount).toBe(0);
    const unread = await call('GET', 'list?sign=0', therapist);
    expect(unread.body.data.list.every((m: { sign: number }) => m.sign === 0)).toBe(true);
    const bad = await call('GET', 'list?startTime=yesterday', therapist);
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('startTime');
  });

  it('refuses bad input, naming the field and writing nothing', async () => {
    const count = await messageCount();
    const noTitle = await call(
      'POST',
      'save',
      doctor,
      { title: ' ', content: '<p>x</p>', recipients: [therapist.userId] },
      'en',
    );
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.field).toBe('title');
    const onlyScript = await call('POST', 'save', doctor, {
      title: 't',
      content: '<script>alert(1)</script>',
      recipients: [therapist.userId],
    });
    expect(onlyScript.status).toBe(400);
    expect(onlyScript.body.field).toBe('content');
    const noRecipient = await call('POST', 'save', doctor, { title: 't', content: 'x', recipients: [] });
    expect(noRecipient.body.field).toBe('recipients');
    const bigId = await call('POST', 'save', doctor, { title: 't', content: 'x', recipients: [2 ** 40] });
    expect(bigId.status).toBe(400);
    expect(await messageCount()).toBe(count);
  });

  it('refuses recipients of another organization and files of someone else', async () => {
    const count = await messageCount();
    // 赵治疗师 belongs to the other organization only
    const res = await call(
      'POST',
      'save',
      doctor,
      { title: '跨机构', content: 'x', recipients: [therapist.userId, therapist2.userId] },
      'en',
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      field: 'recipients',
      msg: 'A recipient does not exist or is not a member of this organization',
    });
    const file = await upload(therapist, 'a.png', PNG);
    const notMine = await call('POST', 'save', doctor, {
      title: 't',
      content: 'x',
      recipients: [therapist.userId],
      files: [file.body.data.id],
    });
    expect(notMine.status).toBe(400);
    expect(notMine.body.field).toBe('files');
    expect(await messageCount()).toBe(count);
  });

  it('checks uploads by type, content and size', async () => {
    const exe = await upload(doctor, 'setup.exe', Buffer.from('MZ....'));
    expect(exe.status).toBe(400);
    expect(exe.body.msgKey).toBe('message.fileType');
    const fake = await upload(doctor, 'photo.png', Buffer.from('<html><script>alert(1)</script></html>'));
    expect(fake.status).toBe(400);
    expect(fake.body.msgKey).toBe('message.fileContent');
    const pdfAsTxt = await upload(doctor, 'notes.txt', Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(64, 1)]));
    expect(pdfAsTxt.body.msgKey).toBe('message.fileContent');
    const txt = await upload(doctor, '交班记录.txt', Buffer.from('今日交班：3床步态训练改为每日两次。'));
    expect(txt.status).toBe(200);
    expect(txt.body.data).toMatchObject({ kind: 1, mime: 'text/plain; charset=utf-8' });
    const bigImage = await upload(doctor, 'big.png', Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]));
    expect(bigImage.status).toBe(413);
    expect(bigImage.body.msgKey).toBe('message.imageTooLarge');
    const bigFile = await upload(doctor, 'big.txt', Buffer.alloc(20 * 1024 * 1024 + 1, 65));
    expect(bigFile.status).toBe(413);
    expect(bigFile.body.msgKey).toBe('message.fileTooLarge');
    const none = await s.api('POST', '/api/sys/message/upload', { token: doctor.token, body: {} });
    expect(none.status).toBe(400);
  });

  it('marks read one, all; moves to the recycle bin and back, all or nothing', async () => {
    const ids = (await call('GET', 'list?limit=100', therapist)).body.data.list.map((m: { id: number }) => m.id);
    const one = await call('POST', 'updateSign', therapist, { ids: [ids[0]] });
    expect(one.status).toBe(200);
    const all = await call('POST', 'updateAllSign', therapist);
    expect(all.status).toBe(200);
    expect((await call('POST', 'countUnreadMessage', therapist)).body.data.unReadMessageNum).toBe(0);

    // a message the therapist did not receive: 404, and nothing moves
    const foreign = await call('POST', 'recycleDelete', therapist, { ids: [ids[0], 999999] });
    expect(foreign.status).toBe(404);
    expect((await call('GET', 'list?box=recycle', therapist)).body.data.totalCount).toBe(0);
    const bad = await call('POST', 'recycleDelete', therapist, { ids: [] });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('ids');

    const del = await call('POST', 'recycleDelete', therapist, [ids[0]]);
    expect(del.status).toBe(200);
    const inbox = await call('GET', 'list?limit=100', therapist);
    expect(inbox.body.data.list.map((m: { id: number }) => m.id)).not.toContain(ids[0]);
    const bin = await call('GET', 'list?box=recycle', therapist);
    expect(bin.body.data.list.map((m: { id: number }) => m.id)).toEqual([ids[0]]);
    await call('POST', 'recycleRestore', therapist, { ids: [ids[0]] });
    expect((await call('GET', 'list?box=recycle', therapist)).body.data.totalCount).toBe(0);
  });

  it('keeps organizations apart and cost messages for those allowed', async () => {
    const other = await call('GET', 'list?box=sent', therapist2);
    expect(other.body.data.list.map((m: { title: string }) => m.title)).toEqual(['周三社区上门康复排班']);
    expect((await call('GET', 'list', therapist2)).body.data.totalCount).toBe(0);
    // a message of the first organization is not found from the second
    const [first] = (await call('GET', 'list', doctor)).body.data.list;
    expect((await call('GET', `info/${first.id}`, therapist2)).status).toBe(404);

    expect((await call('GET', 'list?category=cost', therapist)).status).toBe(403);
    // the till's demo day (billing.demo.ts) left the cashier real ones: a patient short of prepaid balance and
    // the refund finance approved
    const cost = await call('GET', 'list?category=cost', cashier, undefined, 'en');
    expect(cost.body.data.list.map((m: { title: string }) => m.title).sort()).toEqual([
      'Prepaid balance too low',
      'Refund request approved',
    ]);
  });

  it('offers the organization users by office as recipients', async () => {
    const res = await call('GET', 'recipients', doctor, undefined, 'en');
    const names = res.body.data.flatMap((o: { users: { name: string }[] }) => o.users.map((u) => u.name));
    expect(names).toContain('李治疗师');
    expect(names).not.toContain('赵治疗师');
    expect(res.body.data[0].officeName).toBe('Rehabilitation Medicine');
  });

  it('counts unread messages on the home dashboard', async () => {
    await sendSystemMessage(s.app, {
      organizationId: doctor.organizationId,
      userIds: [doctor.userId],
      title: { key: 'message.passwordResetTitle' },
      content: { key: 'message.passwordResetContent' },
    });
    const count = (await call('POST', 'countUnreadMessage', doctor)).body.data.unReadMessageNum;
    const home = await s.api('GET', `/api/sys/index/info/${doctor.organizationId}/0`, { token: doctor.token });
    expect(home.body.data.msgCount).toBe(count);
    expect(count).toBeGreaterThan(0);
  });

  it('sends product messages to members only, in both languages', async () => {
    const id = await sendSystemMessage(s.app, {
      organizationId: doctor.organizationId,
      userIds: [doctor.userId, therapist2.userId],
      category: 'execute',
      title: { key: 'message.passwordResetTitle' },
      content: { key: 'message.passwordResetContent', params: { time: '2026-01-01 08:00', address: 'x' } },
      link: '/home',
    });
    expect(id).toBeGreaterThan(0);
    const rows = await s.app.db.select().from(messageRecipients).where(eq(messageRecipients.messageId, id!));
    expect(rows.map((r) => r.userId)).toEqual([doctor.userId]);
    const en = await call('GET', `info/${id}`, doctor, undefined, 'en');
    expect(en.body.data).toMatchObject({ title: 'Your password was reset', senderName: 'System', link: '/home' });
    expect((await call('POST', 'countUnreadMessage', doctor)).body.data.unReadExecuteMessageNum).toBe(0);
  });

  it('needs the send permission to send, upload and pick recipients', async () => {
    const [button] = await s.app.db.select().from(menus).where(eq(menus.key, 'email.myNews.send'));
    await s.app.db.delete(roleMenus).where(and(eq(roleMenus.menuId, button!.id), eq(roleMenus.roleId, 11)));
    clearPermissionCache();
    const res = await call('POST', 'save', doctor, { title: 't', content: 'x', recipients: [therapist.userId] });
    expect(res.status).toBe(403);
    expect((await upload(doctor, 'a.png', PNG)).status).toBe(403);
    expect((await call('GET', 'recipients', doctor)).status).toBe(403);
    await s.app.db.insert(roleMenus).values({ roleId: 11, menuId: button!.id });
    clearPermissionCache();
  });

  it('needs a session and an organization', async () => {
    expect((await s.api('GET', '/api/sys/message/list')).status).toBe(401);
    const bare = await s.loginAdmin(DEMO.orgAdmin);
    expect((await s.api('GET', '/api/sys/message/list', { token: bare })).status).toBe(403);
  });
});

describe('live channel', () => {
  const open: MqttClient[] = [];
  afterAll(async () => {
    await Promise.all(open.map((c) => c.endAsync(true).catch(() => undefined)));
  });
  const track = (c: MqttClient) => (open.push(c), c);

  it('refuses a bad token', async () => {
    await expect(connect(s.base, 'not-a-token')).rejects.toThrow();
    await expect(connect(s.base, '')).rejects.toThrow();
  });

  it('lets a user subscribe to their own topic only, and rings within a second', async () => {
    therapist = await enter(DEMO.therapist);
    doctor = await enter(DEMO.doctor);
    const client = track(await connect(s.base, therapist.token));
    // refused with a failure return code (the client library rejects); the connection stays open
    await expect(client.subscribeAsync(messageTopic(doctor.userId, doctor.organizationId))).rejects.toThrow();
    await expect(client.subscribeAsync('web/message/#')).rejects.toThrow();
    expect(client.connected).toBe(true);
    const own = await client.subscribeAsync(messageTopic(therapist.userId, therapist.organizationId));
    expect(own[0]!.qos).toBe(0);

    const waiting = nextMessage(client, 1000);
    const started = Date.now();
    const res = await call('POST', 'save', doctor, {
      title: '实时',
      content: '<p>现在</p>',
      recipients: [therapist.userId],
    });
    const live = await waiting;
    expect(live).toEqual({
      id: res.body.data.id,
      category: 'news',
      recipient: `${therapist.userId}:${therapist.organizationId}`,
    });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('does not let clients publish', async () => {
    const listener = track(await connect(s.base, therapist.token));
    await listener.subscribeAsync(messageTopic(therapist.userId, therapist.organizationId));
    const intruder = await connect(s.base, doctor.token);
    const closed = new Promise<void>((resolve) => intruder.once('close', () => resolve()));
    const heard = nextMessage(listener, 800);
    intruder.publish(messageTopic(therapist.userId, therapist.organizationId), JSON.stringify({ id: 1 }));
    await closed;
    expect(await heard).toBeNull();
  });

  it('disconnects a client whose session ends', async () => {
    const session = await enter(DEMO.orgAdmin);
    const client = await connect(s.base, session.token);
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    await s.api('POST', '/api/sys/logout', { token: session.token });
    await closed;
    await expect(connect(s.base, session.token)).rejects.toThrow();
  });

  it('tells the account holder in their inbox that their password was reset', async () => {
    const address = 'therapist2@rehab.example';
    const verificationCode = await s.sendCode(address, 'reset');
    const reset = await s.api('POST', '/api/sys/resetPassword', {
      body: { address, password: 'Another@2026', verificationCode },
    });
    expect(reset.body.code).toBe(0);
    const rows = await s.app.db
      .select({ title: messages.title })
      .from(messages)
      .innerJoin(messageRecipients, eq(messageRecipients.messageId, messages.id))
      .where(eq(messageRecipients.userId, therapist2.userId));
    expect(rows.map((r) => r.title)).toContain('您的密码已重置');
  });
});

describe('live channel across a server restart', () => {
  it('the client reconnects by itself and hears the next message', async () => {
    const therapist = await enter(DEMO.therapist);
    const doctor = await enter(DEMO.doctor);
    const port = (s.server.server.address() as { port: number }).port;
    const client = await mqtt.connectAsync(`ws://127.0.0.1:${port}/mqtt`, {
      username: 'web',
      password: therapist.token,
      reconnectPeriod: 300,
    });
    let restarted: Awaited<ReturnType<typeof startServer>> | null = null;
    try {
      await client.subscribeAsync(messageTopic(therapist.userId, therapist.organizationId));
      const reconnected = new Promise<void>((resolve) => client.once('reconnect', () => resolve()));
      // the same server again, on the same port and database (sessions are in the database)
      await s.server.close();
      await reconnected;
      restarted = await startServer(s.config, { logger: s.app.log });
      await restarted.server.listen({ port, host: '127.0.0.1' });
      await new Promise<void>((resolve) => (client.connected ? resolve() : client.once('connect', () => resolve())));
      // the client subscribes again by itself on connect; a subscription of ours sent after it is acknowledged after it
      await client.subscribeAsync(scheduleTopic(therapist.organizationId));
      const heard = nextMessage(client, 3000);
      const res = await call('POST', 'save', doctor, { title: '重启后', content: 'x', recipients: [therapist.userId] });
      expect(await heard).toMatchObject({ id: res.body.data.id });
    } finally {
      await client.endAsync(true);
      await restarted?.server.close();
    }
  });
});
