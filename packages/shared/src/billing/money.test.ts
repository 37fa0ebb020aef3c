import { describe, expect, it } from 'vitest';
import { decimalToFen, fenInChineseWords, formatFen, parseYuan, yuanInput } from './money';

describe('money in fen', () => {
  it('parses yuan strings by string arithmetic', () => {
    expect(parseYuan('12.5')).toBe(1250);
    expect(parseYuan('8.165')).toBeNull(); // three decimals are refused, not rounded
    expect(parseYuan('1,234.50')).toBe(123450);
    expect(parseYuan('¥ 0.01')).toBe(1);
    expect(parseYuan('￥100')).toBe(10000);
    expect(parseYuan('-3.20')).toBe(-320);
    expect(parseYuan('0.1')).toBe(10);
    expect(parseYuan('')).toBeNull();
    expect(parseYuan('1e3')).toBeNull();
    expect(parseYuan('12.')).toBeNull();
    expect(parseYuan('abc')).toBeNull();
    expect(parseYuan('99999999.99')).toBeNull();
  });

  it('parses numbers without multiplying binary fractions', () => {
    expect(parseYuan(8.16)).toBe(816);
    expect(parseYuan(0.29)).toBe(29); // 0.29 * 100 = 28.999999999999996
    expect(parseYuan(1.005)).toBeNull();
    expect(parseYuan(Number.NaN)).toBeNull();
    expect(parseYuan(1e21)).toBeNull();
  });

  it('formats fen with two decimals and grouping, the same in every language', () => {
    expect(formatFen(0)).toBe('0.00');
    expect(formatFen(5)).toBe('0.05');
    expect(formatFen(-5)).toBe('-0.05');
    expect(formatFen(123456)).toBe('1,234.56');
    expect(formatFen(123456789, { symbol: true })).toBe('¥1,234,567.89');
    expect(formatFen(123456, { grouping: false })).toBe('1234.56');
  });

  it('round-trips every amount of a range', () => {
    for (let fen = -2000; fen <= 2000; fen += 7) expect(parseYuan(formatFen(fen))).toBe(fen);
  });

  it('reads the database decimals', () => {
    expect(decimalToFen('120.00')).toBe(12000);
    expect(decimalToFen(null)).toBeNull();
    expect(() => decimalToFen('1.234')).toThrow();
  });

  it('validates input amounts', () => {
    expect(yuanInput(1).safeParse('0').success).toBe(false);
    expect(yuanInput().safeParse('0').data).toBe(0);
    expect(yuanInput().safeParse('-1').success).toBe(false);
    expect(yuanInput().safeParse('12.34').data).toBe(1234);
    expect(yuanInput().safeParse({}).success).toBe(false);
  });
});

describe('amounts in Chinese capital figures', () => {
  it('writes the receipt form', () => {
    expect(fenInChineseWords(0)).toBe('零元整');
    expect(fenInChineseWords(12345)).toBe('壹佰贰拾叁元肆角伍分');
    expect(fenInChineseWords(10000)).toBe('壹佰元整');
    expect(fenInChineseWords(100005)).toBe('壹仟元零伍分');
    expect(fenInChineseWords(100100)).toBe('壹仟零壹元整');
    expect(fenInChineseWords(101000000)).toBe('壹佰零壹万元整');
    expect(fenInChineseWords(1000010000)).toBe('壹仟万零壹佰元整');
    expect(fenInChineseWords(30)).toBe('零元叁角');
    expect(fenInChineseWords(1230)).toBe('壹拾贰元叁角');
    expect(fenInChineseWords(120000)).toBe('壹仟贰佰元整');
  });
});
