import { MeetingPerm, RoleId } from '@rehab/shared';
import type { BuiltinMenu } from '../../kernel/menu';

const text = (zh: string, en: string) => ({ 'zh-CN': zh, en });
const STAFF = [RoleId.orgAdmin, RoleId.doctor, RoleId.therapist, RoleId.nurse];
const ORGANIZERS = [RoleId.orgAdmin, RoleId.doctor, RoleId.therapist];

/**
 * Assessment meetings (/recovery/meeting/list/:userType?, detail /recovery/meeting/detail/:id/:disable?). Staff see
 * the list and answer invitations; doctors, therapists and organization administrators arrange, host and write the
 * report; doctors and organization administrators review it.
 */
export function meetingMenus(): BuiltinMenu[] {
  const button = (
    name: string,
    label: { 'zh-CN': string; en: string },
    perms: string[],
    orderNum: number,
    grant: number[],
  ) => ({
    key: `meeting.list.${name}`,
    parentKey: 'meeting.list',
    type: 2 as const,
    nameLang: label,
    perms,
    orderNum,
    grant,
  });
  return [
    {
      key: 'meeting',
      type: 0,
      nameLang: text('评估会议', 'Meetings'),
      icon: 'CommentOutlined',
      orderNum: 25,
      grant: [],
    },
    {
      key: 'meeting.list',
      parentKey: 'meeting',
      type: 1,
      nameLang: text('会议安排', 'Meeting list'),
      url: '/recovery/meeting/list',
      icon: 'ScheduleOutlined',
      perms: [MeetingPerm.list, MeetingPerm.info],
      orderNum: 0,
      grant: STAFF,
    },
    button('save', text('安排/修改/取消会议', 'Arrange, edit, cancel'), [MeetingPerm.save], 1, ORGANIZERS),
    button('attend', text('确认参会/请假', 'Confirm or decline'), [MeetingPerm.attend], 2, STAFF),
    button('presence', text('记录出席', 'Record presence'), [MeetingPerm.presence], 3, ORGANIZERS),
    button('report', text('撰写会议报告', 'Write the report'), [MeetingPerm.report], 4, ORGANIZERS),
    button('review', text('审核会议报告', 'Review the report'), [MeetingPerm.review], 5, [
      RoleId.orgAdmin,
      RoleId.doctor,
    ]),
  ];
}
