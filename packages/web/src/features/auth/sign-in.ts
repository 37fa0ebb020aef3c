import { mustChooseOrganization, organizationsEndpoints } from '@rehab/shared';
import { callEndpoint } from '../../lib/endpoints';
import { loadMenu } from '../../lib/menu';
import { session } from '../../lib/session';
import { landingPath } from '../../lib/landing';
import { paths } from '../../lib/paths';
import type { LoginResponse } from './api/login';

const noOrganization = {
  organization: null,
  office: null,
  offices: [],
  menuList: [],
  permissions: [],
  caIntegration: false,
};

/**
 * What follows a successful login (spec section 4, Sign-in flow): keep the credentials, then resolve the
 * organization. Roles 1 and 19 always choose at checkout; others restore the last organization and department
 * and go in directly, or go to checkout when there is none, a department must be chosen, or anything fails.
 * Returns where to go next.
 */
export async function completeSignIn(res: LoginResponse): Promise<string> {
  // a previous session's organization, menus and cached data belong to the previous account (the cache is loaded
  // with the signed-in screens, not with this page)
  (await import('../../lib/query-client')).queryClient.clear();
  session.update({
    ...noOrganization,
    token: res.token,
    user: res.user,
    roleIdList: res.user.roleIdList,
    passwordAtRisk: res.passwordAtRisk,
    isFirst: true,
  });
  if (mustChooseOrganization(res.user.roleIdList)) return paths.checkout;
  try {
    const { data: last } = await callEndpoint(organizationsEndpoints.lastLogin);
    if (!last.defaultChoose || !last.childOrganization || last.needSelectOffice) return paths.checkout;
    const { data } = await callEndpoint(organizationsEndpoints.choose, {
      query: { id: last.childOrganization.id, officeId: last.office?.id },
    });
    if (data.needSelectOffice) return paths.checkout;
    session.update({
      organization: data.organization,
      office: data.office,
      offices: data.offices,
      roleIdList: data.roleIdList,
      caIntegration: data.caIntegration,
    });
    await loadMenu();
  } catch {
    if (!session.get().token) return paths.login;
    session.update(noOrganization);
    return paths.checkout;
  }
  // the page a forced sign-out left, or a remembered link (lib/session-end.ts; the checkout takes it when it is
  // next), else the account's only screen (spec section 4, step 3), else home
  return landingPath();
}
