import { BreakPerm, RoleId } from '@rehab/shared';
import type { BuiltinMenu } from '../menus/builtin-menus';

/** The maintenance windows screen under System (platform-wide, so the super administrator's) and its buttons. */
export function breakMenus(): BuiltinMenu[] {
  const grant = [RoleId.superAdmin];
  const button = (name: string, zh: string, en: string, perm: string, orderNum: number): BuiltinMenu => ({
    key: `system.break.${name}`,
    parentKey: 'system.break',
    type: 2,
    nameLang: { 'zh-CN': zh, en },
    perms: [perm],
    orderNum,
    grant,
  });
  return [
    {
      key: 'system.break',
      parentKey: 'system',
      type: 1,
      nameLang: { 'zh-CN': '停机维护', en: 'Maintenance windows' },
      url: '/system/break',
      icon: 'ToolOutlined',
      perms: [BreakPerm.list, BreakPerm.info],
      orderNum: 3,
      grant,
    },
    button('save', '新增', 'Add', BreakPerm.save, 1),
    button('update', '修改', 'Edit', BreakPerm.update, 2),
    button('end', '提前结束', 'End now', BreakPerm.end, 3),
    button('delete', '删除', 'Delete', BreakPerm.delete, 4),
  ];
}
