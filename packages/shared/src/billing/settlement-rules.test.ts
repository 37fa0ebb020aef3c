import { describe, expect, it } from 'vitest';
import { discountPercent, settlementAmounts } from './settlement-rules';

describe('settlement amounts', () => {
  const lines = [
    { amountFen: 2000, category: 1 }, // registration: no discount
    { amountFen: 12345, category: 2 }, // treatment
  ];
  it('adds the lines', () => {
    expect(settlementAmounts(lines)).toEqual({ grossFen: 14345, discountFen: 0, roundingFen: 0, totalFen: 14345 });
  });
  it('discounts the treatment lines only, to the fen', () => {
    expect(settlementAmounts(lines, { discount: '9.5' })).toEqual({
      grossFen: 14345,
      discountFen: 617,
      roundingFen: 0,
      totalFen: 13728,
    });
  });
  it('lets the jiao and fen go on round-off', () => {
    expect(settlementAmounts(lines, { discount: 9.5, roundOff: true })).toEqual({
      grossFen: 14345,
      discountFen: 617,
      roundingFen: 28,
      totalFen: 13700,
    });
  });
  it('reads discounts in 折', () => {
    expect(discountPercent('8.5')).toBe(85);
    expect(discountPercent(9)).toBe(90);
    expect(discountPercent(null)).toBeNull();
    expect(discountPercent('10')).toBeNull();
    expect(discountPercent('abc')).toBeNull();
  });
});
