// Mini-program content (issue 20): the review workflow (draft -> review -> published / scheduled -> unpublished, with
// versions; the reviewer is never the author), the public read API (published only, per organization, ETag 304), the
// media library (checked by content and size, compressed), education sent to a patient with its read receipt,
// another organization's ids and the permissions.
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentItems, contentMedia, contentVersions } from '../src/modules/content/content.tables';
import { patients } from '../src/modules/patients/patients.tables';
import { contentPublishJob } from '../src/modules/content/content.jobs';
import { DEMO, startTestServer, type TestServer } from './harness';

type Who = { token: string; organizationId: number };
let s: TestServer;
let author: Who; // the hospital's doctor
let reviewer: Who; // the hospital's administrator (department head)
let therapist: Who; // a therapist of the hospital: reads, writes, never reviews
let outsider: Who; // the community centre's therapist (another organization)
let cashier: Who; // no content permission at all
let patientId: number;

const api = (who: Who | null, method: 'GET' | 'POST', url: string, body?: unknown, lang?: string) =>
  s.api(method, `/api${url}`, { token: who?.token, body, lang });
const pub = (url: string, headers: Record<string, string> = {}) => s.api('GET', `/api/sys/applet${url}`, { headers });

const article = (over: Record<string, unknown> = {}) => ({
  kind: 'article',
  titleZh: '脑卒中后的居家训练',
  titleEn: '',
  summaryZh: '出院后每天的训练',
  bodyZh:
    '<p>每天<strong>两次</strong><script>alert(1)</script><a href="https://x.example">链接</a></p><video src="https://v.example/a.mp4"></video><img src="http://plain.example/a.png"><img src="https://ok.example/a.png" onerror="x()">',
  bodyEn: '<p>Twice a day</p>',
  ...over,
});

