import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PersonalInfoInput } from '@rehab/shared';
import { api } from '../../../lib/api';
import { session } from '../../../lib/session';

/** PUT /sys/user/updatePersonalInfo; the session and the cached user info follow what was saved. */
export function useUpdatePersonalInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; email: string; keepLogin: boolean }) =>
      api.put('/sys/user/updatePersonalInfo', {
        name: input.name.trim(),
        email: input.email.trim(),
        keepLogin: input.keepLogin ? 1 : 0,
      } satisfies PersonalInfoInput),
    onSuccess: async (_res, input) => {
      const user = session.get().user;
      if (user) {
        session.update({
          user: { ...user, name: input.name.trim(), email: input.email.trim() || null, keepLogin: input.keepLogin },
        });
      }
      await queryClient.invalidateQueries({ queryKey: ['user-info'] });
    },
  });
}
