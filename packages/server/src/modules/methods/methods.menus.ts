import { MethodPerm, RoleId } from '@rehab/shared';
import type { BuiltinMenu } from '../../kernel/menu';

const text = (zh: string, en: string) => ({ 'zh-CN': zh, en });

/** The assessment methods screen under System maintenance, for organization administrators. */
export function methodMenus(): BuiltinMenu[] {
  const grant = [RoleId.orgAdmin];
  const button = (name: string, label: { 'zh-CN': string; en: string }, perms: string[], orderNum: number) => ({
    key: `maintainSystem.assessTable.${name}`,
    parentKey: 'maintainSystem.assessTable',
    type: 2 as const,
    nameLang: label,
    perms,
    orderNum,
    grant,
  });
  return [
    {
      key: 'maintainSystem.assessTable',
      parentKey: 'maintainSystem',
      type: 1,
      nameLang: text('评估方法', 'Assessment methods'),
      url: '/maintainSystem/assessTable',
      icon: 'FormOutlined',
      perms: [MethodPerm.list, MethodPerm.info],
      orderNum: 55,
      grant,
    },
    button('save', text('新增', 'Add'), [MethodPerm.save], 1),
    button('update', text('修改', 'Edit'), [MethodPerm.update, MethodPerm.updateProjects], 2),
    button('delete', text('删除', 'Delete'), [MethodPerm.delete], 3),
  ];
}
