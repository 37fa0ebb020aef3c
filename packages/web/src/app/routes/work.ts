import { paths } from '../../lib/paths';
import type { ScreenRoute } from './screen-route';

const workOrders = async () => import('../../features/work-orders/pages');

/** Work orders, signatures and workload. */
export const workRoutes: ScreenRoute[] = [
  { path: paths.orderMy, menu: paths.orderMy, screen: async () => (await workOrders()).MyOrdersPage },
  {
    path: paths.orderDetail,
    menu: paths.orderMy,
    activeMenu: paths.orderMy,
    screen: async () => (await import('../../features/work-orders/order-detail-page')).OrderDetailPage,
  },
  { path: paths.orderPatient, menu: paths.orderPatient, screen: async () => (await workOrders()).PatientOrdersPage },
  { path: paths.orderExpired, menu: paths.orderExpired, screen: async () => (await workOrders()).ExpiredOrdersPage },
  { path: paths.orderCheck, menu: paths.orderCheck, screen: async () => (await workOrders()).CheckInPage },
  { path: paths.signatureList, menu: paths.signatureList, screen: async () => (await workOrders()).SignatureListPage },
  {
    path: paths.signatureGoSign,
    menu: paths.signatureList,
    activeMenu: paths.signatureList,
    screen: async () => (await workOrders()).GoSignPage,
  },
  {
    path: paths.signatureLog,
    menu: paths.signatureLog,
    screen: async () => (await import('../../features/signatures/signature-log-page')).SignatureLogPage,
  },
  {
    path: paths.workplace,
    menu: paths.workplace,
    screen: async () => (await import('../../features/workload/workplace-page')).WorkplacePage,
  },
  {
    path: paths.dailyWorkload,
    menu: paths.dailyWorkload,
    screen: async () => (await import('../../features/workload/daily-workload-page')).DailyWorkloadPage,
  },
  {
    path: paths.visualWorking,
    menu: paths.visualWorking,
    screen: async () => (await import('../../features/workload/visual-working-page')).VisualWorkingPage,
  },
  {
    path: paths.manageTherapist,
    menu: paths.manageTherapist,
    screen: async () => (await import('../../features/workload/therapist-page')).TherapistPage,
  },
];
