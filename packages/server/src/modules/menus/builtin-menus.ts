import {
  DictPerm,
  AdminPerm,
  ENTITIES,
  MessagePerm,
  Perm,
  RoleId,
  SystemPerm,
  entityPermissions,
  type EntityDescriptor,
  type EntityGroup,
} from '@rehab/shared';
import type { NameLang } from '@rehab/shared';
import { jobMenus } from '../jobs/jobs.menus';
import { breakMenus } from '../break/break.menus';
import { timeSlotMenus } from '../time-slots/time-slots.menus';
import { methodMenus } from '../methods/methods.menus';
import { patientMenus } from '../patients/patients.menus';
import { workOrderMenus } from '../work-orders/work-orders.menus';
import { schedulingMenus } from '../scheduling/scheduling.menus';
import { workloadMenus } from '../workload/workload.menus';
import { planMenus } from '../patients/plans.menus';
import { assessmentMenus } from '../assessments/assessments.menus';
import { meetingMenus } from '../meetings/meetings.menus';
import { platformTemplateMenus } from '../platform-templates/platform-templates.menus';
import { prescriptionMenus } from '../patients/prescriptions.menus';
import { platformAdminMenus } from '../platform-admin/platform-admin.menus';

/** A menu the product ships. `key` is stable across releases; `grant` lists the roles it is given to when added. */
export type BuiltinMenu = {
  key: string;
  parentKey?: string;
  /** 0 directory, 1 menu (a screen), 2 button (a permission inside a screen) */
  type: 0 | 1 | 2;
  nameLang: Required<NameLang>;
  url?: string;
  perms?: string[];
  icon?: string;
  orderNum: number;
  grant: number[];
};

const ALL_STAFF = [RoleId.orgAdmin, RoleId.therapist, RoleId.doctor, RoleId.nurse];
const TREATING = [RoleId.therapist, RoleId.doctor, RoleId.nurse];

/** The sidebar directories of the maintenance screens (spec section 2: /maintainOffice, /maintainTreat, /maintainSystem). */
const MAINTENANCE_DIRECTORIES: Record<
  Exclude<EntityGroup, 'SubFirsScale'>,
  { nameLang: Required<NameLang>; icon: string; orderNum: number }
> = {
  maintainOffice: {
    nameLang: { 'zh-CN': '科室维护', en: 'Office maintenance' },
    icon: 'ApartmentOutlined',
    orderNum: 80,
  },
  maintainTreat: {
    nameLang: { 'zh-CN': '治疗维护', en: 'Treatment maintenance' },
    icon: 'MedicineBoxOutlined',
    orderNum: 81,
  },
  maintainSystem: {
    nameLang: { 'zh-CN': '系统维护', en: 'System maintenance' },
    icon: 'SettingOutlined',
    orderNum: 82,
  },
};

/**
 * The menu tree of the screens that exist. Each later feature adds its screens here; the server adds new entries to
 * existing databases at start (see `syncBuiltinMenus`) and grants them to the listed roles once.
 */
