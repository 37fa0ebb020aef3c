const CJK = /[\u2e80-\u9fff\uf900-\ufaff\u3000-\u303f\uff00-\uffef]/u;

/** Display width: a Chinese (full-width) character counts 2, anything else 1. */
export function textWidth(value: string): number {
  let width = 0;
  for (const ch of value) width += CJK.test(ch) ? 2 : 1;
  return width;
}

export function chineseCount(value: string): number {
  let n = 0;
  for (const ch of value) if (CJK.test(ch)) n++;
  return n;
}

/** Person name: width at most 64 and at most 21 Chinese characters (spec section 5). */
export const NAME_MAX_WIDTH = 64;
export const NAME_MAX_CHINESE = 21;
export function nameProblem(value: string): string | null {
  const v = value.trim();
  if (v.length === 0) return 'validation.required';
  if (textWidth(v) > NAME_MAX_WIDTH || chineseCount(v) > NAME_MAX_CHINESE) return 'validation.nameTooLong';
  return null;
}

/**
 * The longest start of `value` within `max` characters and, when given, `maxWidth` display width: what a text input
 * keeps as the user types, so it never holds more than the field's rule accepts (issue 21: the name input stopped at
 * 50 characters while the rule refused beyond a width of 64, so 33 Chinese characters could be typed and refused).
 */
export function fitText(value: string, max: number, maxWidth?: number): string {
  let out = '';
  let width = 0;
  let n = 0;
  for (const ch of value) {
    const w = CJK.test(ch) ? 2 : 1;
    if (n + 1 > max || (maxWidth !== undefined && width + w > maxWidth)) break;
    out += ch;
    width += w;
    n++;
  }
  return out;
}
