import { RoleId, SystemPerm } from '@rehab/shared';
import { screenMenus, type BuiltinMenu } from '../../kernel/menu';

/** The versions (spec section 2, /system/version): platform-wide, so only the super administrator gets them. */
export function versionMenus(): BuiltinMenu[] {
  return screenMenus(
    {
      key: 'system.version',
      parentKey: 'system',
      nameLang: { 'zh-CN': '版本管理', en: 'Versions' },
      url: '/system/version',
      icon: 'ProfileOutlined',
      perms: [SystemPerm.versionList, SystemPerm.versionInfo],
      orderNum: 1,
      grant: [RoleId.superAdmin],
    },
    [
      ['save', '新增', 'Add', SystemPerm.versionSave],
      ['update', '修改', 'Edit', SystemPerm.versionUpdate],
    ],
  );
}