async function upload(who: Who, name: string, data: Buffer, type = 'application/octet-stream') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)], { type }), name);
  const res = await fetch(`${s.base}/api/sys/content/media/upload`, {
    method: 'POST',
    headers: { token: who.token },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

async function publishedArticle(title: string) {
  const saved = await api(author, 'POST', '/sys/content/save', article({ titleZh: title }));
  const id = saved.body.data.id as number;
  expect((await api(author, 'POST', '/sys/content/submit', { id })).body.code).toBe(0);
  expect((await api(reviewer, 'POST', '/sys/content/approve', { id })).body.code).toBe(0);
  return id;
}

beforeAll(async () => {
  s = await startTestServer();
  author = await s.loginInto(DEMO.doctor);
  reviewer = await s.loginInto(DEMO.orgAdmin);
  therapist = await s.loginInto(DEMO.therapist);
  outsider = await s.loginInto(DEMO.therapist2);
  cashier = await s.loginInto(DEMO.cashier);
  const [p] = await s.app.db
    .select({ id: patients.id })
    .from(patients)
    .where(eq(patients.organizationId, author.organizationId))
    .limit(1);
  patientId = p!.id;
}, 120_000);
afterAll(() => s?.close());

describe('content: the review workflow', () => {
  it('saves a draft cleaned for the mini-program, submits, refuses the author as reviewer, publishes and versions', async () => {
    const saved = await api(author, 'POST', '/sys/content/save', article());
    expect(saved.body.code).toBe(0);
    const id = saved.body.data.id as number;
    const draft = (await api(author, 'GET', `/sys/content/info/${id}`)).body.data;
    expect(draft.status).toBe('draft');
    // no script, no link, no video, no plain-http image, no handler; the https image is fitted to the screen
    expect(draft.bodyZh).toBe(
      '<p>每天<strong>两次</strong>链接</p><img src="https://ok.example/a.png" alt="" style="max-width:100%;height:auto" />',
    );
    // not served before it is published
    expect((await pub(`/${author.organizationId}/item/${id}`)).body.code).toBe(1);

    expect((await api(author, 'POST', '/sys/content/submit', { id })).body.code).toBe(0);
    // in review: the author can neither edit nor approve it
    expect((await api(author, 'POST', '/sys/content/save', { ...article(), id })).status).toBe(409);
    const self = await api(author, 'POST', '/sys/content/approve', { id }, 'en');
    expect(self.status).toBe(403); // the doctor holds no review permission
    // the administrator writes one and submits it: the same administrator may not approve it
    const own = await api(reviewer, 'POST', '/sys/content/save', article({ titleZh: '管理员自己写的' }));
    await api(reviewer, 'POST', '/sys/content/submit', { id: own.body.data.id });
    const selfReview = await api(reviewer, 'POST', '/sys/content/approve', { id: own.body.data.id }, 'en');
    expect(selfReview.status).toBe(403);
    expect(selfReview.body.msg).toBe('You wrote or submitted this content: another reviewer must approve it');
    expect((await api(reviewer, 'GET', `/sys/content/info/${own.body.data.id}`)).body.data.status).toBe('review');

    // sent back with a reason, corrected, resubmitted, approved
    expect((await api(reviewer, 'POST', '/sys/content/reject', { id, reason: '请补充注意事项' })).body.code).toBe(0);
    const back = (await api(author, 'GET', `/sys/content/info/${id}`)).body.data;
    expect(back).toMatchObject({ status: 'draft', rejectReason: '请补充注意事项' });
    await api(author, 'POST', '/sys/content/save', { ...article({ summaryZh: '补充了注意事项' }), id });
    await api(author, 'POST', '/sys/content/submit', { id });
    expect((await api(reviewer, 'POST', '/sys/content/approve', { id })).body.code).toBe(0);
    const live = (await api(author, 'GET', `/sys/content/info/${id}`)).body.data;
    expect(live).toMatchObject({ status: 'published', version: 2, publishedVersion: 2 });
    expect(live.versions.map((v: { version: number; outcome: string }) => [v.version, v.outcome])).toEqual([
      [2, 'approved'],
      [1, 'rejected'],
    ]);

    // served, with the English falling back to Chinese where empty
    const en = await pub(`/${author.organizationId}/item/${id}?lang=en`);
    expect(en.body.data).toMatchObject({
      title: '脑卒中后的居家训练',
      summary: '补充了注意事项',
      body: '<p>Twice a day</p>',
    });

    // editing a published item makes a draft; the published version stays served until the next approval
    await api(author, 'POST', '/sys/content/save', { ...article({ titleZh: '新标题' }), id });
    expect((await pub(`/${author.organizationId}/item/${id}`)).body.data.title).toBe('脑卒中后的居家训练');

    // unpublished: gone from the item and from the list
    expect((await api(reviewer, 'POST', '/sys/content/unpublish', { id })).body.code).toBe(0);
    expect((await pub(`/${author.organizationId}/item/${id}`)).body.code).toBe(1);
    const list = await pub(`/${author.organizationId}/items?kind=article`);
    expect(list.body.data.map((r: { id: number }) => r.id)).not.toContain(id);
    // a submitted version is history: the database refuses to change it
    await expect(
      s.app.db.update(contentVersions).set({ note: 'x' }).where(eq(contentVersions.itemId, id)),
    ).rejects.toThrow();
    // a submitted item cannot be deleted
    expect((await api(author, 'POST', '/sys/content/delete', { id })).status).toBe(409);
  });

  it('publishes a scheduled version when the job runs at its time, not before', async () => {
    const saved = await api(author, 'POST', '/sys/content/save', article({ titleZh: '定时发布' }));
    const id = saved.body.data.id as number;
    await api(author, 'POST', '/sys/content/submit', { id });
    const at = new Date(s.clock.now().getTime() + 600_000).toISOString();
    expect((await api(reviewer, 'POST', '/sys/content/approve', { id, publishAt: at })).body.code).toBe(0);
    const run = () => contentPublishJob.run({ app: s.app, params: {}, now: s.clock.now() });
    await run();
    expect((await api(author, 'GET', `/sys/content/info/${id}`)).body.data.status).toBe('scheduled');
    expect((await pub(`/${author.organizationId}/item/${id}`)).body.code).toBe(1);
    s.clock.advance(600_000);
    expect(await run()).toEqual({ published: 1 });
    expect((await pub(`/${author.organizationId}/item/${id}`)).body.data.title).toBe('定时发布');
  });

  it('keeps one homepage of each kind and serves its banners, honours, address and phone', async () => {
    const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#0a6' } })
      .png()
      .toBuffer();
    const media = (await upload(author, 'banner.png', png, 'image/png')).body.data;
    const home = {
      kind: 'hospital',
      titleZh: '康复示范医院',
      titleEn: 'Rehab Demonstration Hospital',
      bodyZh: '<p>简介</p>',
      bannerMediaIds: [media.id],
      honoursZh: '三级甲等\n省级重点专科',
      addressZh: '示范路 1 号',
      phone: '010-12345678',
    };
    const saved = await api(author, 'POST', '/sys/content/save', home);
    expect(saved.body.code).toBe(0);
    expect((await api(author, 'POST', '/sys/content/save', home)).status).toBe(409);
    await api(author, 'POST', '/sys/content/submit', { id: saved.body.data.id });
    await api(reviewer, 'POST', '/sys/content/approve', { id: saved.body.data.id });
    const served = await pub(`/${author.organizationId}/home/hospital?lang=en`);
    expect(served.body.data).toMatchObject({
      title: 'Rehab Demonstration Hospital',
      honours: ['三级甲等', '省级重点专科'],
      address: '示范路 1 号',
      phone: '010-12345678',
      banners: [`/api/sys/applet/${author.organizationId}/media/${media.id}`],
    });
    const image = await fetch(`${s.base}${served.body.data.banners[0]}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect((await pub(`/${author.organizationId}/home/company`)).body.data).toBeNull();
  });
});

describe('content: the public API', () => {
  it('answers 304 to a matching If-None-Match and a new ETag once the content changes', async () => {
    const first = await fetch(`${s.base}/api/sys/applet/${author.organizationId}/items?kind=article`);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    const again = await fetch(`${s.base}/api/sys/applet/${author.organizationId}/items?kind=article`, {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    await publishedArticle('新的一篇');
    const changed = await fetch(`${s.base}/api/sys/applet/${author.organizationId}/items?kind=article`, {
      headers: { 'if-none-match': etag },
    });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });

  it("serves one organization's content under its own id only; an unknown organization is not found", async () => {
    const id = await publishedArticle('只属于医院');
    expect((await pub(`/${author.organizationId}/item/${id}`)).body.code).toBe(0);
    expect((await pub(`/${outsider.organizationId}/item/${id}`)).body.code).toBe(1);
    const other = await pub(`/${outsider.organizationId}/items?kind=article`);
    expect(other.body.data).toEqual([]);
    expect((await pub('/999999/items')).body.code).toBe(1);
    expect((await pub('/abc/items')).status).toBe(400);
  });
});

describe('content: media, education, organizations and permissions', () => {
  it('refuses an upload that is not an image by its bytes, or larger than 5 MB, storing nothing; compresses big ones', async () => {
    const before = (await s.app.db.select({ id: contentMedia.id }).from(contentMedia)).length;
    const fake = await upload(author, 'photo.png', Buffer.from('not an image at all'), 'image/png');
    expect(fake.status).toBe(400);
    expect(fake.body.code).toBe(400);
    const pdf = await upload(author, 'x.png', Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'));
    expect(pdf.status).toBe(400);
    const huge = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const big = await upload(author, 'big.jpg', huge, 'image/jpeg');
    expect(big.status).toBe(413);
    expect((await s.app.db.select({ id: contentMedia.id }).from(contentMedia)).length).toBe(before);
    // a noisy 3000 px photo comes back scaled to 1600 px and smaller
    const noise = Buffer.alloc(3000 * 300 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const photo = await sharp(noise, { raw: { width: 3000, height: 300, channels: 3 } })
      .jpeg({ quality: 100 })
      .toBuffer();
    const ok = await upload(author, 'photo.jpg', photo, 'image/jpeg');
    expect(ok.body.code).toBe(0);
    expect(ok.body.data.size).toBeLessThan(photo.length);
    const [row] = await s.app.db.select().from(contentMedia).where(eq(contentMedia.id, ok.body.data.id));
    expect((await sharp(row!.data).metadata()).width).toBe(1600);
  });

  it('sends a published education item to a patient and records the first reading through the token', async () => {
    const saved = await api(
      author,
      'POST',
      '/sys/content/save',
      article({ kind: 'education', titleZh: '吞咽训练宣教' }),
    );
    const contentId = saved.body.data.id as number;
    const send = { patientId, contentId, diagnosis: '脑梗死', projectName: '吞咽训练' };
    // not yet published: refused, nothing sent
    expect((await api(author, 'POST', '/sys/content/education/send', send)).status).toBe(409);
    await api(author, 'POST', '/sys/content/submit', { id: contentId });
    await api(reviewer, 'POST', '/sys/content/approve', { id: contentId });
    expect((await api(author, 'POST', '/sys/content/education/send', send)).body.code).toBe(0);
    const sent = (await api(author, 'GET', `/sys/content/education/patient/${patientId}`)).body.data;
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ titleZh: '吞咽训练宣教', diagnosis: '脑梗死', readAt: null });
    s.clock.advance(60_000);
    const before = s.clock.now().getTime();
    const opened = await pub(`/education/${sent[0].token}`);
    expect(opened.body.data.title).toBe('吞咽训练宣教');
    const read = (await api(author, 'GET', `/sys/content/education/patient/${patientId}`)).body.data[0];
    expect(new Date(read.readAt).getTime()).toBeGreaterThanOrEqual(before);
    // a second opening keeps the first time
    s.clock.advance(60_000);
    await pub(`/education/${sent[0].token}`);
    expect((await api(author, 'GET', `/sys/content/education/patient/${patientId}`)).body.data[0].readAt).toBe(
      read.readAt,
    );
    expect((await pub('/education/abcdefghijklmnopqrstuvwxyz')).body.code).toBe(1);
    // another organization cannot send to this patient or read their list
    expect((await api(outsider, 'GET', `/sys/content/education/patient/${patientId}`)).status).toBe(404);
  });

  it("answers code 1 for another organization's item and refuses its category and media, writing nothing", async () => {
    const id = await publishedArticle('医院的文章');
    const seen = await api(outsider, 'GET', `/sys/content/info/${id}`, undefined, 'en');
    expect(seen.body).toMatchObject({ code: 1, msg: 'Content not found' });
    expect((await api(outsider, 'POST', '/sys/content/save', { ...article(), id })).body.code).toBe(1);
    const cat = await api(author, 'POST', '/sys/content/category/save', { nameZh: '脑卒中康复', nameEn: 'Stroke' });
    const foreign = await api(outsider, 'POST', '/sys/content/save', article({ categoryId: cat.body.data.id }), 'en');
    expect(foreign.status).toBe(400);
    expect(foreign.body.msg).toBe('The category does not exist in this organization');
    const count = async () =>
      (
        await s.app.db
          .select({ id: contentItems.id })
          .from(contentItems)
          .where(eq(contentItems.organizationId, outsider.organizationId))
      ).length;
    expect(await count()).toBe(0);
    // a category in use is kept
    await api(author, 'POST', '/sys/content/save', article({ categoryId: cat.body.data.id }));
    expect((await api(author, 'POST', '/sys/content/category/delete', { id: cat.body.data.id })).status).toBe(409);
  });

  it('checks the permissions: no content code, no review code, bad input', async () => {
    expect((await api(cashier, 'GET', '/sys/content/page')).status).toBe(403);
    expect((await api(null, 'GET', '/sys/content/page')).status).toBe(401);
    const draft = await api(therapist, 'POST', '/sys/content/save', article({ titleZh: '治疗师写的' }));
    expect(draft.body.code).toBe(0);
    await api(therapist, 'POST', '/sys/content/submit', { id: draft.body.data.id });
    expect((await api(therapist, 'POST', '/sys/content/approve', { id: draft.body.data.id })).status).toBe(403);
    const bad = await api(
      author,
      'POST',
      '/sys/content/save',
      { kind: 'article', titleZh: '', videoUrl: 'http://x' },
      'en',
    );
    expect(bad.status).toBe(400);
    const [row] = await s.app.db
      .select({ status: contentItems.status })
      .from(contentItems)
      .where(and(eq(contentItems.id, draft.body.data.id)));
    expect(row!.status).toBe('review');
  });
});
