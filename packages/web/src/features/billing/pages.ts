/** The screens of outpatient billing, one download for the till's screens. */
export { CashierPage } from './cashier-page';
export { DailyReportPage } from './daily-report-page';
export { PaymentPage } from './payment-page';
export { RefundApprovalPage } from './refund-approval-page';
export { RefundPage } from './refund-page';
export { ShiftsPage } from './shifts-page';
