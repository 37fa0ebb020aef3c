import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';
import { authEndpoints, type CaptchaChallenge } from '@rehab/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { callEndpoint } from '../../lib/endpoints';

export type CaptchaState =
  { status: 'off' } | { status: 'solving' } | { status: 'ready'; payload: string } | { status: 'failed' };

/** The form's answer to a challenge: base64 JSON of the challenge and its solution (captcha.service on the server). */
const payloadOf = (challenge: CaptchaChallenge, solution: object) => btoa(JSON.stringify({ challenge, solution }));

/**
 * The sign-in security check (issue 22): off until the server asks for it (a refused sign-in carrying
 * `captcha: true`); then it fetches a challenge and solves it in the page (SHA-256 tries, a second or two), ready to
 * go with the next sign-in. A solution is good once: after each sign-in that carried one, `renew` solves a new one.
 */
export function useCaptcha() {
  const [state, setState] = useState<CaptchaState>({ status: 'off' });
  const run = useRef(0);
  const solve = useCallback(async () => {
    const mine = ++run.current;
    setState({ status: 'solving' });
    try {
      const answer = await callEndpoint(authEndpoints.captchaChallenge);
      const challenge: CaptchaChallenge = { parameters: answer.parameters, signature: answer.signature };
      const solution = await solveChallenge({ challenge, deriveKey });
      if (mine !== run.current) return;
      setState(solution ? { status: 'ready', payload: payloadOf(challenge, solution) } : { status: 'failed' });
    } catch {
      if (mine === run.current) setState({ status: 'failed' });
    }
  }, []);
  // a page left while solving stops caring about the answer
  useEffect(
    () => () => {
      run.current++;
    },
    [],
  );
  return {
    state,
    /** the payload to send with the sign-in, when one is ready */
    payload: state.status === 'ready' ? state.payload : undefined,
    /** the server asked for the check (again): solve a fresh challenge */
    renew: () => void solve(),
    /** whether the check is on for this form */
    on: state.status !== 'off',
  };
}
