import { RemotePerm, RoleId } from '@rehab/shared';
import type { BuiltinMenu } from '../../kernel/menu';

const text = (zh: string, en: string) => ({ 'zh-CN': zh, en });
const { orgAdmin, doctor } = RoleId;

/**
 * Remote consultation (远程会诊, /telemedicine): the list of requests sent and received, with its buttons (request,
 * approve, act as an expert, settings). The detail screen opens from the list and from messages (no menu of its
 * own: it is reachable without a current organization).
 */
export function telemedicineMenus(): BuiltinMenu[] {
  const button = (
    name: string,
    label: { 'zh-CN': string; en: string },
    perm: string,
    orderNum: number,
    grant: number[],
  ) => ({
    key: `telemedicine.list.${name}`,
    parentKey: 'telemedicine.list',
    type: 2 as const,
    nameLang: label,
    perms: [perm],
    orderNum,
    grant,
  });
  return [
    {
      key: 'telemedicine',
      type: 0,
      nameLang: text('远程医疗', 'Telemedicine'),
      icon: 'VideoCameraOutlined',
      orderNum: 17,
      grant: [],
    },
    {
      key: 'telemedicine.list',
      parentKey: 'telemedicine',
      type: 1,
      nameLang: text('远程会诊', 'Remote consultation'),
      url: '/telemedicine/list',
      icon: 'VideoCameraOutlined',
      perms: [RemotePerm.list],
      orderNum: 0,
      grant: [orgAdmin, doctor],
    },
    button('request', text('申请会诊', 'Request'), RemotePerm.request, 1, [orgAdmin, doctor]),
    button('approve', text('审批', 'Approve'), RemotePerm.approve, 2, [orgAdmin]),
    button('expert', text('专家接诊', 'Act as expert'), RemotePerm.expert, 3, [doctor]),
    button('settings', text('会诊设置', 'Settings'), RemotePerm.settings, 4, [orgAdmin]),
  ];
}
