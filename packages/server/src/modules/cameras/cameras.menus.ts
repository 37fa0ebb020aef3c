import { CameraPerm, RoleId } from '@rehab/shared';
import { screenMenus, type BuiltinMenu } from '../../kernel/menu';

const text = (zh: string, en: string) => ({ 'zh-CN': zh, en });

/**
 * Video monitoring (视频监控, product deviceIntegration): the camera wall with its registry and groups. Staff who
 * supervise treatment watch; administrators keep the registry, watch private areas and read who watched.
 */
export function cameraMenus(): BuiltinMenu[] {
  return [
    {
      key: 'camera',
      type: 0,
      nameLang: text('视频监控', 'Video monitoring'),
      icon: 'VideoCameraOutlined',
      orderNum: 46,
      grant: [],
    },
    ...screenMenus(
      {
        key: 'camera.wall',
        parentKey: 'camera',
        nameLang: text('摄像头墙', 'Camera wall'),
        url: '/DasEquipment/camera',
        icon: 'VideoCameraOutlined',
        perms: [CameraPerm.view],
        orderNum: 0,
        grant: [RoleId.orgAdmin],
      },
      [
        ['privacy', '查看隐私区域', 'Watch private areas', CameraPerm.privacy],
        ['save', '新增摄像头', 'Add camera', CameraPerm.save],
        ['update', '修改摄像头', 'Change camera', CameraPerm.update],
        ['delete', '删除摄像头', 'Remove camera', CameraPerm.delete],
        ['group', '管理分组', 'Manage groups', CameraPerm.group],
        ['views', '观看记录', 'Viewing records', CameraPerm.views],
      ],
    ),
  ];
}
