import { describe, expect, it } from 'vitest';
import { maskName, screenLinkCreateSchema } from './screen.schema';

describe('maskName', () => {
  it('keeps the first character of a Chinese name and masks the rest', () => {
    expect(maskName('张三')).toBe('张*');
    expect(maskName('王小明')).toBe('王**');
    expect(maskName('欧阳小明')).toBe('欧***');
    expect(maskName('李')).toBe('李*');
  });
  it('keeps a Latin name’s initial only, whatever its length', () => {
    expect(maskName('John Smith')).toBe('J***');
    expect(maskName('Al')).toBe('A***');
  });
  it('never answers an empty string', () => {
    expect(maskName('  ')).toBe('*');
  });
});

describe('screenLinkCreateSchema', () => {
  it('takes a name and optional days of validity', () => {
    expect(screenLinkCreateSchema.parse({ name: ' TV ' })).toEqual({ name: 'TV', validDays: null });
    expect(screenLinkCreateSchema.safeParse({ name: 'TV', validDays: 0 }).success).toBe(false);
    expect(screenLinkCreateSchema.safeParse({ name: '' }).success).toBe(false);
  });
});
