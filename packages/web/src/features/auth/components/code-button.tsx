import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { useCodeCountdown } from '../../../lib/code-countdown';
import { Button } from './controls';

type Props = {
  /** checks the address and sends the code; rejects to leave the button ready */
  onSend: () => Promise<unknown>;
  disabled?: boolean;
};

/**
 * The get-code button: can get a code -> counting down 60 s -> can resend (spec section 4). A send in progress
 * cannot be repeated. When the server says the address is still cooling down and how long, the countdown
 * follows it. A plain button (no Ant Design): the login page shares it.
 */
export function CodeButton({ onSend, disabled }: Props) {
  const { t } = useTranslation('auth');
  const { state, remaining, start } = useCodeCountdown();
  const [sending, setSending] = useState(false);

  const handleClick = async () => {
    setSending(true);
    try {
      await onSend();
      start();
    } catch (err) {
      const seconds = err instanceof ApiError ? Number(err.body.seconds) : NaN;
      if (Number.isFinite(seconds) && seconds > 0) start(seconds);
    } finally {
      setSending(false);
    }
  };

  return (
    <Button
      onClick={handleClick}
      loading={sending}
      disabled={disabled || state === 'counting'}
      style={{ minWidth: 128 }}
    >
      {state === 'counting'
        ? t('code.countdown', { seconds: remaining })
        : state === 'resend'
          ? t('code.resend')
          : t('code.get')}
    </Button>
  );
}
