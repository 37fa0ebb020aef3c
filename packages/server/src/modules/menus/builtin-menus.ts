import {
  ENTITIES,
  Perm,
  RoleId,
  SystemPerm,
  entityPermissions,
  type EntityDescriptor,
  type EntityGroup,
} from '@rehab/shared';
import type { NameLang } from '../../db/schema';

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
const MAINTENANCE_DIRECTORIES: Record<EntityGroup, { nameLang: Required<NameLang>; icon: string; orderNum: number }> = {
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
  ...scaleMenus(),
  ...masterDataMenus(),
  ...systemMenus(),
];

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
  const grant = [RoleId.orgAdmin];
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
    const key = `${entity.group}.${entity.name}`;
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
        parentKey: entity.group,
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
