import { DictPerm, RoleId } from '@rehab/shared';
import type { NameLang } from '@rehab/shared';
import type { BuiltinMenu } from '../../kernel/menu';

/**
 * The application dictionaries (/dict), under system maintenance: organization administrators see them and add their
 * organization's own entries to the extensible ones (role 1 holds every menu anyway).
 */
export function dictionaryMenus(): BuiltinMenu[] {
  const grant = [RoleId.orgAdmin];
  const button = (name: 'save' | 'update' | 'delete', nameLang: Required<NameLang>, orderNum: number): BuiltinMenu => ({
    key: `maintainSystem.dict.${name}`,
    parentKey: 'maintainSystem.dict',
    type: 2,
    nameLang,
    perms: [DictPerm[name]],
    orderNum,
    grant,
  });
  return [
    {
      key: 'maintainSystem.dict',
      parentKey: 'maintainSystem',
      type: 1,
      nameLang: { 'zh-CN': '数据字典', en: 'Dictionaries' },
      url: '/dict',
      icon: 'BookOutlined',
      perms: [DictPerm.list],
      orderNum: 100,
      grant,
    },
    button('save', { 'zh-CN': '新增', en: 'Add' }, 1),
    button('update', { 'zh-CN': '修改', en: 'Edit' }, 2),
    button('delete', { 'zh-CN': '删除', en: 'Delete' }, 3),
  ];
}
