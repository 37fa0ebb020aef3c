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
