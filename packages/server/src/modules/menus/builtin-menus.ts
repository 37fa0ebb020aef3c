import { AdminPerm, RoleId, type EntityGroup, type NameLang } from '@rehab/shared';
import type { BuiltinMenu } from '../../kernel/menu';

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
  productInformation: {
    nameLang: { 'zh-CN': '产品信息', en: 'Product information' },
    icon: 'AppstoreOutlined',
    orderNum: 47,
  },
  maintainPrecept: {
    nameLang: { 'zh-CN': '医嘱维护', en: 'Order maintenance' },
    icon: 'FileDoneOutlined',
    orderNum: 83,
  },
};

/**
 * The frame of the sidebar: the directories the modules' screens hang under (system, the three maintenance
 * directories and the scale directory). Each module declares its own screens in its manifest.
 */
export function sidebarDirectories(): BuiltinMenu[] {
  const directory = (key: string, nameLang: Required<NameLang>, icon: string, orderNum: number): BuiltinMenu => ({
    key,
    type: 0,
    nameLang,
    icon,
    orderNum,
    grant: [],
  });
  return [
    directory('subFirsScale', { 'zh-CN': '评定量表', en: 'Assessment scales' }, 'FormOutlined', 60),
    directory('system', { 'zh-CN': '系统管理', en: 'System' }, 'DesktopOutlined', 90),
    ...Object.entries(MAINTENANCE_DIRECTORIES).map(([key, d]) => directory(key, d.nameLang, d.icon, d.orderNum)),
  ];
}

/**
 * The administration screens (spec section 2: /maintainSystem user, role, menu, organizationMaintain and
 * /maintainOffice office). Menus are platform-wide, so only the super administrator maintains them; creating and
 * deleting organizations and their relations is also the platform's. Organization administrators run users, roles
 * and departments of their organization and its config.
 */
export function administrationMenus(): BuiltinMenu[] {
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
