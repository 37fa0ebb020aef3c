import { describe, expect, it } from 'vitest';
import { serializeQueries } from './serial-queries';

/** A client whose statements end when the test says so, recording when each started. */
function fakeClient() {
  const started: string[] = [];
  const finish = new Map<string, (v: unknown) => void>();
  const fail = new Map<string, (e: Error) => void>();
  const client = {
    query: (text: string) => {
      started.push(text);
      return new Promise((resolve, reject) => {
        finish.set(text, resolve);
        fail.set(text, reject);
      });
    },
  };
  return { client, started, finish, fail };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('serializeQueries', () => {
  it('starts a statement only when the one before has ended, in the order asked, a failure included', async () => {
    const { client, started, finish, fail } = fakeClient();
    serializeQueries(client as never);
    const q = client.query as unknown as (t: string) => Promise<unknown>;
    const a = q('a');
    const b = q('b');
    const c = q('c');
    await tick();
    expect(started).toEqual(['a']);
    fail.get('a')!(new Error('boom'));
    await expect(a).rejects.toThrow('boom');
    await tick();
    expect(started).toEqual(['a', 'b']);
    finish.get('b')!('B');
    expect(await b).toBe('B');
    await tick();
    expect(started).toEqual(['a', 'b', 'c']);
    finish.get('c')!('C');
    expect(await c).toBe('C');
  });

  it('passes callback and stream calls through at once', async () => {
    const calls: unknown[][] = [];
    const client = { query: (...args: unknown[]) => calls.push(args) };
    serializeQueries(client as never);
    const q = client.query as unknown as (...args: unknown[]) => unknown;
    const cb = () => undefined;
    const stream = { submit: () => undefined };
    q('x', [], cb);
    q(stream);
    expect(calls).toEqual([['x', [], cb], [stream]]);
  });
});
