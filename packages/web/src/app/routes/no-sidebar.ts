import { paths } from '../../lib/paths';
import type { ScreenRoute } from './screen-route';

/**
 * Signed-in screens without the shell: organization checkout, the schedule view, the hospital-system entries (the
 * schedule view's and the treatment record frame) and the phone's QR login confirmation.
 */
export const noSidebarRoutes: ScreenRoute[] = [
  {
    path: paths.checkout,
    screen: async () => (await import('../../features/organization/checkout-page')).CheckoutPage,
  },
  {
    path: paths.schedulingView,
    // the day's cards are asked for while the page's code downloads (it must paint within 1 s); only on entry: the
    // page asks for what its filters and mode switch want
    loader: async ({ params, request }) => {
      (await import('../../features/scheduling/view-prefetch')).prefetchScheduleView(
        Boolean(params.master),
        new URL(request.url).searchParams.get('date'),
      );
      return null;
    },
    shouldRevalidate: () => false,
    screen: async () => (await import('../../features/scheduling/scheduling-view-page')).SchedulingViewPage,
  },
  {
    path: paths.bigScreen,
    screen: async () => (await import('../../features/big-screen/big-screen-page')).BigScreenPage,
  },
  {
    path: paths.screen,
    screen: async () => (await import('../../features/big-screen/big-screen-page')).BigScreenPage,
  },
  {
    path: paths.hisSchedulingView,
    screen: async () => (await import('../../features/scheduling/his-service-page')).HisServicePage,
  },
  {
    // the patient's treatment record inside the hospital system's page (issue 20)
    path: paths.treatmentIframe,
    screen: async () => (await import('../../features/work-orders/treatment-record-page')).TreatmentRecordPage,
  },
  {
    // the phone's confirmation of a QR collaborative login (issue 19), phone-sized
    path: paths.qrConfirm,
    screen: async () => (await import('../../features/qr-login/qr-confirm-page')).QrConfirmPage,
  },
];

/** The /gauge group: no sidebar, but bound to the assessments menu (spec section 2). */
export const noSidebarMenuRoutes: ScreenRoute[] = [
  {
    path: paths.gauge,
    menu: paths.recoveryMenu,
    screen: async () => (await import('../../features/assessments/gauge-page')).GaugePage,
  },
];
