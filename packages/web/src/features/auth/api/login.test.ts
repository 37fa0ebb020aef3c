import { describe, expect, it } from 'vitest';
import { codeTarget, loginBody } from './login';

const values = { account: ' 13800000011 ', password: 'Rehab@2026', verificationCode: ' 123456 ', rememberMe: true };

describe('loginBody', () => {
  it('sends a phone number as phone and leaves the code out of the administrator login', () => {
    expect(loginBody(values, 2, false)).toEqual({
      phone: '13800000011',
      password: 'Rehab@2026',
      loginRoleType: 2,
      isLogin: 0,
      rememberMe: 1,
    });
  });
  it('sends an e-mail as email, with the code for the medical staff login, and isLogin after confirming', () => {
    expect(loginBody({ ...values, account: 'Doctor@rehab.example', rememberMe: false }, 1, true)).toEqual({
      email: 'Doctor@rehab.example',
      password: 'Rehab@2026',
      loginRoleType: 1,
      verificationCode: '123456',
      isLogin: 1,
      rememberMe: 0,
    });
  });
});

describe('codeTarget', () => {
  it('asks for an e-mail (1) or an SMS (2) by what the address is', () => {
    expect(codeTarget('a@b.cn')).toEqual({ type: 1, address: 'a@b.cn' });
    expect(codeTarget(' 13800000011')).toEqual({ type: 2, address: '13800000011' });
  });
});
