import { PrescriptionPerm, RoleId } from '@rehab/shared';
import type { BuiltinMenu } from '../../kernel/menu';

/** Prescription management under Patients, for the prescribing side (doctors and organization administrators). */
export function prescriptionMenus(): BuiltinMenu[] {
  return [
    {
      key: 'patient.prescription',
      parentKey: 'patient',
      type: 1,
      nameLang: { 'zh-CN': '处方管理', en: 'Prescriptions' },
      url: '/mypatient/prescription/manage',
      icon: 'MedicineBoxOutlined',
      perms: [PrescriptionPerm.list],
      orderNum: 6,
      grant: [RoleId.orgAdmin, RoleId.doctor],
    },
  ];
}
