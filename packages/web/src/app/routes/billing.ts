import { paths } from '../../lib/paths';
import type { ScreenRoute } from './screen-route';

const billing = async () => import('../../features/billing/pages');

/**
 * Outpatient billing: the cashier workbench, refund approval, shifts and the daily report (menus of billing.menus.ts);
 * payment opens from a bill at the till (the workbench's menu); a refund request also from the patient details, so
 * it names no menu (the screen and the server check sys:pay:refundRequest) and highlights the workbench.
 */
export const billingRoutes: ScreenRoute[] = [
  { path: paths.billingCashier, menu: paths.billingCashier, screen: async () => (await billing()).CashierPage },
  {
    path: paths.billingPayment,
    menu: paths.billingCashier,
    activeMenu: paths.billingCashier,
    screen: async () => (await billing()).PaymentPage,
  },
  { path: paths.billingRefund, activeMenu: paths.billingCashier, screen: async () => (await billing()).RefundPage },
  {
    path: paths.billingRefundApproval,
    menu: paths.billingRefundApproval,
    screen: async () => (await billing()).RefundApprovalPage,
  },
  { path: paths.billingShifts, menu: paths.billingShifts, screen: async () => (await billing()).ShiftsPage },
  {
    path: paths.billingDailyReport,
    menu: paths.billingDailyReport,
    screen: async () => (await billing()).DailyReportPage,
  },
];
