import { paths } from '../../lib/paths';
import type { ScreenRoute } from './screen-route';

/** The login page, plain React: everyone's first download. It shows the break feature's maintenance notice. */
export const loginRoute: ScreenRoute = {
  path: paths.login,
  screen: async () => {
    const [{ LoginPage }, { LoginBreakNotice }] = await Promise.all([
      import('../../features/auth/login-page'),
      import('../../features/break/components/login-break-notice'),
    ]);
    return function Login() {
      return <LoginPage notice={<LoginBreakNotice />} />;
    };
  },
};

/** The password reset (Ant Design, no session needed). */
export const resetPasswordRoute: ScreenRoute = {
  path: paths.userReset,
  screen: async () => (await import('../../features/auth/reset-password-page')).ResetPasswordPage,
};

/** Any other path inside the shell. */
export const notFoundRoute: ScreenRoute = {
  path: '*',
  screen: async () => (await import('../not-found-page')).NotFoundPage,
};
