import { describe, expect, it } from 'vitest';
import { catalogs, fieldLabels, translate } from './catalog';
import { normalizeLocale } from './locale';

const keysOf = (obj: Record<string, Record<string, string>>) =>
  Object.entries(obj)
    .flatMap(([ns, entries]) => Object.keys(entries).map((k) => `${ns}.${k}`))
    .sort();

describe('server message catalogs', () => {
  it('have the same keys in Chinese and English', () => {
    expect(keysOf(catalogs.en)).toEqual(keysOf(catalogs['zh-CN']));
    expect(Object.keys(fieldLabels.en).sort()).toEqual(Object.keys(fieldLabels['zh-CN']).sort());
  });
  it('use the same parameters in both languages', () => {
    for (const key of keysOf(catalogs['zh-CN'])) {
      const [ns, name] = key.split('.') as [string, string];
      const params = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      expect(params(catalogs.en[ns]![name]!), key).toEqual(params(catalogs['zh-CN'][ns]![name]!));
    }
  });
  it('translate with parameters and field labels', () => {
    expect(translate('en', 'validation.required', { field: 'password' })).toBe('Password cannot be empty');
    expect(translate('zh-CN', 'validation.required', { field: 'password' })).toBe('密码不能为空');
    expect(translate('en', 'auth.locked', { minutes: 15 })).toContain('15 minutes');
    expect(translate('en', 'no.such.key')).toBe('no.such.key');
    // a parameter with an English form (`<name>En`): the English text takes it, the Chinese the parameter itself
    const params = { id: 7, name: '手功能训练', nameEn: 'Hand function training', patient: '张三' };
    expect(translate('en', 'remote.proposal_proposed_title', params)).toBe(
      'Remote consultation 7: the expert proposes Hand function training',
    );
    expect(translate('zh-CN', 'remote.proposal_proposed_title', params)).toBe('远程会诊 7：专家建议 手功能训练');
    expect(translate('en', 'remote.proposal_proposed_title', { ...params, nameEn: '' })).toContain('手功能训练');
  });
});

describe('normalizeLocale', () => {
  it('maps spellings to the supported locales', () => {
    expect(normalizeLocale('zh-cn')).toBe('zh-CN');
    expect(normalizeLocale('zh-Hans-CN,zh;q=0.9')).toBe('zh-CN');
    expect(normalizeLocale('en-US,en;q=0.9')).toBe('en');
    expect(normalizeLocale('fr-FR')).toBe('zh-CN');
    expect(normalizeLocale(undefined)).toBe('zh-CN');
  });
});