export const BUILTIN_MENUS: BuiltinMenu[] = [
  {
    key: 'home',
    type: 1,
    nameLang: { 'zh-CN': '首页', en: 'Home' },
    url: '/home',
    icon: 'HomeOutlined',
    perms: [Perm.indexInfo],
    orderNum: 0,
    grant: ALL_STAFF,
  },
  {
    key: 'home.cardUnplanPatient',
    parentKey: 'home',
    type: 2,
    nameLang: { 'zh-CN': '未排程患者卡片', en: 'Unplanned patients card' },
    perms: [Perm.cardUnplanPatient],
    orderNum: 1,
    grant: TREATING,
  },
  {
    key: 'home.cardUnfinishReferral',
    parentKey: 'home',
    type: 2,
    nameLang: { 'zh-CN': '未完成工单卡片', en: 'Unfinished orders card' },
    perms: [Perm.cardUnfinishReferral],
    orderNum: 2,
    grant: TREATING,
  },
  {
    key: 'home.cardUnfinishedAssess',
    parentKey: 'home',
    type: 2,
    nameLang: { 'zh-CN': '未完成评估卡片', en: 'Unfinished assessments card' },
    perms: [Perm.cardUnfinishedAssess],
    orderNum: 3,
    grant: TREATING,
  },
  {
    key: 'home.cardFinishedReferral',
    parentKey: 'home',
    type: 2,
    nameLang: { 'zh-CN': '已完成工单卡片', en: 'Finished orders card' },
    perms: [Perm.cardFinishedReferral],
    orderNum: 4,
    grant: TREATING,
  },
  {
    key: 'home.cardNotSpecified',
    parentKey: 'home',
    type: 2,
    nameLang: { 'zh-CN': '未分配治疗师卡片', en: 'Unassigned therapist card' },
    perms: [Perm.cardNotSpecified],
    orderNum: 5,
    grant: [RoleId.orgAdmin, RoleId.doctor],
  },
  {
    key: 'home.clockIn',
    parentKey: 'home',
    type: 2,
    nameLang: { 'zh-CN': '岗位打卡', en: 'Post clock-in' },
    perms: [Perm.clockIn],
    orderNum: 6,
    grant: TREATING,
  },
  ...messageMenus(),
  ...patientMenus(),
  ...scaleMenus(),
  ...masterDataMenus(),
  ...dictionaryMenus(),
  ...systemMenus(),
  ...administrationMenus(),
  ...timeSlotMenus(),
  ...methodMenus(),
  ...jobMenus(),
  ...breakMenus(),
  ...workOrderMenus(),
  ...schedulingMenus(),
  ...workloadMenus(),
  ...planMenus(),
  ...assessmentMenus(),
  ...meetingMenus(),
  ...platformTemplateMenus(),
  ...prescriptionMenus(),
  ...platformAdminMenus(),
];

/**
 * The application dictionaries (/dict), under system maintenance: organization administrators see them and add their
 * organization's own entries to the extensible ones (role 1 holds every menu anyway).
 */
function dictionaryMenus(): BuiltinMenu[] {
  const grant = [RoleId.orgAdmin];
  const button = (name: 'save' | 'update' | 'delete', nameLang: Required<NameLang>, orderNum: number): BuiltinMenu => ({
    key: `maintainSystem.dict.${name}`,
    parentKey: 'maintainSystem.dict',
    type: 2,
    nameLang,
    perms: [DictPerm[name]],
    orderNum,
    grant,
  });
  return [
    {
      key: 'maintainSystem.dict',
      parentKey: 'maintainSystem',
      type: 1,
      nameLang: { 'zh-CN': '数据字典', en: 'Dictionaries' },
      url: '/dict',
      icon: 'BookOutlined',
      perms: [DictPerm.list],
      orderNum: 100,
      grant,
    },
    button('save', { 'zh-CN': '新增', en: 'Add' }, 1),
    button('update', { 'zh-CN': '修改', en: 'Edit' }, 2),
    button('delete', { 'zh-CN': '删除', en: 'Delete' }, 3),
  ];
}

/**
 * The scale library (spec route /SubFirsScale/platFormTemplate): the platform catalogue of assessment scales with a
 * form to try each one. Clinical reference, so every staff role gets it.
 */
function scaleMenus(): BuiltinMenu[] {
  return [
    {
      key: 'subFirsScale',
      type: 0,
      nameLang: { 'zh-CN': '评定量表', en: 'Assessment scales' },
      icon: 'FormOutlined',
      orderNum: 60,
      grant: [],
    },
    {
      key: 'subFirsScale.platFormTemplate',
      parentKey: 'subFirsScale',
      type: 1,
      nameLang: { 'zh-CN': '量表库', en: 'Scale library' },
      url: '/SubFirsScale/platFormTemplate',
      icon: 'ReadOutlined',
      orderNum: 0,
      grant: ALL_STAFF,
    },
  ];
}

/**
 * The administration screens (spec section 2, /system). The version list is platform-wide, so only the super
 * administrator gets it; the operation log of an organization is also for its administrators.
 */
