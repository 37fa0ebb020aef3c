import type { ResetPasswordInput } from '@rehab/shared';
import { api } from '../../../lib/api';
import { codeTarget } from './login';

export const sendResetCode = (address: string) => api.post('/sys/sendResetPasswordCode', codeTarget(address));

export const resetPassword = (input: ResetPasswordInput) =>
  api.post('/sys/resetPassword', {
    ...input,
    address: input.address.trim(),
    verificationCode: input.verificationCode.trim(),
  });
