import { describe, expect, it } from 'vitest';
import { loginFieldError, loginFieldProblem, validateLogin } from './login-validation';

describe('login field checks (spec section 5, Login)', () => {
  it('asks for the account, then for a phone or e-mail', () => {
    expect(loginFieldProblem('account', '  ')).toBe('validation.accountRequired');
    expect(loginFieldProblem('account', '12345')).toBe('validation.accountFormat');
    expect(loginFieldProblem('account', ' 13800000011 ')).toBeNull();
    expect(loginFieldProblem('account', 'doctor@rehab.example')).toBeNull();
  });
  it('asks for the password and a six-digit code', () => {
    expect(loginFieldProblem('password', '')).toBe('validation.passwordRequired');
    expect(loginFieldProblem('password', 'x')).toBeNull();
    expect(loginFieldProblem('verificationCode', '')).toBe('validation.codeRequired');
    expect(loginFieldProblem('verificationCode', '12a456')).toBe('validation.codeFormat');
    expect(loginFieldProblem('verificationCode', '123456')).toBeNull();
  });
  it('speaks the shared catalog in both languages', () => {
    expect(loginFieldError('zh-CN', 'account', '')).toBe('请输入手机号或邮箱');
    expect(loginFieldError('en', 'account', 'x')).toBe('Invalid phone number or email format');
    expect(loginFieldError('en', 'verificationCode', '')).toBe('Verification code cannot be empty');
  });
  it('checks the code only for the logins that ask for one', () => {
    const values = { account: '13800000011', password: 'p', verificationCode: '' };
    expect(validateLogin('en', values, false)).toEqual({});
    expect(Object.keys(validateLogin('en', values, true))).toEqual(['verificationCode']);
  });
});
