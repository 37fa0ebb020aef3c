import { RoleId, TaskPerm } from '@rehab/shared';
import { screenMenus, type BuiltinMenu } from '../../kernel/menu';

const text = (zh: string, en: string) => ({ 'zh-CN': zh, en });
const { orgAdmin, doctor, therapist } = RoleId;

/** Home-training tasks (居家训练, spec section 2 /taskManagement): the therapists' list of the tasks given home. */
export function homeTaskMenus(): BuiltinMenu[] {
  return [
    {
      key: 'taskManagement',
      type: 0,
      nameLang: text('居家训练', 'Home training'),
      icon: 'ScheduleOutlined',
      orderNum: 47,
      grant: [],
    },
    ...screenMenus(
      {
        key: 'taskManagement.taskManagement',
        parentKey: 'taskManagement',
        nameLang: text('居家训练任务', 'Home-training tasks'),
        url: '/taskManagement/taskManagement',
        icon: 'HomeOutlined',
        perms: [TaskPerm.list],
        orderNum: 0,
        grant: [orgAdmin, doctor, therapist],
      },
      [
        ['save', '布置任务', 'Assign', TaskPerm.save],
        ['stop', '终止任务', 'Stop', TaskPerm.stop],
      ],
    ),
  ];
}
