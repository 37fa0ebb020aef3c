import { describe, expect, it } from 'vitest';
import { applyQuality, qualitySaveSchema, qualityTotal } from './performance.schema';

describe('quality coefficients', () => {
  it('multiply the facts and leave the adjustments as approved', () => {
    expect(qualityTotal(1000, 500, 95)).toBe(950 + 500);
    expect(qualityTotal(1000, -200, 100)).toBe(800);
    expect(qualityTotal(0, 300, 80)).toBe(300);
  });

  it('round half away from zero, in hundredths of a point', () => {
    expect(applyQuality(1001, 95)).toBe(951); // 950.95
    expect(applyQuality(1010, 95)).toBe(960); // 959.5
    expect(applyQuality(-1010, 95)).toBe(-960);
    expect(applyQuality(375, 0)).toBe(0);
  });

  it('are hundredths from 0.00 to 2.00 with at most two decimals', () => {
    const parse = (coefficient: unknown) => qualitySaveSchema.safeParse({ staffId: 1, month: '2025-01', coefficient });
    expect(parse('0.95').data?.coefficient).toBe(95);
    expect(parse(2).data?.coefficient).toBe(200);
    expect(parse(2.01).success).toBe(false);
    expect(parse(0.955).success).toBe(false);
    expect(parse(-0.1).success).toBe(false);
  });
});
