import { usersEndpoints } from '@rehab/shared';
import { useEndpointMutation } from '../../../lib/endpoints';
import { session } from '../../../lib/session';

/**
 * Change of one's own password. The server ends the user's other sessions; this one goes on. A changed password is
 * no longer the default one, so the "password at risk" warning goes away.
 */
export function useChangePassword() {
  return useEndpointMutation(usersEndpoints.changePassword, {
    onSuccess: () => session.update({ passwordAtRisk: false }),
  });
}
