import { useEffect, useState } from 'react';
import { Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { schedulingEndpoints } from '@rehab/shared';
import { ApiError } from '../../lib/api';
import { callEndpoint } from '../../lib/endpoints';
import { session } from '../../lib/session';
import { storeHisToken } from './his-token';
import { href, paths } from '../../lib/paths';

/**
 * The hospital-system entry (/hisService/schedulingView): exchanges the user id of the query (`id`, signed by the
 * hospital system with `ts` and `sign`) for a token through POST /sys/ssoLogin (loginSystem=1), stores it (session,
 * local storage and the `token` cookie) and opens the schedule view embedded (`his=true`).
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
    callEndpoint(schedulingEndpoints.ssoLogin, {
      body: {
        loginSystem: 1,
        userId,
        ts: search.get('ts') ?? undefined,
        sign: search.get('sign') ?? undefined,
      },
    })
      .then((res) => {
        if (cancelled) return;
        storeHisToken(res.token);
        session.update({
          token: res.token,
          organization: res.data.organization,
          office: res.data.office,
          offices: res.data.office ? [res.data.office] : [],
          roleIdList: res.user.roleIdList,
        });
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
