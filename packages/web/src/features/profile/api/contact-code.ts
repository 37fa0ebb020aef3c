import type { CheckCodeInput, SendCodeInput } from '@rehab/shared';
import { api } from '../../../lib/api';

/** POST /sys/user/sendVerificationCode: a code to a new phone number (type 2) or e-mail address (type 1). */
export const sendContactCode = (input: SendCodeInput) => api.post('/sys/user/sendVerificationCode', input);

/** POST /sys/user/checkVerificationCode: whether the code typed for the new address is right (not used up). */
export const checkContactCode = (input: CheckCodeInput) => api.post('/sys/user/checkVerificationCode', input);
