import { BreakPerm, RoleId } from '@rehab/shared';
import type { BuiltinMenu } from '../../kernel/menu';
import { screenMenus } from '../../kernel/menu';

/** The maintenance windows screen under System (platform-wide, so the super administrator's) and its buttons. */
export function breakMenus(): BuiltinMenu[] {
  return screenMenus(
    {
      key: 'system.break',
      parentKey: 'system',
      nameLang: { 'zh-CN': '停机维护', en: 'Maintenance windows' },
      url: '/system/break',
      icon: 'ToolOutlined',
      perms: [BreakPerm.list, BreakPerm.info],
      orderNum: 3,
      grant: [RoleId.superAdmin],
    },
    [
      ['save', '新增', 'Add', BreakPerm.save],
      ['update', '修改', 'Edit', BreakPerm.update],
      ['end', '提前结束', 'End now', BreakPerm.end],
      ['delete', '删除', 'Delete', BreakPerm.delete],
    ],
  );
}
