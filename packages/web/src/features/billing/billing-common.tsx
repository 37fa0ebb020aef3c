import type { ReactNode } from 'react';
import { Button, Space, Tag, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { EndpointResponse, billingEndpoints } from '@rehab/shared';

type BillingStatus = EndpointResponse<typeof billingEndpoints.status>['data'];

/** The head of a billing screen: back (to where it was opened from), title, the patient, what belongs on the right. */
export function BillingHeader({
  title,
  patient,
  back = false,
  extra,
}: {
  title: ReactNode;
  patient?: { name: string; phone: string | null };
  back?: boolean;
  extra?: ReactNode;
}) {
  const { t } = useTranslation('billing');
  const navigate = useNavigate();
  return (
    <div className="billing-head">
      <Space wrap>
        {back && (
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)} data-testid="billing-back">
            {t('back')}
          </Button>
        )}
        <Typography.Title level={4} className="billing-title">
          {title}
        </Typography.Title>
        {patient && (
          <Typography.Text strong data-testid="billing-patient">
            {patient.name}
            {patient.phone ? ` · ${patient.phone}` : ''}
          </Typography.Text>
        )}
      </Space>
      {extra}
    </div>
  );
}

/** The e-receipt and payment terminal adapters as they are: none ships, so "not configured" unless one is set up. */
export function AdaptersNote({ status }: { status: BillingStatus | undefined }) {
  const { t } = useTranslation('billing');
  if (!status) return null;
  return (
    <Space size={4} wrap data-testid="billing-adapters">
      <Tag color={status.eReceiptAdapter ? 'success' : 'default'}>
        {t('adapters.eReceipt', { state: status.eReceiptAdapter ?? t('adapters.none') })}
      </Tag>
      <Tag color={status.paymentTerminalAdapter ? 'success' : 'default'}>
        {t('adapters.terminal', { state: status.paymentTerminalAdapter ?? t('adapters.none') })}
      </Tag>
    </Space>
  );
}
