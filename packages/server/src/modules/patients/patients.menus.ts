import { PatientPerm, RoleId } from '@rehab/shared';
import type { BuiltinMenu } from '../../kernel/menu';

const DOCTOR_SIDE = [RoleId.orgAdmin, RoleId.doctor];
const ALL_TREATING = [RoleId.orgAdmin, RoleId.doctor, RoleId.therapist, RoleId.nurse];

/**
 * The patient screens (spec section 2, /patient): the list and detail behind `patient.manage`, its actions as
 * buttons. Doctors register, prescribe and assign; therapists and nurses read, nurses also register.
 */
export function patientMenus(): BuiltinMenu[] {
  const button = (
    name: string,
    nameLang: { 'zh-CN': string; en: string },
    perms: string[],
    orderNum: number,
    grant: number[],
  ): BuiltinMenu => ({
    key: `patient.manage.${name}`,
    parentKey: 'patient.manage',
    type: 2,
    nameLang,
    perms,
    orderNum,
    grant,
  });
  return [
    {
      key: 'patient',
      type: 0,
      nameLang: { 'zh-CN': '患者管理', en: 'Patients' },
      icon: 'TeamOutlined',
      orderNum: 10,
      grant: [],
    },
    {
      key: 'patient.manage',
      parentKey: 'patient',
      type: 1,
      nameLang: { 'zh-CN': '患者列表', en: 'Patient list' },
      url: '/patient/manage',
      icon: 'UserOutlined',
      perms: [PatientPerm.list, PatientPerm.info, PatientPerm.recipe],
      orderNum: 0,
      grant: ALL_TREATING,
    },
    button('save', { 'zh-CN': '登记患者', en: 'Register' }, [PatientPerm.save], 1, [...DOCTOR_SIDE, RoleId.nurse]),
    button('update', { 'zh-CN': '修改患者', en: 'Edit patient' }, [PatientPerm.update], 2, [
      ...DOCTOR_SIDE,
      RoleId.nurse,
    ]),
    button('cancel', { 'zh-CN': '取消登记', en: 'Cancel registration' }, [PatientPerm.cancel], 3, DOCTOR_SIDE),
    button('end', { 'zh-CN': '结束疗程', en: 'End course' }, [PatientPerm.endCourse], 4, DOCTOR_SIDE),
    button('discharge', { 'zh-CN': '出院', en: 'Discharge' }, [PatientPerm.discharge], 5, DOCTOR_SIDE),
    button('export', { 'zh-CN': '导出', en: 'Export' }, [PatientPerm.export], 6, ALL_TREATING),
    button(
      'prescribe',
      { 'zh-CN': '开具治疗项目', en: 'Prescribe' },
      [PatientPerm.prescribe, PatientPerm.comboList],
      7,
      DOCTOR_SIDE,
    ),
    button('assign', { 'zh-CN': '分配治疗师', en: 'Assign therapist' }, [PatientPerm.assign], 8, [
      ...DOCTOR_SIDE,
      RoleId.therapist,
    ]),
    button(
      'endProject',
      { 'zh-CN': '结束/停用项目', en: 'End or disable projects' },
      [PatientPerm.endProject],
      9,
      DOCTOR_SIDE,
    ),
    button('combo', { 'zh-CN': '维护组合套餐', en: 'Maintain combos' }, [PatientPerm.comboSave], 10, [RoleId.orgAdmin]),
  ];
}
