import { describe, expect, it } from 'vitest';
import { safeRedirect, sessionEndOf } from './session-end';

describe('safeRedirect', () => {
  it('keeps app paths of this origin with their query', () => {
    expect(safeRedirect('/patient/manage?name=x#top')).toBe('/patient/manage?name=x#top');
    expect(safeRedirect('/system/log')).toBe('/system/log');
  });

  it('refuses other sites, odd paths, the login and the checkout', () => {
    for (const value of [
      null,
      '',
      'https://evil.example/x',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      '/login?redirect=/x',
      '/organization/checkout',
      '/',
      'patient/manage',
    ])
      expect(safeRedirect(value), String(value)).toBeNull();
  });
});

describe('sessionEndOf', () => {
  it('reads the reason of a 401 answer and ignores anything else', () => {
    expect(sessionEndOf({ code: 401, sessionEnded: { reason: 'replaced', at: '2026-01-01T08:00:00.000Z' } })).toEqual({
      reason: 'replaced',
      at: '2026-01-01T08:00:00.000Z',
    });
    expect(sessionEndOf({ code: 401 })).toBeNull();
    expect(sessionEndOf({ sessionEnded: { reason: 'hacked', at: 'x' } })).toBeNull();
  });
});
