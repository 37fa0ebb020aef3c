import { Alert, App, Button, Card, Descriptions, Space, Tag, Typography } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { AssessPerm, type SignatureState } from '@rehab/shared';
import { showApiError } from '../../lib/form-errors';
import { usePermission } from '../../lib/session';
import { useReportSignature, useSignReport } from './api';

const STATE_COLOR: Record<SignatureState, string> = { valid: 'green', modified: 'red', invalid: 'red' };

/**
 * The electronic signature of a submitted report (issue 19): its state as the server verifies it now (valid /
 * modified since signing), who signed with which certificate and when, and the sign button where the organization
 * has CA on and the caller holds a valid certificate. Without CA: the spec's "not activated" message.
 */
export function ReportSignatureCard({ id }: { id: number }) {
  const { t } = useTranslation('assessments');
  const { message } = App.useApp();
  const can = usePermission();
  const state = useReportSignature(id, true);
  const sign = useSignReport();
  const data = state.data;
  if (!data) return null;
  const sig = data.signature;
  const onSign = async () => {
    try {
      await sign.mutateAsync(id);
      message.success(t('signature.signed'));
    } catch (error) {
      showApiError(error, t('signature.failed'), message.error);
    }
  };
  return (
    <Card
      size="small"
      title={
        <Space>
          <SafetyCertificateOutlined />
          {t('signature.title')}
          {sig ? (
            <Tag color={STATE_COLOR[sig.state]} data-testid={`signature-state-${sig.state}`}>
              {t(`signature.state.${sig.state}`)}
            </Tag>
          ) : (
            <Tag data-testid="signature-state-none">{t('signature.none')}</Tag>
          )}
        </Space>
      }
      extra={
        data.canSign && can(AssessPerm.evaluate) ? (
          <Button type="primary" size="small" loading={sign.isPending} onClick={onSign} data-testid="report-sign">
            {sig ? t('signature.signAgain') : t('signature.sign')}
          </Button>
        ) : null
      }
      style={{ marginBottom: 12 }}
      data-testid="report-signature"
    >
      {!data.caIntegration && <Alert type="info" showIcon title={t('signature.caOff')} />}
      {data.caIntegration && !data.canSign && !sig && <Alert type="info" showIcon title={t('signature.noCert')} />}
      {sig && (
        <Descriptions size="small" column={{ xs: 1, md: 2 }}>
          <Descriptions.Item label={t('signature.signer')}>{sig.signerName}</Descriptions.Item>
          <Descriptions.Item label={t('signature.signedAt')}>
            {dayjs(sig.signedAt).format('YYYY-MM-DD HH:mm:ss')}
          </Descriptions.Item>
          <Descriptions.Item label={t('signature.cert')}>{sig.certSerial ?? t('signature.pad')}</Descriptions.Item>
          <Descriptions.Item label={t('signature.hash')}>
            <Typography.Text copyable={{ text: sig.hash }} style={{ fontFamily: 'monospace', fontSize: 12 }}>
              {sig.hash.slice(0, 16)}…
            </Typography.Text>
          </Descriptions.Item>
          {sig.superseded > 0 && (
            <Descriptions.Item label="" span={2}>
              <Typography.Text type="secondary">{t('signature.superseded', { n: sig.superseded })}</Typography.Text>
            </Descriptions.Item>
          )}
        </Descriptions>
      )}
    </Card>
  );
}
