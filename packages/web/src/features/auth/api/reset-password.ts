import { authEndpoints, type ResetPasswordInput } from '@rehab/shared';
import { callEndpoint } from '../../../lib/endpoints';
import { codeTarget } from './login';

export const sendResetCode = (address: string) =>
  callEndpoint(authEndpoints.sendResetCode, { body: codeTarget(address) });

export const resetPassword = (input: ResetPasswordInput) =>
  callEndpoint(authEndpoints.resetPassword, {
    body: {
      ...input,
      address: input.address.trim(),
      verificationCode: input.verificationCode.trim(),
    },
  });
