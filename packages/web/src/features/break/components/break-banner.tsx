import { useState } from 'react';
import { Alert } from 'antd';
import { breakEndpoints } from '@rehab/shared';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../lib/locale';
import { useEndpointQuery } from '../../../lib/endpoints';
import { CURRENT_BREAK_REFRESH_MS } from '../api/current';
import { breakNoticeText } from '../notice-text';

/**
 * The maintenance banner of the signed-in shell: the window in progress or the next within 24 hours, asked for when
 * the shell loads and every minute. Closing it hides that window's notice until it changes state (starts) or the
 * page reloads; sessions are not ended by a window, so the banner is how signed-in users learn of it.
 */
export function BreakBanner() {
  const { t } = useTranslation('break');
  const locale = currentLocale();
  const current = useEndpointQuery(
    breakEndpoints.current,
    {},
    {
      keySuffix: [locale],
      select: (r) => r.data,
      refetchInterval: CURRENT_BREAK_REFRESH_MS,
      refetchOnWindowFocus: true,
    },
  );
  const [closed, setClosed] = useState<string | null>(null);
  const data = current.data;
  if (!data) return null;
  const key = `${data.id}:${data.state}:${data.startsAt}:${data.endsAt}`;
  if (closed === key) return null;
  const text = breakNoticeText(t, data);
  return (
    <Alert
      className="shell-break-banner"
      banner
      showIcon
      type={data.state === 'active' ? 'error' : 'warning'}
      closable={{ onClose: () => setClosed(key), 'aria-label': t('notice.close') }}
      data-testid="shell-break-banner"
      data-state={data.state}
      title={
        <span>
          <strong>{text.title}</strong> {text.lines.join(' ')} {text.signIn}
        </span>
      }
    />
  );
}
