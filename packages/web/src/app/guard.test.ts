import { describe, expect, it } from 'vitest';
import { guardDecision } from './guard';

const base = { search: '', hasToken: false, hasOrganization: false };

describe('guardDecision', () => {
  it('lets anyone open the public screens', () => {
    for (const pathname of ['/login', '/user-reset', '/schedulingView/master', '/hisService/schedulingView']) {
      expect(guardDecision({ ...base, pathname })).toEqual({ allow: true });
    }
  });
  it('sends a visitor without a token to the login', () => {
    expect(guardDecision({ ...base, pathname: '/home' })).toEqual({
      allow: false,
      redirect: '/login',
      rememberTarget: undefined,
    });
    expect(guardDecision({ ...base, pathname: '/schedulingView' })).toMatchObject({ redirect: '/login' });
  });
  it('remembers a telemedicine detail visit with the hidden expert tab as the target', () => {
    const d = guardDecision({ ...base, pathname: '/telemedicine/detail', search: '?id=3&hiddenExpertTab=1' });
    expect(d).toEqual({
      allow: false,
      redirect: '/login',
      rememberTarget: '/telemedicine/detail?id=3&hiddenExpertTab=1',
    });
    expect(guardDecision({ ...base, pathname: '/telemedicine/detail', search: '?id=3' })).toMatchObject({
      rememberTarget: undefined,
    });
  });
  it('remembers a scanned QR login confirmation as the target (issue 19)', () => {
    expect(guardDecision({ ...base, pathname: '/qr-confirm/abcdefghijklmnopqrstuvwxyz012345' })).toEqual({
      allow: false,
      redirect: '/login',
      rememberTarget: '/qr-confirm/abcdefghijklmnopqrstuvwxyz012345',
    });
  });
  it('sends a signed-in user without an organization to checkout, except the allowed screens', () => {
    const signedIn = { ...base, hasToken: true };
    expect(guardDecision({ ...signedIn, pathname: '/home' })).toEqual({
      allow: false,
      redirect: '/organization/checkout',
    });
    expect(guardDecision({ ...signedIn, pathname: '/organization/checkout' })).toEqual({ allow: true });
    expect(guardDecision({ ...signedIn, pathname: '/telemedicine/detail' })).toEqual({ allow: true });
    expect(guardDecision({ ...signedIn, pathname: '/login' })).toEqual({ allow: true });
  });
  it('lets a user with an organization go anywhere', () => {
    expect(guardDecision({ ...base, hasToken: true, hasOrganization: true, pathname: '/home/' })).toEqual({
      allow: true,
    });
  });
});
