import { MessagePerm, RoleId } from '@rehab/shared';
import type { BuiltinMenu } from '../../kernel/menu';

const ALL_STAFF = [RoleId.orgAdmin, RoleId.therapist, RoleId.doctor, RoleId.nurse, RoleId.cashier, RoleId.finance];

/**
 * Internal messages (spec section 2, /email). Every member has an inbox; sending is a button permission, the
 * cost messages (billing notices) are for administrators, doctors, nurses and the till.
 */
export function messageMenus(): BuiltinMenu[] {
  return [
    {
      key: 'email',
      type: 0,
      nameLang: { 'zh-CN': '消息中心', en: 'Messages' },
      icon: 'MailOutlined',
      orderNum: 10,
      grant: [],
    },
    {
      key: 'email.myNews',
      parentKey: 'email',
      type: 1,
      nameLang: { 'zh-CN': '我的消息', en: 'My messages' },
      url: '/email/my-news',
      icon: 'ContainerOutlined',
      orderNum: 0,
      grant: ALL_STAFF,
    },
    {
      key: 'email.myNews.send',
      parentKey: 'email.myNews',
      type: 2,
      nameLang: { 'zh-CN': '发送消息', en: 'Send message' },
      perms: [MessagePerm.save],
      orderNum: 1,
      grant: ALL_STAFF,
    },
    {
      key: 'email.costMessage',
      parentKey: 'email',
      type: 1,
      nameLang: { 'zh-CN': '费用消息', en: 'Cost messages' },
      url: '/email/costMessage',
      icon: 'AccountBookOutlined',
      perms: [MessagePerm.cost],
      orderNum: 1,
      grant: [RoleId.orgAdmin, RoleId.doctor, RoleId.nurse, RoleId.cashier, RoleId.finance],
    },
  ];
}
