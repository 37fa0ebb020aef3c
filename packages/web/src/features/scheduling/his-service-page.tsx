import { useEffect, useState } from 'react';
import { Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api';
import { signInFromHis } from '../../lib/his-token';
import { href, paths } from '../../lib/paths';

/**
 * The hospital-system entry (/hisService/schedulingView): exchanges the user id of the query (`id`, signed by the
 * hospital system with `ts` and `sign`) for a token (`signInFromHis`) and opens the schedule view embedded (`his=true`).
 */
export function HisServicePage() {
  const { t } = useTranslation('scheduling');
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const userId = Number(search.get('id') ?? search.get('userId'));

  useEffect(() => {
    if (!userId) return;
    let cancelled = false;
    signInFromHis({ userId, ts: search.get('ts') ?? undefined, sign: search.get('sign') ?? undefined })
      .then(() => {
        if (cancelled) return;
        void navigate(href(paths.schedulingView, { master: 'master' }, { his: true, id: userId }), { replace: true });
      })
      .catch((e: unknown) => {
        if (!cancelled) setError(e instanceof ApiError ? e.message : t('his.failed'));
      });
    return () => {
      cancelled = true;
    };
  }, [userId, search, navigate, t]);

  if (!userId || error) {
    return (
      <div data-testid="his-error">
        <Result status="403" title={t('his.title')} subTitle={error ?? t('his.noUser')} />
      </div>
    );
  }
  return (
    <div style={{ display: 'flex', justifyContent: 'center', padding: 96 }}>
      <Spin tip={t('his.signingIn')}>
        <div style={{ width: 200, height: 80 }} />
      </Spin>
    </div>
  );
}
