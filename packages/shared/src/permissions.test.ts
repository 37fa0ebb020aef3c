import { describe, expect, it } from 'vitest';
import { hasPermission, hasRole } from './permissions';

const held = ['sys:user:list', 'sys:user:save', 'sys:index:info'];

describe('hasPermission', () => {
  it('passes an empty requirement', () => {
    expect(hasPermission([], undefined)).toBe(true);
    expect(hasPermission([], null)).toBe(true);
    expect(hasPermission([], '')).toBe(true);
    expect(hasPermission([], [])).toBe(true);
  });
  it('checks a single code', () => {
    expect(hasPermission(held, 'sys:user:list')).toBe(true);
    expect(hasPermission(held, 'sys:user:delete')).toBe(false);
  });
  it('needs all codes of an array by default', () => {
    expect(hasPermission(held, ['sys:user:list', 'sys:user:save'])).toBe(true);
    expect(hasPermission(held, ['sys:user:list', 'sys:user:delete'])).toBe(false);
  });
  it('needs any code of an array in any mode', () => {
    expect(hasPermission(held, ['sys:user:delete', 'sys:user:save'], { mode: 'any' })).toBe(true);
    expect(hasPermission(held, ['sys:user:delete', 'sys:role:list'], { mode: 'any' })).toBe(false);
  });
  it('matches object flags: held when true, not held when false', () => {
    expect(hasPermission(held, { 'sys:user:list': true, 'sys:user:delete': false })).toBe(true);
    expect(hasPermission(held, { 'sys:user:list': false })).toBe(false);
    expect(hasPermission(held, { 'sys:user:delete': true })).toBe(false);
  });
  it('grants everything with a fallback', () => {
    expect(hasPermission([], 'sys:user:delete', { fallback: true })).toBe(true);
  });
  it('accepts a Set', () => {
    expect(hasPermission(new Set(held), 'sys:index:info')).toBe(true);
  });
});

describe('hasRole', () => {
  it('checks role membership', () => {
    expect(hasRole([10, 11], [11])).toBe(true);
    expect(hasRole([10], [1, 19])).toBe(false);
  });
});
