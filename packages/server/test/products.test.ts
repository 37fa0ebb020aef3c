import { MessagePerm, MethodPerm, type MenuNode } from '@rehab/shared';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../src/db/schema';
import { DEMO, startTestServer, type TestServer } from './harness';

// Product switches of an organization (organizationConfig/listSoftProduct, shared PRODUCT_SCOPES): a module switched
// off leaves the menus and the permission codes of every user of that organization, and its calls answer 403 for
// that organization only; nothing is written by a refused call.

let s: TestServer;
let admin: string;
let doctor: string;
let therapist2: string; // a member of the second demo organization
let org1: number;

const urls = (list: MenuNode[]): string[] => list.flatMap((n) => [...(n.url ? [n.url] : []), ...urls(n.list)]);
const nav = async (token: string) => (await s.api('GET', '/api/sys/menu/nav', { token })).body;
const setProducts = (products: string[]) =>
  s.api('POST', '/api/sys/organizationConfig/save', {
    token: admin,
    body: { organizationId: org1, caIntegration: 0, products },
  });
const ALL_DEFAULT = ['scheduling', 'assessment', 'messages', 'billing', 'statistics'];
const messageCount = async () => (await s.app.db.select({ n: count() }).from(messages))[0]!.n;

beforeAll(async () => {
  s = await startTestServer({ codeCooldownMs: 0 });
  ({ token: admin, organizationId: org1 } = await s.loginInto(DEMO.orgAdmin));
  ({ token: doctor } = await s.loginInto(DEMO.doctor));
  ({ token: therapist2 } = await s.loginInto(DEMO.therapist2));
});
afterAll(async () => {
  await s?.close();
});

describe('product switches', () => {
  it('a default organization has the messages and assessment menus and codes', async () => {
    const body = await nav(doctor);
    expect(body.products).toEqual(expect.arrayContaining(['messages', 'assessment']));
    expect(urls(body.menuList)).toContain('/email/my-news');
    expect(body.permissions).toContain(MessagePerm.save);
    expect((await s.api('GET', '/api/sys/message/list', { token: doctor })).body.code).toBe(0);
  });

  it('switching messages off hides its menus and refuses its calls in that organization only', async () => {
    expect((await setProducts(ALL_DEFAULT.filter((p) => p !== 'messages'))).body.code).toBe(0);
    const body = await nav(doctor);
    expect(body.products).not.toContain('messages');
    expect(urls(body.menuList).filter((u) => u.startsWith('/email'))).toEqual([]);
    expect(body.permissions).not.toContain(MessagePerm.save);
    expect(body.permissions).not.toContain(MessagePerm.cost);
    // other menus stay
    expect(urls(body.menuList)).toContain('/patient/manage');

    const list = await s.api('GET', '/api/sys/message/list', { token: doctor, lang: 'en' });
    expect(list.status).toBe(403);
    expect(list.body.msg).toBe('This module is not enabled for your organization');
    const zh = await s.api('POST', '/api/sys/message/countUnreadMessage', { token: doctor, body: {} });
    expect(zh.status).toBe(403);
    expect(zh.body.msg).toBe('本机构未开通此功能模块');

    const before = await messageCount();
    const save = await s.api('POST', '/api/sys/message/save', {
      token: doctor,
      body: { title: 't', content: 'x', recipients: [1] },
    });
    expect(save.status).toBe(403);
    expect(await messageCount()).toBe(before);

    // the administrator's menu loses the inbox too, whatever the role
    expect(urls((await nav(admin)).menuList).filter((u) => u.startsWith('/email'))).toEqual([]);
    // another organization keeps its messages
    expect((await s.api('GET', '/api/sys/message/list', { token: therapist2 })).body.code).toBe(0);
    expect(urls((await nav(therapist2)).menuList)).toContain('/email/my-news');
    // the configuration itself is never switched off
    const read = await s.api('POST', '/api/sys/organizationConfig/listSoftProduct', { token: admin, body: {} });
    expect(read.body.code).toBe(0);
  });

  it('billing off hides only the cost messages', async () => {
    await setProducts(ALL_DEFAULT.filter((p) => p !== 'billing'));
    const body = await nav(doctor);
    expect(urls(body.menuList)).toContain('/email/my-news');
    expect(urls(body.menuList)).not.toContain('/email/costMessage');
    expect(body.permissions).toContain(MessagePerm.save);
    expect(body.permissions).not.toContain(MessagePerm.cost);
    const cost = await s.api('GET', '/api/sys/message/list?category=cost', { token: doctor });
    expect(cost.status).toBe(403);
  });

  it('assessment off hides the assessment methods screen and refuses its calls', async () => {
    await setProducts(ALL_DEFAULT.filter((p) => p !== 'assessment'));
    const body = await nav(admin);
    expect(urls(body.menuList)).not.toContain('/maintainSystem/assessTable');
    expect(urls(body.menuList)).not.toContain('/SubFirsScale/platFormTemplate');
    expect(body.permissions).not.toContain(MethodPerm.list);
    // other maintenance screens stay
    expect(urls(body.menuList)).toContain('/maintainSystem/user');
    const list = await s.api('POST', '/api/sys/method/list', { token: admin, body: {} });
    expect(list.status).toBe(403);
  });

  it('switching back on restores menus and calls at once', async () => {
    await setProducts(ALL_DEFAULT);
    const body = await nav(doctor);
    expect(urls(body.menuList)).toContain('/email/my-news');
    expect(body.permissions).toContain(MessagePerm.save);
    expect((await s.api('GET', '/api/sys/message/list', { token: doctor })).body.code).toBe(0);
    expect(urls((await nav(admin)).menuList)).toContain('/maintainSystem/assessTable');
  });
});
