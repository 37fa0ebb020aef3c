import { DevicePerm, RoleId } from '@rehab/shared';
import type { BuiltinMenu } from '../../kernel/menu';

const text = (zh: string, en: string) => ({ 'zh-CN': zh, en });
const { orgAdmin, therapist, doctor } = RoleId;

/**
 * Device integration (设备物联, product `deviceIntegration`): the device registry under system maintenance for
 * administrators; the monitor, the training sessions, one device's page and the live HUD for the clinical staff.
 */
export function deviceMenus(): BuiltinMenu[] {
  const screen = (key: string, name: { 'zh-CN': string; en: string }, url: string, icon: string, orderNum: number) => ({
    key: `devices.${key}`,
    parentKey: 'devices',
    type: 1 as const,
    nameLang: name,
    url,
    icon,
    perms: [DevicePerm.view],
    orderNum,
    grant: [orgAdmin, therapist, doctor],
  });
  return [
    {
      key: 'devices',
      type: 0,
      nameLang: text('设备物联', 'Device integration'),
      icon: 'ClusterOutlined',
      orderNum: 45,
      grant: [],
    },
    screen('monitor', text('设备监控', 'Device monitor'), '/controlManagement/monitor', 'MonitorOutlined', 1),
    screen('hud', text('实时看板', 'Live view'), '/DasEquipment/visualHUD', 'FundOutlined', 2),
    screen('gameDrill', text('训练记录', 'Training sessions'), '/DasEquipment/gameDrill', 'LineChartOutlined', 3),
    screen('info', text('设备详情', 'Device details'), '/DasEquipment/equipmentInfo', 'ProfileOutlined', 4),
    {
      key: 'devices.gameDrill.confirm',
      parentKey: 'devices.gameDrill',
      type: 2,
      nameLang: text('确认并入治疗记录', 'Confirm into the record'),
      perms: [DevicePerm.confirm],
      orderNum: 1,
      grant: [orgAdmin, therapist],
    },
    {
      key: 'maintainSystem.equipmentManage',
      parentKey: 'maintainSystem',
      type: 1,
      nameLang: text('设备接入管理', 'Device registry'),
      url: '/maintainSystem/equipment-manage',
      icon: 'ClusterOutlined',
      perms: [DevicePerm.list],
      orderNum: 60,
      grant: [orgAdmin],
    },
    {
      key: 'maintainSystem.equipmentManage.save',
      parentKey: 'maintainSystem.equipmentManage',
      type: 2,
      nameLang: text('登记与修改', 'Register and edit'),
      perms: [DevicePerm.save],
      orderNum: 1,
      grant: [orgAdmin],
    },
    {
      key: 'maintainSystem.equipmentManage.secret',
      parentKey: 'maintainSystem.equipmentManage',
      type: 2,
      nameLang: text('令牌与设置', 'Tokens and settings'),
      perms: [DevicePerm.secret],
      orderNum: 2,
      grant: [orgAdmin],
    },
    {
      // the devices' own calls: a permission no role is granted (a device comes in with its token, not a session)
      key: 'maintainSystem.equipmentManage.ingest',
      parentKey: 'maintainSystem.equipmentManage',
      type: 2,
      nameLang: text('设备数据上报（仅设备令牌）', 'Device data upload (device tokens only)'),
      perms: [DevicePerm.ingest],
      orderNum: 3,
      grant: [],
    },
  ];
}
