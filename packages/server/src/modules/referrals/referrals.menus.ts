import { PatientReferralPerm, RoleId } from '@rehab/shared';
import type { BuiltinMenu } from '../../kernel/menu';

const text = (zh: string, en: string) => ({ 'zh-CN': zh, en });
const { orgAdmin, doctor } = RoleId;

/**
 * Referral (转诊, /patient/patientReferral) and transfer of treatment (转诊治疗, /transferTreatment/treatmentList)
 * under the patients' menu, each with its buttons (refer or transfer, act as the receiving office) on the referral's
 * permission codes: a transfer is a referral of kind `transfer`. The patient detail's "Refer" action opens the
 * referral list with the patient; a transfer's detail (/transferTreatment/treatmentDetail) opens from its list.
 */
export function referralMenus(): BuiltinMenu[] {
  const button = (
    parent: string,
    name: string,
    label: { 'zh-CN': string; en: string },
    perm: string,
    orderNum: number,
    grant: number[],
  ) => ({
    key: `${parent}.${name}`,
    parentKey: parent,
    type: 2 as const,
    nameLang: label,
    perms: [perm],
    orderNum,
    grant,
  });
  /** a screen under the patients' menu, with its buttons: refer or transfer, and act as the receiving office */
  const screen = (
    key: string,
    url: string,
    label: [string, string],
    icon: string,
    orderNum: number,
    buttons: [string, string][],
  ) => [
    {
      key,
      parentKey: 'patient',
      type: 1 as const,
      nameLang: text(...label),
      url,
      icon,
      perms: [PatientReferralPerm.list],
      orderNum,
      grant: [orgAdmin, doctor],
    },
    button(key, 'request', text(...buttons[0]!), PatientReferralPerm.request, 1, [orgAdmin, doctor]),
    button(key, 'receive', text(...buttons[1]!), PatientReferralPerm.receive, 2, [doctor]),
  ];
  return [
    ...screen('patient.referral', '/patient/patientReferral', ['转诊', 'Referral'], 'SwapOutlined', 8, [
      ['发起转诊', 'Refer'],
      ['接收转诊', 'Receive referrals'],
    ]),
    ...screen(
      'patient.transfer',
      '/transferTreatment/treatmentList',
      ['转诊治疗', 'Transfer of treatment'],
      'SolutionOutlined',
      9,
      [
        ['发起转诊治疗', 'Transfer treatment'],
        ['接收转诊治疗', 'Receive transfers'],
      ],
    ),
  ];
}
