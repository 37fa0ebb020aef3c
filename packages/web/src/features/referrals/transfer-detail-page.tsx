import { Alert, Button, Card, Descriptions, Result, Space, Spin, Tag, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ReferralDetail, TransferOutcome } from '@rehab/shared';
import { href, paths } from '../../lib/paths';
import { useReferral } from './api';
import { ReferralStatusTag, when } from './common';
import { ReferralBody, StepButtons } from './detail-drawer';
import { TransferProjectsTable, UnmappedAlert } from './transfer-preview';

/**
 * One transfer of treatment (/transferTreatment/treatmentDetail?id=…): where it goes and why, the materials, its
 * steps and buttons, and once accepted what moved (the new course, the projects with their sessions, the sending
 * side's orders invalidated, what the receiving side had no counterpart of). The server decides who sees it.
 */
export function TransferDetailPage() {
  const { t } = useTranslation('referrals');
  const [params] = useSearchParams();
  const id = Number(params.get('id') ?? 0);
  const query = useReferral(id);
  const back = (
    <Link to={paths.transferList}>
      <Button icon={<ArrowLeftOutlined />}>{t('transfer.back')}</Button>
    </Link>
  );
  if (query.isPending && id > 0) return <Spin style={{ margin: 48 }} />;
  const r = query.data;
  if (!r || r.kind !== 'transfer')
    return (
      <Result
        status="404"
        title={query.error?.message || t('notFound')}
        extra={back}
        data-testid="referral-not-found"
      />
    );
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }} data-testid="transfer-detail">
      <Space style={{ justifyContent: 'space-between', width: '100%' }} wrap>
        <Space wrap>
          {back}
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('transfer.detail.title', { id: r.id })}
          </Typography.Title>
          <ReferralStatusTag status={r.status} />
          <Tag>{t(`side.${r.side}`)}</Tag>
        </Space>
        <StepButtons r={r} />
      </Space>
      <Card>
        <ReferralBody r={r}>
          {r.transfer ? (
            <Outcome r={r} o={r.transfer} />
          ) : (
            <Alert type="info" showIcon title={t('transfer.pending')} data-testid="transfer-pending" />
          )}
        </ReferralBody>
      </Card>
    </div>
  );
}

/** What the acceptance moved: kept on the transfer, so the sending side reads it for good. */
function Outcome({ r, o }: { r: ReferralDetail; o: TransferOutcome }) {
  const { t } = useTranslation('referrals');
  const course =
    r.side === 'receiver' ? (
      <Link
        to={href(paths.patientDetail, {
          id: o.patientId,
          treatmentId: o.treatmentId,
          showChineseDiagnosis: 0,
          associationFingerprint: 0,
        })}
        data-testid="transfer-course-link"
      >
        {t('transfer.openCourse')}
      </Link>
    ) : (
      t('transfer.courseAt', { name: r.toOrganization.name })
    );
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="transfer-outcome">
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('transfer.outcome')}
      </Typography.Title>
      <Descriptions column={2} size="small" bordered>
        <Descriptions.Item label={t('transfer.movedAt')}>{when(o.at)}</Descriptions.Item>
        <Descriptions.Item label={t('transfer.newCourse')}>{course}</Descriptions.Item>
        <Descriptions.Item label={t('transfer.invalidated')}>
          <span data-testid="transfer-invalidated">{o.invalidatedOrders}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('transfer.assessments')}>{o.assessments}</Descriptions.Item>
      </Descriptions>
      <TransferProjectsTable projects={o.projects} testId="transfer-projects" />
      <UnmappedAlert unmapped={o.unmapped} testId="transfer-unmapped" />
    </Space>
  );
}
