import { Alert, App, Button, Card, Descriptions, Space, Tag, Typography } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { RecordSignature, SignatureState } from '@rehab/shared';
import { showApiError } from '../lib/form-errors';

const STATE_COLOR: Record<SignatureState, string> = { valid: 'green', modified: 'red', invalid: 'red' };

/**
 * The electronic signature of a signed record (issue 19: assessment reports, refund decisions, meeting reports): its
 * state as the server verifies it now (valid / modified since signing), who signed with which certificate and when,
 * and the sign button where the organization has CA on and the caller may sign it (a valid certificate, and the
 * record's own signer: the decider, the host). Without CA: the spec's "not activated" message.
 */
export function RecordSignatureCard({
  data,
  onSign,
  signing,
  mayAct = true,
  signButtonTestId = 'record-sign',
  testId = 'record-signature',
}: {
  data: RecordSignature | undefined;
  onSign: () => Promise<unknown>;
  signing: boolean;
  /** the caller holds the permission the sign call asks */
  mayAct?: boolean;
  signButtonTestId?: string;
  testId?: string;
}) {
  const { t } = useTranslation('signatures');
  const { message } = App.useApp();
  if (!data) return null;
  const sig = data.signature;
  const sign = async () => {
    try {
      await onSign();
      message.success(t('record.signed'));
    } catch (error) {
      showApiError(error, t('record.failed'), message.error);
    }
  };
  return (
    <Card
      size="small"
      title={
        <Space>
          <SafetyCertificateOutlined />
          {t('record.title')}
          {sig ? (
            <Tag color={STATE_COLOR[sig.state]} data-testid={`signature-state-${sig.state}`}>
              {t(`record.state.${sig.state}`)}
            </Tag>
          ) : (
            <Tag data-testid="signature-state-none">{t('record.none')}</Tag>
          )}
        </Space>
      }
      extra={
        data.canSign && mayAct ? (
          <Button type="primary" size="small" loading={signing} onClick={sign} data-testid={signButtonTestId}>
            {sig ? t('record.signAgain') : t('record.sign')}
          </Button>
        ) : null
      }
      style={{ marginBottom: 12 }}
      data-testid={testId}
    >
      {!data.caIntegration && <Alert type="info" showIcon title={t('record.caOff')} />}
      {data.caIntegration && !data.canSign && !sig && <Alert type="info" showIcon title={t('record.noCert')} />}
      {sig && (
        <Descriptions size="small" column={{ xs: 1, md: 2 }}>
          <Descriptions.Item label={t('record.signer')}>{sig.signerName}</Descriptions.Item>
          <Descriptions.Item label={t('record.signedAt')}>
            {dayjs(sig.signedAt).format('YYYY-MM-DD HH:mm:ss')}
          </Descriptions.Item>
          <Descriptions.Item label={t('record.cert')}>{sig.certSerial ?? t('record.pad')}</Descriptions.Item>
          <Descriptions.Item label={t('record.hash')}>
            <Typography.Text copyable={{ text: sig.hash }} style={{ fontFamily: 'monospace', fontSize: 12 }}>
              {sig.hash.slice(0, 16)}…
            </Typography.Text>
          </Descriptions.Item>
          {sig.superseded > 0 && (
            <Descriptions.Item label="" span={2}>
              <Typography.Text type="secondary">{t('record.superseded', { n: sig.superseded })}</Typography.Text>
            </Descriptions.Item>
          )}
        </Descriptions>
      )}
    </Card>
  );
}
