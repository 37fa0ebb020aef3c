import { z } from 'zod';

/**
 * Money is integer fen (分) end to end: amounts are stored, summed and compared as whole numbers, never as binary
 * floating point. A yuan amount typed by a person ("12.5", "1,234.50", "¥8") is parsed by string arithmetic; one
 * formatter writes fen back as yuan with two decimals in both languages.
 */

/** The largest amount a single till operation takes: 9,999,999.99 yuan. */
export const MONEY_MAX_FEN = 999_999_999;

const YUAN_PATTERN = /^(-)?(\d{1,7})(?:\.(\d{1,2}))?$/;

/**
 * Yuan (a string as typed, or a number a form control produced) to fen, or null when it is not an amount with at
 * most two decimals within ±MONEY_MAX_FEN. Grouping commas, spaces and a leading ¥ or ￥ are allowed.
 */
export function parseYuan(input: string | number): number | null {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return null;
    // a number a control produced: its shortest decimal form, never scaled by multiplying
    text = String(input);
    if (/e/i.test(text)) return null;
  } else text = input;
  const cleaned = text
    .trim()
    .replace(/^[¥￥]\s*/, '')
    .replace(/[,\s]/g, '');
  const m = YUAN_PATTERN.exec(cleaned);
  if (!m) return null;
  const fen = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  if (fen > MONEY_MAX_FEN) return null;
  return m[1] && fen !== 0 ? -fen : fen;
}

/** Fen as yuan with two decimals and grouping: 123456 -> "1,234.56", -5 -> "-0.05". */
export function formatFen(fen: number, options: { symbol?: boolean; grouping?: boolean } = {}): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fen));
  const yuan = Math.floor(abs / 100);
  const cents = String(abs % 100).padStart(2, '0');
  const whole = options.grouping === false ? String(yuan) : String(yuan).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${options.symbol ? '¥' : ''}${whole}.${cents}`;
}

/** Fen as a plain yuan number for a spreadsheet cell (two decimals exactly representable in the display). */
export const fenToYuanNumber = (fen: number) => Number(formatFen(fen, { grouping: false }));

/** A yuan decimal string of the database (`numeric(…, 2)`, "12.50") to fen; null stays null. */
export function decimalToFen(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const fen = parseYuan(value);
  if (fen === null) throw new Error(`not a money amount: ${String(value)}`);
  return fen;
}

/** An amount of fen as the wire carries it: a whole number within ±MONEY_MAX_FEN. */
export const fenSchema = z.number().int().min(-MONEY_MAX_FEN).max(MONEY_MAX_FEN);

/** An input amount in yuan (string or number) to fen, at least `min` fen (0 by default). */
export function yuanInput(min = 0) {
  return z.union([z.string(), z.number()], { error: 'validation.money' }).transform((v, ctx) => {
    const fen = parseYuan(v);
    if (fen === null) {
      ctx.addIssue({ code: 'custom', message: 'validation.money' });
      return z.NEVER;
    }
    if (fen < min) {
      ctx.addIssue({ code: 'custom', message: min > 0 ? 'validation.moneyPositive' : 'validation.moneyNotNegative' });
      return z.NEVER;
    }
    return fen;
  });
}

const DIGITS = '零壹贰叁肆伍陆柒捌玖';
const SMALL_UNITS = ['', '拾', '佰', '仟'];
const BIG_UNITS = ['', '万', '亿'];

/**
 * An amount in the capital figures of Chinese receipts (人民币大写): 12345 fen -> 壹佰贰拾叁元肆角伍分,
 * 10000 -> 壹佰元整, 0 -> 零元整.
 */
export function fenInChineseWords(fen: number): string {
  const negative = fen < 0;
  const abs = Math.abs(Math.trunc(fen));
  const yuan = Math.floor(abs / 100);
  const jiao = Math.floor((abs % 100) / 10);
  const cent = abs % 10;
  let words = '';
  if (yuan === 0) words = '零';
  else {
    const groups: number[] = [];
    for (let n = yuan; n > 0; n = Math.floor(n / 10000)) groups.push(n % 10000);
    let needZero = false;
    for (let g = groups.length - 1; g >= 0; g--) {
      const group = groups[g]!;
      if (group === 0) {
        needZero = words !== '';
        continue;
      }
      if (needZero || (words !== '' && group < 1000)) words += '零';
      needZero = false;
      let zero = false;
      for (let d = 3; d >= 0; d--) {
        const digit = Math.floor(group / 10 ** d) % 10;
        if (digit === 0) {
          zero = words !== '' && !words.endsWith('零');
          continue;
        }
        if (zero && !words.endsWith('零') && /[拾佰仟]$|[壹贰叁肆伍陆柒捌玖]$/.test(words) && d < 3) words += '零';
        zero = false;
        words += DIGITS[digit]! + SMALL_UNITS[d]!;
      }
      words += BIG_UNITS[g]!;
    }
  }
  words += '元';
  if (jiao === 0 && cent === 0) words += '整';
  else {
    if (jiao) words += DIGITS[jiao]! + '角';
    else if (yuan > 0) words += '零';
    if (cent) words += DIGITS[cent]! + '分';
  }
  return (negative ? '负' : '') + words;
}
