import { PatientPerm, PlanPerm, RoleId } from '@rehab/shared';
import type { BuiltinMenu } from '../../kernel/menu';

const text = (zh: string, en: string) => ({ 'zh-CN': zh, en });
const DOCTOR_SIDE = [RoleId.orgAdmin, RoleId.doctor];
const ALL_TREATING = [RoleId.orgAdmin, RoleId.doctor, RoleId.therapist, RoleId.nurse];

/**
 * Project linkage under Treatment maintenance (organization administrators); my patients, the outpatients and the
 * case and prescription templates under Patients.
 */
export function planMenus(): BuiltinMenu[] {
  const button = (
    parentKey: string,
    name: string,
    label: { 'zh-CN': string; en: string },
    perms: string[],
    orderNum: number,
    grant: number[],
  ): BuiltinMenu => ({ key: `${parentKey}.${name}`, parentKey, type: 2, nameLang: label, perms, orderNum, grant });
  return [
    {
      key: 'maintainTreat.linkageProject',
      parentKey: 'maintainTreat',
      type: 1,
      nameLang: text('项目联动', 'Project linkage'),
      url: '/maintainTreat/linkageProject',
      icon: 'ClusterOutlined',
      perms: [PlanPerm.linkageList],
      orderNum: 60,
      grant: [RoleId.orgAdmin],
    },
    button('maintainTreat.linkageProject', 'save', text('新增/修改', 'Add or edit'), [PlanPerm.linkageSave], 1, [
      RoleId.orgAdmin,
    ]),
    button('maintainTreat.linkageProject', 'delete', text('删除', 'Delete'), [PlanPerm.linkageDelete], 2, [
      RoleId.orgAdmin,
    ]),
    {
      key: 'patient.template',
      parentKey: 'patient',
      type: 1,
      nameLang: text('病历与处方模板', 'Case and prescription templates'),
      url: '/mypatient/template/case',
      icon: 'ProfileOutlined',
      perms: [PlanPerm.caseList, PlanPerm.prescriptionList],
      orderNum: 5,
      grant: DOCTOR_SIDE,
    },
    button(
      'patient.template',
      'save',
      text('保存/删除模板', 'Save or delete templates'),
      [PlanPerm.caseSave, PlanPerm.prescriptionSave],
      1,
      DOCTOR_SIDE,
    ),
    {
      key: 'patient.mine',
      parentKey: 'patient',
      type: 1,
      nameLang: text('我的患者', 'My patients'),
      url: '/mypatient/list',
      icon: 'SolutionOutlined',
      perms: [PatientPerm.list, PatientPerm.info, PatientPerm.recipe],
      orderNum: 1,
      grant: ALL_TREATING,
    },
    {
      key: 'patient.outpatient',
      parentKey: 'patient',
      type: 1,
      nameLang: text('门诊患者', 'Outpatients'),
      url: '/outpatient/list',
      icon: 'ContainerOutlined',
      perms: [PatientPerm.list, PatientPerm.info, PatientPerm.recipe],
      orderNum: 2,
      // the till finds its patients here (outpatient billing)
      grant: [...ALL_TREATING, RoleId.cashier, RoleId.finance],
    },
    {
      key: 'maintainTreat.comboTemplate',
      parentKey: 'maintainTreat',
      type: 1,
      nameLang: text('组合套餐', 'Combo templates'),
      url: '/maintainTreat/comboTemplate',
      icon: 'AppstoreOutlined',
      perms: [PatientPerm.comboList],
      orderNum: 61,
      grant: [RoleId.orgAdmin],
    },
    button(
      'maintainTreat.comboTemplate',
      'save',
      text('新增/修改/删除', 'Add, edit or delete'),
      [PatientPerm.comboSave],
      1,
      [RoleId.orgAdmin],
    ),
  ];
}