function systemMenus(): BuiltinMenu[] {
  const superOnly = [RoleId.superAdmin];
  return [
    {
      key: 'system',
      type: 0,
      nameLang: { 'zh-CN': '系统管理', en: 'System' },
      icon: 'DesktopOutlined',
      orderNum: 90,
      grant: [],
    },
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
      key: 'system.version',
      parentKey: 'system',
      type: 1,
      nameLang: { 'zh-CN': '版本管理', en: 'Versions' },
      url: '/system/version',
      icon: 'ProfileOutlined',
      perms: [SystemPerm.versionList, SystemPerm.versionInfo],
      orderNum: 1,
      grant: superOnly,
    },
    {
      key: 'system.version.save',
      parentKey: 'system.version',
      type: 2,
      nameLang: { 'zh-CN': '新增', en: 'Add' },
      perms: [SystemPerm.versionSave],
      orderNum: 1,
      grant: superOnly,
    },
    {
      key: 'system.version.update',
      parentKey: 'system.version',
      type: 2,
      nameLang: { 'zh-CN': '修改', en: 'Edit' },
      perms: [SystemPerm.versionUpdate],
      orderNum: 2,
      grant: superOnly,
    },
  ];
}

/**
 * A screen per master-data entity under its directory: the menu carries the list and info codes, its buttons the
 * add, edit and delete codes. Granted to organization administrators (role 1 holds every menu anyway).
 */
function masterDataMenus(): BuiltinMenu[] {
  const organizationGrant = [RoleId.orgAdmin];
  const directories: BuiltinMenu[] = Object.entries(MAINTENANCE_DIRECTORIES).map(([key, d]) => ({
    key,
    type: 0,
    nameLang: d.nameLang,
    icon: d.icon,
    orderNum: d.orderNum,
    grant: [],
  }));
  const screens = ENTITIES.flatMap((entity: EntityDescriptor, i): BuiltinMenu[] => {
    const perms = entityPermissions(entity);
    // the scale directory (scaleMenus) is keyed subFirsScale; platform entities are the super administrator's
    const directory = entity.group === 'SubFirsScale' ? 'subFirsScale' : entity.group;
    const grant = entity.platform ? [] : organizationGrant;
    const key = `${directory}.${entity.name}`;
    const button = (
      name: 'save' | 'update' | 'delete',
      nameLang: Required<NameLang>,
      orderNum: number,
    ): BuiltinMenu => ({
      key: `${key}.${name}`,
      parentKey: key,
      type: 2,
      nameLang,
      perms: [perms[name]],
      orderNum,
      grant,
    });
    return [
      {
        key,
        parentKey: directory,
        type: 1,
        nameLang: entity.label,
        url: entity.route,
        perms: [perms.list, perms.info],
        orderNum: i,
        grant,
      },
      button('save', { 'zh-CN': '新增', en: 'Add' }, 1),
      button('update', { 'zh-CN': '修改', en: 'Edit' }, 2),
      button('delete', { 'zh-CN': '删除', en: 'Delete' }, 3),
    ];
  });
  return [...directories, ...screens];
}

/**
 * The administration screens (spec section 2: /maintainSystem user, role, menu, organizationMaintain and
 * /maintainOffice office). Menus are platform-wide, so only the super administrator maintains them; creating and
 * deleting organizations and their relations is also the platform's. Organization administrators run users, roles
 * and departments of their organization and its config.
 */
