import { z } from 'zod';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineEndpoint, methodsEndpoints, versionsEndpoints } from '@rehab/shared';
import { ApiError, fileNameOf, setUnauthorizedHandler } from './api';
import { callEndpoint, downloadEndpoint, endpointKey, endpointPath, uploadEndpoint } from './endpoints';

const file = defineEndpoint({
  method: 'GET',
  path: '/sys/message/file/:folder/:id',
  access: 'organization',
  params: z.object({ folder: z.string(), id: z.coerce.number() }),
  response: z.object({}),
  summary: { 'zh-CN': '文件', en: 'A file' },
  kind: 'download',
});
const upload = defineEndpoint({
  method: 'POST',
  path: '/sys/assess/attachment/upload/:id',
  access: 'organization',
  params: z.object({ id: z.number() }),
  response: z.object({ data: z.object({ id: z.number() }) }),
  summary: { 'zh-CN': '上传', en: 'Upload' },
  kind: 'upload',
});

const answer = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' }, ...init });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('endpointPath', () => {
  it('fills the path parameters, URI-encoded', () => {
    expect(endpointPath(versionsEndpoints.info, { id: 3 })).toBe('/sys/version/info/3');
    expect(endpointPath(file, { folder: 'a b/c', id: 1 })).toBe('/sys/message/file/a%20b%2Fc/1');
    expect(endpointPath(versionsEndpoints.page)).toBe('/sys/version/pageInfo');
  });

  it('refuses a missing parameter rather than calling a wrong path', () => {
    expect(() => endpointPath(versionsEndpoints.info, {})).toThrow(/:id/);
  });
});

describe('endpointKey', () => {
  it('is the path segments, then the query and body', () => {
    expect(endpointKey(versionsEndpoints.info, { params: { id: 3 } })).toEqual(['sys', 'version', 'info', '3']);
    expect(endpointKey(versionsEndpoints.page, { body: { page: 2, limit: 10 } })).toEqual([
      'sys',
      'version',
      'pageInfo',
      { body: { page: 2, limit: 10 } },
    ]);
    expect(endpointKey(versionsEndpoints.current)).toEqual(['sys', 'version', 'getCurrentVersion']);
  });

  it('without input stops at the first parameter: the prefix of every call of the endpoint', () => {
    expect(endpointKey(versionsEndpoints.info)).toEqual(['sys', 'version', 'info']);
    const prefix = endpointKey(versionsEndpoints.info);
    const one = endpointKey(versionsEndpoints.info, { params: { id: 7 } });
    expect(one.slice(0, prefix.length)).toEqual(prefix);
  });
});

describe('calls through the client', () => {
  it('sends the method, the filled path, the JSON body and the language header', async () => {
    const fetch = vi.fn(async (..._args: unknown[]) => answer({ code: 0, msg: 'ok', data: { id: 3 } }));
    vi.stubGlobal('fetch', fetch);
    const res = await callEndpoint(versionsEndpoints.info, { params: { id: 3 } });
    expect(res.data.id).toBe(3);
    const [url, init] = fetch.mock.calls[0] as [URL, RequestInit];
    expect(url.pathname).toBe('/api/sys/version/info/3');
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect((init.headers as Record<string, string>).language).toBeTruthy();

    await callEndpoint(versionsEndpoints.page, { body: { page: 1, limit: 10 } });
    const [url2, init2] = fetch.mock.calls[1] as [URL, RequestInit];
    expect(url2.pathname).toBe('/api/sys/version/pageInfo');
    expect(init2.method).toBe('POST');
    expect(init2.body).toBe('{"page":1,"limit":10}');
  });

  it("waits as long as the contract says: the spec's 300 s for the organization's scales, else 30 s", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (..._args: unknown[]) => answer({ code: 0, msg: 'ok', data: [] })),
    );
    const timeout = vi.spyOn(AbortSignal, 'timeout');
    try {
      await callEndpoint(methodsEndpoints.scales, { query: {} });
      await callEndpoint(versionsEndpoints.current);
      expect(timeout.mock.calls.map(([ms]) => ms)).toEqual([300_000, 30_000]);
    } finally {
      timeout.mockRestore();
    }
  });

  it('downloads a blob with the name of its Content-Disposition', async () => {
    const fetch = vi.fn(
      async (..._args: unknown[]) =>
        new Response('PDF', {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': `attachment; filename="r.pdf"; filename*=UTF-8''%E6%8A%A5%E5%91%8A.pdf`,
          },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    const { blob, fileName } = await downloadEndpoint(file, { params: { folder: 'x', id: 1 } });
    expect(await blob.text()).toBe('PDF');
    expect(fileName).toBe('报告.pdf');
  });

  it('rejects a refused download with the envelope, and a 401 reaches the unauthorized handler', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer({ code: 401, msg: 'signed out' }, { status: 401 })),
    );
    const error = await downloadEndpoint(file, { params: { folder: 'x', id: 1 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(onUnauthorized).toHaveBeenCalledOnce();
    setUnauthorizedHandler(() => undefined);
  });

  it('uploads the form as it is (the browser writes the multipart content type)', async () => {
    const fetch = vi.fn(async (..._args: unknown[]) => answer({ code: 0, msg: 'ok', data: { id: 9 } }));
    vi.stubGlobal('fetch', fetch);
    const form = new FormData();
    form.append('file', new Blob(['x']), 'a.txt');
    const res = await uploadEndpoint(upload, { params: { id: 4 } }, form);
    expect(res.data.id).toBe(9);
    const [url, init] = fetch.mock.calls[0] as [URL, RequestInit];
    expect(url.pathname).toBe('/api/sys/assess/attachment/upload/4');
    expect(init.body).toBe(form);
    expect((init.headers as Record<string, string>)['content-type']).toBeUndefined();
  });
});

describe('fileNameOf', () => {
  it('reads the plain and the extended form', () => {
    expect(fileNameOf('attachment; filename="a b.xlsx"')).toBe('a b.xlsx');
    expect(fileNameOf('attachment; filename=plain.csv')).toBe('plain.csv');
    expect(fileNameOf(null)).toBeNull();
    expect(fileNameOf('inline')).toBeNull();
  });
});
