import { describe, expect, it } from 'vitest';
import { accountKind, fitText, isEmail, isPhone, nameProblem, passwordProblem, textWidth } from './index';

describe('phone', () => {
  it.each(['13800000001', '19912345678', '15000000000'])('accepts %s', (v) => expect(isPhone(v)).toBe(true));
  it.each(['1380000000', '138000000011', '23800000001', '12800000001', '1380000000a', '+8613800000001', ''])(
    'refuses %s',
    (v) => expect(isPhone(v)).toBe(false),
  );
});

describe('e-mail', () => {
  it.each(['admin@rehab.example', 'a.b+c@x-y.cn', 'A@B.CO'])('accepts %s', (v) => expect(isEmail(v)).toBe(true));
  it.each(['admin@', '@rehab.example', 'a@b', 'a b@c.cn', '张三@rehab.cn', 'a@b.c', `${'a'.repeat(60)}@b.cn`])(
    'refuses %s',
    (v) => expect(isEmail(v)).toBe(false),
  );
  it('allows exactly 64 characters', () => {
    const v = `${'a'.repeat(58)}@b.com`;
    expect(v.length).toBe(64);
    expect(isEmail(v)).toBe(true);
  });
});

describe('account kind', () => {
  it('classifies phone and e-mail and trims', () => {
    expect(accountKind(' 13800000001 ')).toBe('phone');
    expect(accountKind('admin@rehab.example')).toBe('email');
    expect(accountKind('admin')).toBeNull();
  });
});

describe('password rule', () => {
  it.each(['Rehab@2026', 'a1!aaaaa', 'Zz9#Zz9#Zz9#Zz9#Zz9#'])('accepts %s', (v) =>
    expect(passwordProblem(v)).toBeNull(),
  );
  it('refuses a short or long password', () => {
    expect(passwordProblem('a1!a')).toBe('validation.passwordLength');
    expect(passwordProblem('a1!aaaaaaaaaaaaaaaaaa')).toBe('validation.passwordLength');
  });
  it('needs a letter, a digit and a symbol', () => {
    expect(passwordProblem('abcdefgh1')).toBe('validation.passwordStrength');
    expect(passwordProblem('abcdefgh!')).toBe('validation.passwordStrength');
    expect(passwordProblem('12345678!')).toBe('validation.passwordStrength');
  });
  it('refuses spaces and non-ASCII characters', () => {
    expect(passwordProblem('Rehab 2026!')).toBe('validation.passwordCharset');
    expect(passwordProblem('康复Rehab@2026')).toBe('validation.passwordCharset');
  });
});

describe('name width', () => {
  it('counts a Chinese character as 2', () => {
    expect(textWidth('张三')).toBe(4);
    expect(textWidth('Li Lei')).toBe(6);
    expect(textWidth('李Lei')).toBe(5);
  });
  it('allows 21 Chinese characters and refuses 22', () => {
    expect(nameProblem('康'.repeat(21))).toBeNull();
    expect(nameProblem('康'.repeat(22))).toBe('validation.nameTooLong');
  });
  it('allows width 64 and refuses 65', () => {
    expect(nameProblem('a'.repeat(64))).toBeNull();
    expect(nameProblem('a'.repeat(65))).toBe('validation.nameTooLong');
    expect(nameProblem('康'.repeat(20) + 'a'.repeat(25))).toBe('validation.nameTooLong');
  });
  it('refuses a blank name', () => {
    expect(nameProblem('   ')).toBe('validation.required');
  });
});

describe('fitText', () => {
  it('keeps what fits both the characters and the display width of a field', () => {
    expect(fitText('a'.repeat(60), 50, 64)).toHaveLength(50);
    // 33 Chinese characters are 66 wide: the input keeps 32 (64), the rule's limit, not 33
    expect(fitText('康'.repeat(33), 50, 64)).toBe('康'.repeat(32));
    expect(fitText('康复abc', 50, 5)).toBe('康复a');
    expect(fitText('short', 50)).toBe('short');
  });
});
