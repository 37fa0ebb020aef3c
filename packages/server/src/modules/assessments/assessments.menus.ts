import { AssessPerm, RoleId } from '@rehab/shared';
import type { BuiltinMenu } from '../../kernel/menu';

const text = (zh: string, en: string) => ({ 'zh-CN': zh, en });
const ALL = [RoleId.orgAdmin, RoleId.doctor, RoleId.therapist, RoleId.nurse];
const PLANNERS = [RoleId.orgAdmin, RoleId.doctor, RoleId.therapist];
/** evaluation authority (spec section 5): the treating staff who assess, therapists and doctors */
const EVALUATORS = [RoleId.doctor, RoleId.therapist];

/**
 * The assessment screens (spec section 2, /recovery, /gauge, /patient/assess-project, /patient/report). One menu, the
 * list; the project, detail, gauge, report and patient screens belong to it. Its actions are buttons.
 */
export function assessmentMenus(): BuiltinMenu[] {
  const button = (
    name: string,
    nameLang: { 'zh-CN': string; en: string },
    perms: string[],
    orderNum: number,
    grant: number[],
  ) => ({
    key: `recovery.list.${name}`,
    parentKey: 'recovery.list',
    type: 2 as const,
    nameLang,
    perms,
    orderNum,
    grant,
  });
  return [
    {
      key: 'recovery',
      type: 0,
      nameLang: text('康复评估', 'Assessments'),
      icon: 'AuditOutlined',
      orderNum: 11,
      grant: [],
    },
    {
      key: 'recovery.list',
      parentKey: 'recovery',
      type: 1,
      nameLang: text('评估列表', 'Assessment list'),
      url: '/recovery/list',
      icon: 'FileSearchOutlined',
      perms: [AssessPerm.list, AssessPerm.info, AssessPerm.report],
      orderNum: 0,
      grant: ALL,
    },
    button('save', text('新增评估', 'Add assessments'), [AssessPerm.save], 1, PLANNERS),
    button('end', text('结束评估', 'End assessment'), [AssessPerm.end], 2, PLANNERS),
    button('cancel', text('取消评估', 'Cancel assessment'), [AssessPerm.cancel], 3, PLANNERS),
    button('authorize', text('授权评估', 'Authorize evaluator'), [AssessPerm.authorize], 4, PLANNERS),
    button('evaluate', text('评估权限', 'Evaluation authority'), [AssessPerm.evaluate], 5, EVALUATORS),
    button('upload', text('上传报告附件', 'Upload report attachments'), [AssessPerm.upload], 6, PLANNERS),
  ];
}
