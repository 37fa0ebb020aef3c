import { defineModule } from '../../kernel/module';
import { authRoutes } from './auth.routes';
import { sessionCleanup, verificationCodeCleanup } from './auth.jobs';

/** Sign-in (password, verification code, hospital-system entry), sessions and their clean-ups. */
export const authModule = defineModule({
  name: 'auth',
  dependsOn: ['break', 'menus', 'users', 'organizations'],
  routes: authRoutes,
  jobs: [sessionCleanup, verificationCodeCleanup],
});
