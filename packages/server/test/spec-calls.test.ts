import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { allEndpoints } from '@rehab/shared';

/**
 * Every call spec section 7 names is a declared contract (so a server route: contracts.test.ts), none answered
 * route-not-found. The list is taken from the spec text into test/spec/spec-calls.json; a call left out is listed
 * there under `exclusions` with the reason.
 */
const data = JSON.parse(fs.readFileSync(path.join(__dirname, 'spec', 'spec-calls.json'), 'utf8')) as {
  calls: string[];
  exclusions: Record<string, string>;
};

/** Paths compared without case (the spec's spelling varies) and with every `:param` as one placeholder. */
const norm = (p: string) => p.toLowerCase().replace(/:[a-z0-9_]+\??/gi, ':p');

describe('spec section 7 calls', () => {
  const declared = new Set(allEndpoints().map((e) => norm(e.path)));

  it('are each a declared contract', () => {
    const missing = data.calls.filter((c) => !declared.has(norm(c)));
    expect(missing).toEqual([]);
  });

  it('lists each call once, and no excluded call as served', () => {
    expect(new Set(data.calls).size).toBe(data.calls.length);
    for (const [call, reason] of Object.entries(data.exclusions)) {
      expect(reason.length, call).toBeGreaterThan(10);
      expect(data.calls).not.toContain(call);
    }
  });
});
