import { HeartbeatPerm, RoleId } from '@rehab/shared';
import { screenMenus, type BuiltinMenu } from '../../kernel/menu';

const text = (zh: string, en: string) => ({ 'zh-CN': zh, en });

/**
 * Interface monitoring (接口监控, product deviceIntegration): the heartbeat wall of the hospital-system interfaces
 * for the organization's administrators (the information department), with its buttons.
 */
export function heartbeatMenus(): BuiltinMenu[] {
  return [
    {
      key: 'heartbeat',
      type: 0,
      nameLang: text('接口监控', 'Interface monitoring'),
      icon: 'HeartOutlined',
      orderNum: 45,
      grant: [],
    },
    ...screenMenus(
      {
        key: 'heartbeat.index',
        parentKey: 'heartbeat',
        nameLang: text('接口心跳', 'Interface heartbeats'),
        url: '/heartbeatMonitoring/index',
        icon: 'HeartOutlined',
        perms: [HeartbeatPerm.list],
        orderNum: 0,
        grant: [RoleId.orgAdmin],
      },
      [
        ['save', '新增', 'Add', HeartbeatPerm.save],
        ['update', '修改', 'Change', HeartbeatPerm.update],
        ['delete', '删除', 'Remove', HeartbeatPerm.delete],
        ['ack', '确认故障', 'Acknowledge', HeartbeatPerm.ack],
      ],
    ),
  ];
}
