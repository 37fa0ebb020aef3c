import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersEndpoints, type PersonalInfoInput } from '@rehab/shared';
import { callEndpoint, endpointKey } from '../../../lib/endpoints';
import { session } from '../../../lib/session';

export type PersonalInfoValues = {
  name: string;
  phone: string;
  email: string;
  keepLogin: boolean;
  phoneCode?: string;
  emailCode?: string;
};

/** Saves one's own details (a changed phone or e-mail with the code sent to it); the session and the cached user info follow what was saved. */
export function useUpdatePersonalInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PersonalInfoValues) =>
      callEndpoint(usersEndpoints.updatePersonalInfo, {
        body: {
          name: input.name.trim(),
          phone: input.phone.trim(),
          email: input.email.trim(),
          keepLogin: input.keepLogin ? 1 : 0,
          ...(input.phoneCode ? { phoneCode: input.phoneCode.trim() } : {}),
          ...(input.emailCode ? { emailCode: input.emailCode.trim() } : {}),
        } satisfies PersonalInfoInput,
      }),
    onSuccess: async (_res, input) => {
      const user = session.get().user;
      if (user) {
        session.update({
          user: {
            ...user,
            name: input.name.trim(),
            phone: input.phone.trim(),
            email: input.email.trim() || null,
            keepLogin: input.keepLogin,
          },
        });
      }
      await queryClient.invalidateQueries({ queryKey: endpointKey(usersEndpoints.info) });
    },
  });
}
