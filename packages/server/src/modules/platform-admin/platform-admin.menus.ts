import { PlatformAdminPerm, RoleId } from '@rehab/shared';
import type { BuiltinMenu } from '../../kernel/menu';
import { screenMenus } from '../../kernel/menu';

/**
 * The platform operator's screens under system maintenance: organization administrator accounts and platform
 * notices, with their buttons. Platform-wide, so the super administrator's only.
 */
export function platformAdminMenus(): BuiltinMenu[] {
  const grant = [RoleId.superAdmin];
  return [
    ...screenMenus(
      {
        key: 'maintainSystem.adminAccount',
        parentKey: 'maintainSystem',
        nameLang: { 'zh-CN': '管理员账号', en: 'Administrator accounts' },
        url: '/maintainSystem/adminAccount',
        icon: 'SafetyCertificateOutlined',
        perms: [PlatformAdminPerm.adminAccountList],
        orderNum: 104,
        grant,
      },
      [
        ['save', '新增管理员', 'Add administrator', PlatformAdminPerm.adminAccountSave],
        ['status', '启用/停用', 'Enable / disable', PlatformAdminPerm.adminAccountStatus],
        ['resetPassword', '重置密码', 'Reset password', PlatformAdminPerm.adminAccountResetPassword],
        ['revoke', '撤销管理员', 'Revoke administrator', PlatformAdminPerm.adminAccountRevoke],
      ],
    ),
    ...screenMenus(
      {
        key: 'maintainSystem.operationMessage',
        parentKey: 'maintainSystem',
        nameLang: { 'zh-CN': '平台通知', en: 'Platform notices' },
        url: '/maintainSystem/operationMessage',
        icon: 'NotificationOutlined',
        perms: [PlatformAdminPerm.noticeList, PlatformAdminPerm.noticeInfo],
        orderNum: 105,
        grant,
      },
      [['send', '发送通知', 'Send notice', PlatformAdminPerm.noticeSend]],
    ),
  ];
}
