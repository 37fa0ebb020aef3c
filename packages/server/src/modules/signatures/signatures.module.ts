import { defineModule } from '../../kernel/module';
import * as tables from './signatures.tables';
import { signatureMenus } from './signatures.menus';
import { signatureRoutes } from './signatures.routes';
import { certificateExpiryJob } from './signatures.jobs';

/**
 * Electronic signatures (电子签名, issue 19 part B): the organization's CA provider behind an adapter interface (the
 * test vendor signs with ECDSA P-256), its members' certificates with an expiry reminder, the one signing service
 * every signed record uses (index.ts: signRecord, recordSignature) and the signature log.
 */
export const signaturesModule = defineModule({
  name: 'signatures',
  dependsOn: ['organizations', 'roles', 'users', 'messages'],
  tables,
  routes: signatureRoutes,
  menus: signatureMenus(),
  jobs: [certificateExpiryJob],
});
