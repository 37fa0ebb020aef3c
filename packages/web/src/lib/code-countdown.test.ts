import { describe, expect, it } from 'vitest';
import { codeButtonState, secondsLeft } from './code-countdown';

describe('code countdown', () => {
  it('counts whole seconds up to the deadline and never below zero', () => {
    expect(secondsLeft(60_000, 0)).toBe(60);
    expect(secondsLeft(60_000, 59_001)).toBe(1);
    expect(secondsLeft(60_000, 60_000)).toBe(0);
    expect(secondsLeft(60_000, 90_000)).toBe(0);
  });
  it('goes from can-get to counting to can-resend', () => {
    expect(codeButtonState(0, false)).toBe('ready');
    expect(codeButtonState(60, true)).toBe('counting');
    expect(codeButtonState(1, true)).toBe('counting');
    expect(codeButtonState(0, true)).toBe('resend');
  });
});
