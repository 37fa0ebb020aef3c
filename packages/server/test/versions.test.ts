import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

describe('GET /api/sys/version/getCurrentVersion', () => {
  it('is public and answers the release note in Chinese by default', async () => {
    const res = await s.api('GET', '/api/sys/version/getCurrentVersion');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      code: 0,
      data: { version: '1.0.0', releaseNote: '首个版本：登录、机构选择、首页与个人中心。' },
    });
  });

  it('answers the release note in English on request', async () => {
    const cases: Record<string, string>[] = [
      { language: 'en' },
      { language: 'en-US' },
      { 'accept-language': 'en-GB,en;q=0.8' },
    ];
    for (const headers of cases) {
      const res = await s.api('GET', '/api/sys/version/getCurrentVersion', { headers });
      expect(res.body.data.releaseNote).toBe(
        'First release: sign-in, organization checkout, home dashboard and my center.',
      );
    }
    const fallback = await s.api('GET', '/api/sys/version/getCurrentVersion', { headers: { language: 'fr' } });
    expect(fallback.body.data.releaseNote).toMatch(/^首个版本/);
  });

  it('sets the usual security headers', async () => {
    const res = await fetch(`${s.base}/api/sys/version/getCurrentVersion`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });
});
