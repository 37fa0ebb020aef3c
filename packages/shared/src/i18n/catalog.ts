import type { Locale } from './locale';
import { zhCN } from './messages.zh-CN';
import { en } from './messages.en';

export type MessageCatalog = { [namespace: string]: { [key: string]: string } };

export const catalogs: Record<Locale, MessageCatalog> = { 'zh-CN': zhCN, en };

/** Field labels used inside validation messages ({{field}}); keyed by field name. */
export const fieldLabels: Record<Locale, Record<string, string>> = {
  'zh-CN': {
    account: '账号',
    email: '邮箱',
    phone: '手机号',
    password: '密码',
    newPassword: '新密码',
    oldPassword: '原密码',
    confirmPassword: '确认密码',
    verificationCode: '验证码',
    address: '邮箱或手机号',
    type: '类型',
    name: '姓名',
    page: '页码',
    limit: '每页条数',
    id: 'ID',
    officeId: '科室',
    loginRoleType: '登录类型',
    userId: '用户',
    title: '标题',
    content: '内容',
    recipients: '收件人',
    files: '附件',
    sender: '发件人',
    ids: '消息',
    file: '文件',
  },
  en: {
    account: 'Account',
    email: 'E-mail',
    phone: 'Phone',
    password: 'Password',
    newPassword: 'New password',
    oldPassword: 'Current password',
    confirmPassword: 'Confirm password',
    verificationCode: 'Verification code',
    address: 'E-mail or phone',
    type: 'Type',
    name: 'Name',
    page: 'Page',
    limit: 'Page size',
    id: 'ID',
    officeId: 'Department',
    loginRoleType: 'Login type',
    userId: 'User',
    title: 'Title',
    content: 'Content',
    recipients: 'Recipients',
    files: 'Attachments',
    sender: 'Sender',
    ids: 'Messages',
    file: 'File',
  },
};

/** Translates a dotted key (`auth.locked`) with `{{name}}` parameters; an unknown key comes back as itself. */
export function translate(locale: Locale, key: string, params: Record<string, string | number> = {}): string {
  const [ns, ...rest] = key.split('.');
  const template = catalogs[locale][ns!]?.[rest.join('.')] ?? catalogs['zh-CN'][ns!]?.[rest.join('.')];
  if (template === undefined) return key;
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    if (name === 'field' && typeof params.field === 'string') return fieldLabels[locale][params.field] ?? params.field;
    return params[name] === undefined ? '' : String(params[name]);
  });
}
