import { defineModule } from '../../kernel/module';
import * as tables from './qr-login.tables';
import { qrLoginRoutes } from './qr-login.routes';

/**
 * QR collaborative login (扫码协同登录, issue 19): login requests bound to the asking browser, confirmed on a signed-in
 * phone where the organization has CA integration on, exchanged once for a session; and the user's treatment places.
 */
export const qrLoginModule = defineModule({
  name: 'qr-login',
  dependsOn: ['master-data', 'organizations', 'users', 'auth', 'logs'],
  tables,
  routes: qrLoginRoutes,
});
