import { paths } from '../../lib/paths';
import type { ScreenRoute } from './screen-route';

const referrals = async () => import('../../features/referrals/pages');

/**
 * Referral of a patient (issue 17): the list under the patients' menu; one referral opens in its drawer. Transfer of
 * treatment: its list, and one transfer on its own screen (under the list's menu).
 */
export const referralRoutes: ScreenRoute[] = [
  {
    path: paths.patientReferral,
    menu: paths.patientReferral,
    screen: async () => (await referrals()).ReferralListPage,
  },
  {
    path: paths.transferList,
    menu: paths.transferList,
    screen: async () => (await referrals()).TransferListPage,
  },
  {
    path: paths.transferDetail,
    menu: paths.transferList,
    activeMenu: paths.transferList,
    screen: async () => (await referrals()).TransferDetailPage,
  },
];
