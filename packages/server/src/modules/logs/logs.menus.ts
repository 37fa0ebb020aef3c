import { RoleId, SystemPerm } from '@rehab/shared';
import type { BuiltinMenu } from '../../kernel/menu';

/** The operation log (spec section 2, /system/log): an organization's log is also for its administrators. */
export function logMenus(): BuiltinMenu[] {
  return [
    {
      key: 'system.log',
      parentKey: 'system',
      type: 1,
      nameLang: { 'zh-CN': '操作日志', en: 'Operation log' },
      url: '/system/log',
      icon: 'FileTextOutlined',
      perms: [SystemPerm.logList],
      orderNum: 0,
      grant: [RoleId.superAdmin, RoleId.orgAdmin],
    },
    {
      key: 'system.accessLog',
      parentKey: 'system',
      type: 1,
      nameLang: { 'zh-CN': '数据访问日志', en: 'Access log' },
      url: '/system/access-log',
      icon: 'EyeOutlined',
      perms: [SystemPerm.accessLogList],
      orderNum: 1,
      grant: [RoleId.superAdmin, RoleId.orgAdmin],
    },
    {
      key: 'system.accessLog.export',
      parentKey: 'system.accessLog',
      type: 2,
      nameLang: { 'zh-CN': '导出', en: 'Export' },
      perms: [SystemPerm.accessLogExport],
      orderNum: 0,
      grant: [RoleId.superAdmin, RoleId.orgAdmin],
    },
  ];
}
