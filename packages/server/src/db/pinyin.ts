import { pinyin } from 'pinyin-pro';

/**
 * The search spellings of a Chinese name, lowercase without spaces or punctuation: full pinyin without tones
 * (脑梗死 -> naogengsi) and initials (ngs). Letters and digits outside Chinese are kept as they are, so 2型糖尿病
 * gives 2xingtangniaobing / 2xtnb.
 */
export function pinyinKeys(text: string): { pinyin: string; initials: string } {
  const clean = (parts: string[]) =>
    parts
      .join('')
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '');
  const full = pinyin(text, { toneType: 'none', type: 'array', nonZh: 'consecutive', v: true });
  const first = pinyin(text, { pattern: 'first', toneType: 'none', type: 'array', nonZh: 'consecutive', v: true });
  return { pinyin: clean(full).slice(0, 300), initials: clean(first).slice(0, 100) };
}