function administrationMenus(): BuiltinMenu[] {
  const admins = [RoleId.superAdmin, RoleId.orgAdmin];
  const superOnly = [RoleId.superAdmin];
  const screen = (
    key: string,
    parentKey: string,
    nameLang: Required<NameLang>,
    url: string,
    icon: string,
    perms: string[],
    orderNum: number,
    grant: number[],
  ): BuiltinMenu => ({ key, parentKey, type: 1, nameLang, url, icon, perms, orderNum, grant });
  const button = (
    parentKey: string,
    name: string,
    nameLang: Required<NameLang>,
    perms: string[],
    orderNum: number,
    grant: number[],
  ): BuiltinMenu => ({ key: `${parentKey}.${name}`, parentKey, type: 2, nameLang, perms, orderNum, grant });
  const ADD = { 'zh-CN': '新增', en: 'Add' };
  const EDIT = { 'zh-CN': '修改', en: 'Edit' };
  const DELETE = { 'zh-CN': '删除', en: 'Delete' };
  return [
    screen(
      'maintainSystem.user',
      'maintainSystem',
      { 'zh-CN': '用户管理', en: 'Users' },
      '/maintainSystem/user',
      'UserOutlined',
      [AdminPerm.userList, AdminPerm.userInfo],
      100,
      admins,
    ),
    button('maintainSystem.user', 'save', ADD, [AdminPerm.userSave], 1, admins),
    button('maintainSystem.user', 'update', EDIT, [AdminPerm.userUpdate], 2, admins),
    button('maintainSystem.user', 'delete', { 'zh-CN': '移出机构', en: 'Remove' }, [AdminPerm.userDelete], 3, admins),
    button(
      'maintainSystem.user',
      'status',
      { 'zh-CN': '启用/停用', en: 'Enable / disable' },
      [AdminPerm.userStatus],
      4,
      admins,
    ),
    button(
      'maintainSystem.user',
      'resetPassword',
      { 'zh-CN': '重置密码', en: 'Reset password' },
      [AdminPerm.userResetPassword],
      5,
      admins,
    ),
    button(
      'maintainSystem.user',
      'grade',
      { 'zh-CN': '升级/降级管理员', en: 'Promote / demote' },
      [AdminPerm.userGrade],
      6,
      admins,
    ),
    screen(
      'maintainSystem.role',
      'maintainSystem',
      { 'zh-CN': '角色管理', en: 'Roles' },
      '/maintainSystem/role',
      'TeamOutlined',
      [AdminPerm.roleList, AdminPerm.roleInfo],
      101,
      admins,
    ),
    button('maintainSystem.role', 'save', ADD, [AdminPerm.roleSave], 1, admins),
    button('maintainSystem.role', 'update', EDIT, [AdminPerm.roleUpdate], 2, admins),
    button('maintainSystem.role', 'delete', DELETE, [AdminPerm.roleDelete], 3, admins),
    screen(
      'maintainSystem.menu',
      'maintainSystem',
      { 'zh-CN': '菜单管理', en: 'Menus' },
      '/maintainSystem/menu',
      'AppstoreOutlined',
      [AdminPerm.menuList, AdminPerm.menuInfo],
      102,
      superOnly,
    ),
    button('maintainSystem.menu', 'save', ADD, [AdminPerm.menuSave], 1, superOnly),
    button('maintainSystem.menu', 'update', EDIT, [AdminPerm.menuUpdate], 2, superOnly),
    button('maintainSystem.menu', 'delete', DELETE, [AdminPerm.menuDelete], 3, superOnly),
    screen(
      'maintainSystem.organizationMaintain',
      'maintainSystem',
      { 'zh-CN': '机构维护', en: 'Organizations' },
      '/maintainSystem/organizationMaintain',
      'ApartmentOutlined',
      [AdminPerm.organizationList, AdminPerm.organizationInfo, AdminPerm.relationList],
      103,
      admins,
    ),
    button('maintainSystem.organizationMaintain', 'save', ADD, [AdminPerm.organizationSave], 1, superOnly),
    button('maintainSystem.organizationMaintain', 'update', EDIT, [AdminPerm.organizationUpdate], 2, superOnly),
    button('maintainSystem.organizationMaintain', 'delete', DELETE, [AdminPerm.organizationDelete], 3, superOnly),
    button(
      'maintainSystem.organizationMaintain',
      'config',
      { 'zh-CN': '机构配置', en: 'Configuration' },
      [AdminPerm.organizationConfig],
      4,
      admins,
    ),
    button(
      'maintainSystem.organizationMaintain',
      'relation',
      { 'zh-CN': '关联机构', en: 'Related organizations' },
      [AdminPerm.relationSave],
      5,
      superOnly,
    ),
    screen(
      'maintainOffice.office',
      'maintainOffice',
      { 'zh-CN': '科室管理', en: 'Departments' },
      '/maintainOffice/office',
      'ClusterOutlined',
      [AdminPerm.officeList, AdminPerm.officeInfo],
      100,
      admins,
    ),
    button('maintainOffice.office', 'save', ADD, [AdminPerm.officeSave], 1, admins),
    button('maintainOffice.office', 'update', EDIT, [AdminPerm.officeUpdate], 2, admins),
    button('maintainOffice.office', 'delete', DELETE, [AdminPerm.officeDelete], 3, admins),
  ];
}

/**
 * Internal messages (spec section 2, /email). Every member has an inbox; sending is a button permission, the
 * cost messages (billing notices) are for administrators, doctors and nurses.
 */
function messageMenus(): BuiltinMenu[] {
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
      grant: [RoleId.orgAdmin, RoleId.doctor, RoleId.nurse],
    },
  ];
}
