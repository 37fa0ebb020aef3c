import { usersEndpoints, type CheckCodeInput, type SendCodeInput } from '@rehab/shared';
import { callEndpoint } from '../../../lib/endpoints';

/** A code to a new phone number (type 2) or e-mail address (type 1) of one's own account. */
export const sendContactCode = (input: SendCodeInput) =>
  callEndpoint(usersEndpoints.sendVerificationCode, { body: input });

/** Whether the code typed for the new address is right (not used up). */
export const checkContactCode = (input: CheckCodeInput) =>
  callEndpoint(usersEndpoints.checkVerificationCode, { body: input });
