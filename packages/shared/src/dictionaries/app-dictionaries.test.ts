import { describe, expect, it } from 'vitest';
import { APP_DICTIONARIES, DICT_TYPES, dictText, dictionaryOf } from './app-dictionaries';
import { dictItemSaveSchema, dictListSchema } from './dict.schema';

describe('application dictionaries', () => {
  it('cover the type keys of spec section 3, projcetStatus spelt so', () => {
    const keys =
      'projectType shortLong costType nursingLevel marriage source sex userStatus noticeStatus isRead projcetStatus assessType unit relation profession eqMode payStatus office payType';
    for (const k of keys.split(' ')) expect(DICT_TYPES, k).toContain(k);
    expect(dictionaryOf('projectStatus')).toBe(APP_DICTIONARIES.projcetStatus);
    expect(dictionaryOf('constructor')).toBeUndefined();
  });
  it('have unique codes and texts in both languages', () => {
    for (const type of DICT_TYPES) {
      const { entries, label } = APP_DICTIONARIES[type];
      expect(label['zh-CN'] && label.en, type).toBeTruthy();
      expect(new Set(entries.map((e) => e.k)).size, type).toBe(entries.length);
      for (const e of entries) expect(e.label['zh-CN'] && e.label.en, `${type} ${e.k}`).toBeTruthy();
    }
    expect(APP_DICTIONARIES.nation.entries).toHaveLength(56);
  });
  it('name codes in a language, the code itself when unknown', () => {
    expect(dictText('sex', 0, 'zh-CN')).toBe('男');
    expect(dictText('payStatus', '1', 'en')).toBe('Paid');
    expect(dictText('source', 'x9', 'en')).toBe('x9');
    expect(dictText('sex', null, 'en')).toBe('');
  });
  it('check calls: a known type, entries only in extensible dictionaries', () => {
    expect(dictListSchema.parse({ type: 'sex' })).toEqual({ type: 'sex', page: 1, num: 10000 });
    expect(dictListSchema.safeParse({ type: 'bogus' }).success).toBe(false);
    expect(dictItemSaveSchema.safeParse({ type: 'payType', k: 'ecny', valZh: '数字人民币' }).success).toBe(true);
    const fixed = dictItemSaveSchema.safeParse({ type: 'sex', k: '9', valZh: '未知' });
    expect(fixed.error?.issues[0]?.message).toBe('dict.notExtensible');
  });
});
