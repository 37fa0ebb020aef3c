import { endpoints, type ResetPasswordInput } from '@rehab/shared';
import { callEndpoint } from '../../../lib/endpoints';
import { codeTarget } from './login';

export const sendResetCode = (address: string) =>
  callEndpoint(endpoints.auth.sendResetCode, { body: codeTarget(address) });

export const resetPassword = (input: ResetPasswordInput) =>
  callEndpoint(endpoints.auth.resetPassword, {
    body: {
      ...input,
      address: input.address.trim(),
      verificationCode: input.verificationCode.trim(),
    },
  });
