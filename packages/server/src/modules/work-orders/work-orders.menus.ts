import { ReferralPerm, RoleId } from '@rehab/shared';
import type { BuiltinMenu } from '../../kernel/menu';

const text = (zh: string, en: string) => ({ 'zh-CN': zh, en });
const TREATING = [RoleId.orgAdmin, RoleId.therapist, RoleId.doctor, RoleId.nurse];
const ACTING = [RoleId.orgAdmin, RoleId.therapist, RoleId.doctor];

/**
 * The work-order screens (spec section 2, /order and /signature): my orders with their actions as buttons, a
 * patient's orders, expired orders, today's check-in and the orders waiting for a patient's signature.
 */
export function workOrderMenus(): BuiltinMenu[] {
  const button = (name: string, label: { 'zh-CN': string; en: string }, perms: string[], orderNum: number) => ({
    key: `order.my.${name}`,
    parentKey: 'order.my',
    type: 2 as const,
    nameLang: label,
    perms,
    orderNum,
    grant: ACTING,
  });
  const screen = (
    key: string,
    label: { 'zh-CN': string; en: string },
    url: string,
    icon: string,
    perms: string[],
    orderNum: number,
    grant = TREATING,
    parentKey = 'order',
  ): BuiltinMenu => ({ key, parentKey, type: 1, nameLang: label, url, icon, perms, orderNum, grant });
  return [
    {
      key: 'order',
      type: 0,
      nameLang: text('治疗工单', 'Work orders'),
      icon: 'ScheduleOutlined',
      orderNum: 12,
      grant: [],
    },
    screen(
      'order.my',
      text('我的工单', 'My work orders'),
      '/order/my',
      'ProfileOutlined',
      [ReferralPerm.my, ReferralPerm.info],
      0,
    ),
    button('handle', text('执行/授权/作废/撤回', 'Execute, authorize, invalidate, withdraw'), [ReferralPerm.handle], 1),
    button('upload', text('患者签名/拍照', 'Patient signature and photos'), [ReferralPerm.upload], 2),
    button('remark', text('工单备注', 'Work order remark'), [ReferralPerm.remark], 3),
    button('equipment', text('使用设备', 'Equipment used'), [ReferralPerm.equipment], 4),
    button('record', text('治疗记录', 'Treatment record'), [ReferralPerm.record], 5),
    button('scan', text('扫执行码', 'Scan executive code'), [ReferralPerm.scan], 6),
    screen(
      'order.patientOrder',
      text('患者工单', 'Patient work orders'),
      '/order/patientOrder',
      'SolutionOutlined',
      [ReferralPerm.list, ReferralPerm.info],
      1,
    ),
    screen(
      'order.expired',
      text('过期工单', 'Expired orders'),
      '/order/expired',
      'CalendarOutlined',
      [ReferralPerm.list, ReferralPerm.info],
      2,
    ),
    screen(
      'order.check',
      text('患者签到', 'Patient check-in'),
      '/order/check',
      'AuditOutlined',
      [ReferralPerm.checkIn],
      3,
    ),
    {
      key: 'signature',
      type: 0,
      nameLang: text('患者签名', 'Patient signature'),
      icon: 'EditOutlined',
      orderNum: 13,
      grant: [],
    },
    screen(
      'signature.list',
      text('待签名工单', 'Orders to sign'),
      '/signature/list',
      'EditOutlined',
      [ReferralPerm.list, ReferralPerm.upload, ReferralPerm.info],
      0,
      ACTING,
      'signature',
    ),
  ];
}
