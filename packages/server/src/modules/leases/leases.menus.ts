import { LeasePerm, RoleId } from '@rehab/shared';
import { screenMenus, type BuiltinMenu } from '../../kernel/menu';

const text = (zh: string, en: string) => ({ 'zh-CN': zh, en });

/** Customer service (客户服务, spec section 2 /customerService): the equipment lease desk. */
export function leaseMenus(): BuiltinMenu[] {
  return [
    {
      key: 'customerService',
      type: 0,
      nameLang: text('客户服务', 'Customer service'),
      icon: 'CustomerServiceOutlined',
      orderNum: 46,
      grant: [],
    },
    ...screenMenus(
      {
        key: 'customerService.lease',
        parentKey: 'customerService',
        nameLang: text('设备租赁', 'Equipment lease'),
        url: '/customerService/lease',
        icon: 'CustomerServiceOutlined',
        perms: [LeasePerm.list],
        orderNum: 0,
        grant: [RoleId.orgAdmin, RoleId.cashier, RoleId.nurse],
      },
      [
        ['save', '新建租赁', 'Lease', LeasePerm.save],
        ['return', '归还', 'Return', LeasePerm.return],
      ],
    ),
  ];
}
