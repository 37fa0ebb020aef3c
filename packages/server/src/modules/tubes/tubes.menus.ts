import { RoleId, TubePerm } from '@rehab/shared';
import { screenMenus, type BuiltinMenu } from '../../kernel/menu';

const text = (zh: string, en: string) => ({ 'zh-CN': zh, en });

/**
 * Tube and catheter care (管路管理, spec section 2 /pipeline): the list of the organization's tubes and, opened from
 * it (no menu of its own), a tube's detail. Nurses and doctors record and care for tubes.
 */
export function tubeMenus(): BuiltinMenu[] {
  return [
    {
      key: 'pipeline',
      type: 0,
      nameLang: text('管路管理', 'Tube care'),
      icon: 'MedicineBoxOutlined',
      orderNum: 35,
      grant: [],
    },
    ...screenMenus(
      {
        key: 'pipeline.manage',
        parentKey: 'pipeline',
        nameLang: text('管路列表', 'Tubes and catheters'),
        url: '/pipeline/pipeline-manage',
        icon: 'MedicineBoxOutlined',
        perms: [TubePerm.list],
        orderNum: 0,
        grant: [RoleId.orgAdmin, RoleId.nurse, RoleId.doctor],
      },
      [
        ['save', '登记置管', 'Record a tube', TubePerm.save],
        ['care', '护理与拔管', 'Care and removal', TubePerm.care],
      ],
    ),
  ];
}
