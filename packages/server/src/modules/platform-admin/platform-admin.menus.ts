import { PlatformAdminPerm, RoleId } from '@rehab/shared';
import type { BuiltinMenu } from '../menus/builtin-menus';

/**
 * The platform operator's screens under system maintenance: organization administrator accounts and platform
 * notices, with their buttons. Platform-wide, so the super administrator's only.
 */
export function platformAdminMenus(): BuiltinMenu[] {
  const grant = [RoleId.superAdmin];
  const button = (parentKey: string, name: string, zh: string, en: string, perm: string, orderNum: number) =>
    ({
      key: `${parentKey}.${name}`,
      parentKey,
      type: 2,
      nameLang: { 'zh-CN': zh, en },
      perms: [perm],
      orderNum,
      grant,
    }) satisfies BuiltinMenu;
  const accounts = 'maintainSystem.adminAccount';
  const notices = 'maintainSystem.operationMessage';
  return [
    {
      key: accounts,
      parentKey: 'maintainSystem',
      type: 1,
      nameLang: { 'zh-CN': '管理员账号', en: 'Administrator accounts' },
      url: '/maintainSystem/adminAccount',
      icon: 'SafetyCertificateOutlined',
      perms: [PlatformAdminPerm.adminAccountList],
      orderNum: 104,
      grant,
    },
    button(accounts, 'save', '新增管理员', 'Add administrator', PlatformAdminPerm.adminAccountSave, 1),
    button(accounts, 'status', '启用/停用', 'Enable / disable', PlatformAdminPerm.adminAccountStatus, 2),
    button(accounts, 'resetPassword', '重置密码', 'Reset password', PlatformAdminPerm.adminAccountResetPassword, 3),
    button(accounts, 'revoke', '撤销管理员', 'Revoke administrator', PlatformAdminPerm.adminAccountRevoke, 4),
    {
      key: notices,
      parentKey: 'maintainSystem',
      type: 1,
      nameLang: { 'zh-CN': '平台通知', en: 'Platform notices' },
      url: '/maintainSystem/operationMessage',
      icon: 'NotificationOutlined',
      perms: [PlatformAdminPerm.noticeList, PlatformAdminPerm.noticeInfo],
      orderNum: 105,
      grant,
    },
    button(notices, 'send', '发送通知', 'Send notice', PlatformAdminPerm.noticeSend, 1),
  ];
}
