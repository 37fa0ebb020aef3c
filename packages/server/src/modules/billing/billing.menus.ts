import { BillingPerm, RoleId } from '@rehab/shared';
import type { BuiltinMenu } from '../../kernel/menu';

const text = (zh: string, en: string) => ({ 'zh-CN': zh, en });
const { orgAdmin, cashier, finance, doctor, therapist, nurse } = RoleId;

/**
 * Outpatient billing (门诊收费): the cashier workbench (the till: shift, patient bill, payment), refund approval,
 * shifts and handover, and the daily settlement report. Payment and refund screens open from a bill; their
 * permissions come with the workbench and with the bill tab of the outpatient and patient details (view).
 */
export function billingMenus(): BuiltinMenu[] {
  const button = (
    parentKey: string,
    name: string,
    label: { 'zh-CN': string; en: string },
    perm: string,
    orderNum: number,
    grant: number[],
  ): BuiltinMenu => ({
    key: `${parentKey}.${name}`,
    parentKey,
    type: 2,
    nameLang: label,
    perms: [perm],
    orderNum,
    grant,
  });
  return [
    {
      key: 'billing',
      type: 0,
      nameLang: text('门诊收费', 'Outpatient billing'),
      icon: 'AccountBookOutlined',
      orderNum: 12,
      grant: [],
    },
    {
      key: 'billing.cashier',
      parentKey: 'billing',
      type: 1,
      nameLang: text('收费工作台', 'Cashier'),
      url: '/outpatient/cashier',
      icon: 'WalletOutlined',
      perms: [BillingPerm.view, BillingPerm.shift],
      orderNum: 0,
      grant: [orgAdmin, cashier],
    },
    button('billing.cashier', 'charge', text('生成费用', 'Charge'), BillingPerm.charge, 1, [orgAdmin, cashier, doctor]),
    button('billing.cashier', 'settle', text('收费结算', 'Take payment'), BillingPerm.settle, 2, [orgAdmin, cashier]),
    button('billing.cashier', 'refundRequest', text('申请退费', 'Request refund'), BillingPerm.refundRequest, 3, [
      orgAdmin,
      cashier,
      doctor,
    ]),
    button('billing.cashier', 'refundExecute', text('办理退费', 'Pay out refund'), BillingPerm.refundExecute, 4, [
      orgAdmin,
      cashier,
    ]),
    {
      key: 'billing.refundApproval',
      parentKey: 'billing',
      type: 1,
      nameLang: text('退费审批', 'Refund approval'),
      url: '/outpatient/refundApproval',
      icon: 'AuditOutlined',
      perms: [BillingPerm.view],
      orderNum: 1,
      grant: [orgAdmin, finance, cashier],
    },
    button('billing.refundApproval', 'approve', text('审批', 'Approve or reject'), BillingPerm.refundApprove, 1, [
      orgAdmin,
      finance,
    ]),
    button('billing.refundApproval', 'rules', text('审批规则', 'Approval rules'), BillingPerm.rules, 2, [orgAdmin]),
    {
      key: 'billing.shifts',
      parentKey: 'billing',
      type: 1,
      nameLang: text('班次与交班', 'Cashier shifts'),
      url: '/outpatient/shifts',
      icon: 'SwapOutlined',
      perms: [BillingPerm.shift],
      orderNum: 2,
      grant: [orgAdmin, cashier, finance],
    },
    button('billing.shifts', 'reopen', text('重开班次', 'Reopen a shift'), BillingPerm.shiftReopen, 1, [
      orgAdmin,
      finance,
    ]),
    {
      key: 'billing.daily',
      parentKey: 'billing',
      type: 1,
      nameLang: text('日结报表', 'Daily settlement'),
      url: '/outpatient/dailyReport',
      icon: 'FileDoneOutlined',
      perms: [BillingPerm.report],
      orderNum: 3,
      grant: [orgAdmin, finance, cashier],
    },
    // the bill (cost tab) of the patient details, for the treating staff
    {
      key: 'patient.billView',
      parentKey: 'patient.outpatient',
      type: 2,
      nameLang: text('查看费用', 'View charges'),
      perms: [BillingPerm.view],
      orderNum: 20,
      grant: [orgAdmin, doctor, therapist, nurse, cashier, finance],
    },
  ];
}
