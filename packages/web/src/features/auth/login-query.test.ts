import { describe, expect, it } from 'vitest';
import { needsVerificationCode, parseLoginQuery, switchedLoginSearch } from './login-query';

describe('parseLoginQuery', () => {
  it('defaults to the administrator login without a CA state', () => {
    expect(parseLoginQuery('')).toEqual({ loginRoleType: 2, caState: false, stored: {} });
  });
  it('reads the staff login types and the CA state and keeps them for the logout', () => {
    expect(parseLoginQuery('?loginRoleType=1&CAState=1&x=y')).toEqual({
      loginRoleType: 1,
      caState: true,
      stored: { loginRoleType: '1', CAState: '1' },
    });
    expect(parseLoginQuery('?loginRoleType=0').loginRoleType).toBe(0);
  });
  it('treats an unknown role type as the administrator login and does not keep it', () => {
    expect(parseLoginQuery('?loginRoleType=7')).toMatchObject({ loginRoleType: 2, stored: {} });
    expect(parseLoginQuery('?loginRoleType=')).toMatchObject({ loginRoleType: 2, stored: {} });
    expect(parseLoginQuery('?loginRoleType=abc')).toMatchObject({ loginRoleType: 2, stored: {} });
  });
  it('keeps a CAState other than 1 but does not open the QR mode with it', () => {
    expect(parseLoginQuery('?CAState=0')).toMatchObject({ caState: false, stored: { CAState: '0' } });
  });
});

describe('login role type helpers', () => {
  it('asks for a code on every login but the administrator one', () => {
    expect(needsVerificationCode(2)).toBe(false);
    expect(needsVerificationCode(1)).toBe(true);
    expect(needsVerificationCode(0)).toBe(true);
  });
  it('switches between the administrator and the medical staff login, keeping CAState', () => {
    expect(switchedLoginSearch('?CAState=1', 2)).toBe('?CAState=1&loginRoleType=1');
    expect(switchedLoginSearch('?loginRoleType=1&CAState=1', 1)).toBe('?loginRoleType=2&CAState=1');
  });
});
