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
    version: '版本号',
    releaseNote: '更新说明（中文）',
    releaseNoteEn: '更新说明（英文）',
    roleName: '角色名称',
    roleNameEn: '英文角色名称',
    roleId: '角色',
    menuIdList: '菜单权限',
    menuId: '菜单',
    memberships: '所属机构',
    organizationId: '机构',
    status: '状态',
    parentId: '上级',
    url: '路由',
    perms: '授权标识',
    icon: '图标',
    orderNum: '排序',
    nameEn: '英文名称',
    officeTypeId: '科室类型',
    relatedIds: '关联机构',
    products: '产品模块',
    contactName: '联系人',
    contactPhone: '联系电话',
    remark: '备注',
    ids: '所选记录',
    beanName: '任务类型',
    cronExpression: 'Cron 表达式',
    params: '参数',
    startTime: '开始时间',
    endTime: '结束时间',
    sessionMinutes: '治疗时长',
    restMinutes: '休息时长',
    periods: '治疗时段',
    title: '标题',
    content: '内容',
    recipients: '收件人',
    files: '附件',
    sender: '发件人',
    file: '文件',
    // scheduling
    workOrderId: '工单',
    slotId: '时间段',
    therapistId: '治疗师',
    equipmentId: '设备',
    startDate: '开始日期',
    endDate: '结束日期',
    reason: '原因',
    substituteId: '替班治疗师',
    date: '日期',
    list: '排班项',
    executeStatus: '执行状态',
    loginSystem: '登录系统',
    members: '小组成员',
    leaderId: '组长',
    treatmentTeamId: '治疗小组',
    teamId: '治疗小组',
    treatmentId: '疗程',
    phase: '评估阶段',
    methodIds: '评估方法',
    assessorId: '评估人',
    evaluatorId: '授权评估人',
    plannedTime: '评估时间',
    reportName: '报告名称',
    answers: '评估答案',
    // assessment meetings
    theme: '会议主题',
    location: '会议地点',
    hostId: '主持人',
    participantIds: '参会人员',
    patientId: '患者',
    opinion: '审核意见',
    records: '出席记录',
    approve: '审核结果',
    userType: '列表类型',
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
    version: 'Version',
    releaseNote: 'Release notes (Chinese)',
    releaseNoteEn: 'Release notes (English)',
    roleName: 'Role name',
    roleNameEn: 'English role name',
    roleId: 'Role',
    menuIdList: 'Menu permissions',
    menuId: 'Menu',
    memberships: 'Organizations',
    organizationId: 'Organization',
    status: 'Status',
    parentId: 'Parent',
    url: 'Route',
    perms: 'Permission codes',
    icon: 'Icon',
    orderNum: 'Sort',
    nameEn: 'English name',
    officeTypeId: 'Department type',
    relatedIds: 'Related organizations',
    products: 'Product modules',
    contactName: 'Contact',
    contactPhone: 'Contact phone',
    remark: 'Remark',
    ids: 'Selected records',
    beanName: 'Job type',
    cronExpression: 'Cron expression',
    params: 'Parameters',
    startTime: 'Start time',
    endTime: 'End time',
    sessionMinutes: 'Session length',
    restMinutes: 'Rest time',
    periods: 'Treatment periods',
    title: 'Title',
    content: 'Content',
    recipients: 'Recipients',
    files: 'Attachments',
    sender: 'Sender',
    file: 'File',
    // scheduling
    workOrderId: 'Work order',
    slotId: 'Time slot',
    therapistId: 'Therapist',
    equipmentId: 'Equipment',
    startDate: 'Start date',
    endDate: 'End date',
    reason: 'Reason',
    substituteId: 'Substitute',
    date: 'Date',
    list: 'Bookings',
    executeStatus: 'Execution status',
    loginSystem: 'Login system',
    members: 'Members',
    leaderId: 'Group leader',
    treatmentTeamId: 'Therapist group',
    teamId: 'Therapist group',
    treatmentId: 'Treatment course',
    phase: 'Assessment phase',
    methodIds: 'Assessment method',
    assessorId: 'Evaluator',
    evaluatorId: 'Authorized evaluator',
    plannedTime: 'Assessment time',
    reportName: 'Report name',
    answers: 'Answers',
    // assessment meetings
    theme: 'Theme',
    location: 'Location',
    hostId: 'Host',
    participantIds: 'Participants',
    patientId: 'Patient',
    opinion: 'Review opinion',
    records: 'Presence records',
    approve: 'Review result',
    userType: 'List type',
  },
};

/** The label of a field path: `memberships.0.roleIds` reads as the label of `roleIds`. */
function fieldLabel(locale: Locale, path: string): string {
  const labels = fieldLabels[locale];
  if (labels[path]) return labels[path];
  const last = path
    .split('.')
    .filter((part) => !/^\d+$/.test(part))
    .pop();
  return (last && labels[last]) || path;
}

/** Translates a dotted key (`auth.locked`) with `{{name}}` parameters; an unknown key comes back as itself. */
export function translate(locale: Locale, key: string, params: Record<string, string | number> = {}): string {
  const [ns, ...rest] = key.split('.');
  const template = catalogs[locale][ns!]?.[rest.join('.')] ?? catalogs['zh-CN'][ns!]?.[rest.join('.')];
  if (template === undefined) return key;
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    if (name === 'field' && typeof params.field === 'string') return fieldLabel(locale, params.field);
    if (name === 'field' && typeof params.field === 'string') {
      // a nested field (`periods.1.startTime`) is named by its last part
      const last = params.field.split('.').pop()!;
      return fieldLabels[locale][params.field] ?? fieldLabels[locale][last] ?? params.field;
    }
    return params[name] === undefined ? '' : String(params[name]);
  });
}
