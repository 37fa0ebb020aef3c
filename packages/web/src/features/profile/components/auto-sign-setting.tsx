import { Alert, App, Button, Card, Space, Typography } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { signaturesEndpoints } from '@rehab/shared';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/endpoints';
import { showApiError } from '../../../lib/form-errors';
import { useCaOn } from '../../../lib/session';

/**
 * Authorized auto-sign (issue 19): where the organization has CA on and allows it, one confirmation (the
 * authorization signed with one's certificate) lets the reports one submits be signed for one for the organization's
 * hours; it can be ended at any time. Shown only with CA on.
 */
export function AutoSignSetting() {
  const caOn = useCaOn();
  if (!caOn) return null;
  return <AutoSignCard />;
}

function AutoSignCard() {
  const { t } = useTranslation('signatures');
  const { message } = App.useApp();
  const state = useEndpointQuery(signaturesEndpoints.autoSign, {}, { select: (r) => r.data });
  const grant = useEndpointMutation(signaturesEndpoints.autoSignGrant, { invalidates: [signaturesEndpoints.autoSign] });
  const revoke = useEndpointMutation(signaturesEndpoints.autoSignRevoke, {
    invalidates: [signaturesEndpoints.autoSign],
  });
  const data = state.data;
  if (!data) return null;
  const run = async (action: 'grant' | 'revoke') => {
    try {
      await (action === 'grant' ? grant : revoke).mutateAsync({} as never);
      message.success(t(action === 'grant' ? 'autoSign.granted' : 'autoSign.revoked'));
    } catch (error) {
      showApiError(error, t('autoSign.failed'), message.error);
    }
  };
  return (
    <Card
      size="small"
      title={
        <Space>
          <SafetyCertificateOutlined />
          {t('autoSign.title')}
        </Space>
      }
      style={{ maxWidth: 560 }}
      data-testid="auto-sign"
    >
      {data.hours === 0 ? (
        <Alert type="info" showIcon title={t('autoSign.off')} />
      ) : data.activeUntil ? (
        <Space orientation="vertical">
          <Typography.Text data-testid="auto-sign-until">
            {t('autoSign.activeUntil', { time: dayjs(data.activeUntil).format('YYYY-MM-DD HH:mm') })}
          </Typography.Text>
          <Button onClick={() => void run('revoke')} loading={revoke.isPending} data-testid="auto-sign-revoke">
            {t('autoSign.revoke')}
          </Button>
        </Space>
      ) : (
        <Space orientation="vertical">
          <Typography.Text type="secondary">{t('autoSign.hint', { hours: data.hours })}</Typography.Text>
          {data.canGrant ? (
            <Button
              type="primary"
              onClick={() => void run('grant')}
              loading={grant.isPending}
              data-testid="auto-sign-grant"
            >
              {t('autoSign.grant', { hours: data.hours })}
            </Button>
          ) : (
            <Alert type="info" showIcon title={t('record.noCert')} />
          )}
        </Space>
      )}
    </Card>
  );
}
