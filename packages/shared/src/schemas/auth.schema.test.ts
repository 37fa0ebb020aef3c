import { describe, expect, it } from 'vitest';
import { loginSchema, resetPasswordSchema, sendCodeSchema } from './auth.schema';
import { issuesToProblems } from './issues';

const problems = (result: { success: boolean; error?: { issues: never[] } }) =>
  result.success ? [] : issuesToProblems(result.error!.issues).map((p) => `${p.field}:${p.key}`);

describe('loginSchema', () => {
  it('accepts an administrator login and fills defaults', () => {
    const r = loginSchema.parse({ phone: '13800000001', password: 'x' });
    expect(r).toMatchObject({ loginRoleType: 2, isLogin: 0, rememberMe: 1 });
  });
  it('reports missing fields as "required fields are missing"', () => {
    expect(problems(loginSchema.safeParse({}) as never)).toEqual(['account:validation.requiredFieldsMissing']);
    expect(problems(loginSchema.safeParse({ account: '13800000001' }) as never)).toEqual([
      'password:validation.requiredFieldsMissing',
    ]);
  });
  it('refuses an account that is neither phone nor e-mail', () => {
    expect(problems(loginSchema.safeParse({ account: 'admin', password: 'x' }) as never)).toEqual([
      'account:validation.accountFormat',
    ]);
  });
  it('needs a code for the medical staff login', () => {
    expect(
      problems(loginSchema.safeParse({ account: '13800000010', password: 'x', loginRoleType: 1 }) as never),
    ).toEqual(['verificationCode:validation.codeRequired']);
  });
  it('refuses an unknown login role type', () => {
    expect(
      problems(loginSchema.safeParse({ account: '13800000010', password: 'x', loginRoleType: 5 }) as never),
    ).toContain('loginRoleType:validation.invalidOption');
  });
});

describe('sendCodeSchema', () => {
  it('matches the address to the type', () => {
    expect(sendCodeSchema.safeParse({ type: 1, address: 'admin@rehab.example' }).success).toBe(true);
    expect(sendCodeSchema.safeParse({ type: 2, address: '13800000001' }).success).toBe(true);
    expect(problems(sendCodeSchema.safeParse({ type: 1, address: '13800000001' }) as never)).toEqual([
      'address:validation.addressFormat',
    ]);
  });
  it('answers "parameters wrong" without an address', () => {
    expect(problems(sendCodeSchema.safeParse({ type: 1 }) as never)).toEqual(['address:validation.parametersWrong']);
  });
});

describe('resetPasswordSchema', () => {
  it('applies the password rule and the code format', () => {
    expect(
      problems(
        resetPasswordSchema.safeParse({ address: '13800000001', password: 'weak', verificationCode: '12' }) as never,
      ),
    ).toEqual(['password:validation.passwordLength', 'verificationCode:validation.codeFormat']);
  });
});

describe('issue keys', () => {
  it('tells a missing value from a value of the wrong type', () => {
    expect(problems(sendCodeSchema.safeParse({ address: '13800000001' }) as never)).toContain(
      'type:validation.required',
    );
    expect(problems(sendCodeSchema.safeParse({ type: 'x', address: '13800000001' }) as never)).toContain(
      'type:validation.invalid',
    );
  });
});
