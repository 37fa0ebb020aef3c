import { Perm, RoleId } from '@rehab/shared';
import type { BuiltinMenu } from '../../kernel/menu';

const ALL_STAFF = [RoleId.orgAdmin, RoleId.therapist, RoleId.doctor, RoleId.nurse];
const TREATING = [RoleId.therapist, RoleId.doctor, RoleId.nurse];

/** The home screen and the buttons that show its cards (spec section 2, /home). */
export function dashboardMenus(): BuiltinMenu[] {
  return [
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
  ];
}
