import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordInput } from '@rehab/shared';
import { api } from '../../../lib/api';
import { session } from '../../../lib/session';

/**
 * POST /sys/user/password. The server ends the user's other sessions; this one goes on. A changed password is no
 * longer the default one, so the "password at risk" warning goes away.
 */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => api.post('/sys/user/password', input),
    onSuccess: () => session.update({ passwordAtRisk: false }),
  });
}
