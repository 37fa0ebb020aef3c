import { useState } from 'react';
import { App, Button, Card, Descriptions, Result, Skeleton, Space, Typography } from 'antd';
import { KeyboardPopconfirm } from '../../components/keyboard-popconfirm';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { AssessProjectRow } from '@rehab/shared';
import { useAssessInfo, useCancelAssessment, useEndAssessment } from './api';
import { assessPaths } from './assess-paths';
import { AuthorizeModal, TIME } from './assess-table';
import { AttachmentsCard } from './attachments-card';
import { AssessStatusTag, BandText } from './status-tag';
import './assessments.css';

/** /recovery/project/:projectId/:isForceShow?: one assessment project, what can be done with it, its attachments. */
export function AssessProjectPage() {
  const { t } = useTranslation('assessments');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const id = Number(useParams().projectId) || 0;
  const info = useAssessInfo(id);
  const end = useEndAssessment();
  const cancel = useCancelAssessment();
  const [authorizing, setAuthorizing] = useState<AssessProjectRow | null>(null);
  if (info.isLoading) return <Skeleton active />;
  if (!info.data)
    return (
      <Result
        status="404"
        title={t('notFound')}
        extra={<Button onClick={() => navigate(assessPaths.list())}>{t('backToList')}</Button>}
      />
    );
  const p = info.data;
  const run = async (fn: () => Promise<unknown>, action: string) => {
    try {
      await fn();
      message.success(t('common:status.success', { action }));
    } catch (e) {
      message.error(e instanceof Error ? e.message : t('common:status.failure', { action }));
    }
  };
  return (
    <div className="as-page" data-testid="assess-project">
      <div className="as-head">
        <Space wrap>
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)}>
            {t('common:action.back')}
          </Button>
          <Typography.Title level={4} className="as-title">
            {p.reportName}
          </Typography.Title>
          <AssessStatusTag status={p.status} />
        </Space>
        <Space wrap>
          {p.can.evaluate && (
            <Button type="primary" onClick={() => navigate(assessPaths.gauge(p))} data-testid="project-fill">
              {p.status === 2 ? t('action.resume') : t('action.fill')}
            </Button>
          )}
          {p.status === 3 && (
            <Button onClick={() => navigate(assessPaths.detail(p.id, 'all'))} data-testid="project-view">
              {t('action.view')}
            </Button>
          )}
          {p.status === 3 && (
            <Button onClick={() => navigate(assessPaths.viewReport(p.id))} data-testid="project-report">
              {t('action.report')}
            </Button>
          )}
          {p.can.authorize && <Button onClick={() => setAuthorizing(p)}>{t('action.authorize')}</Button>}
          {p.can.end && (
            <KeyboardPopconfirm
              title={t('confirm.end')}
              onConfirm={() => run(() => end.mutateAsync(p.id), t('action.end'))}
            >
              <Button>{t('action.end')}</Button>
            </KeyboardPopconfirm>
          )}
          {p.can.cancel && (
            <KeyboardPopconfirm
              title={t('confirm.cancel')}
              onConfirm={() => run(() => cancel.mutateAsync(p.id), t('action.cancel'))}
            >
              <Button danger>{t('action.cancel')}</Button>
            </KeyboardPopconfirm>
          )}
        </Space>
      </div>
      <Card size="small">
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
          <Descriptions.Item label={t('col.patient')}>
            <a onClick={() => navigate(assessPaths.patientAssess(p.treatmentId))}>{p.patientName}</a>
          </Descriptions.Item>
          <Descriptions.Item label={t('col.scale')}>
            {p.methodName} ({p.abbr})
          </Descriptions.Item>
          <Descriptions.Item label={t('col.phase')}>{t(`phase.${p.phase}`)}</Descriptions.Item>
          <Descriptions.Item label={t('col.assessor')}>{p.assessorName}</Descriptions.Item>
          <Descriptions.Item label={t('field.authorized')}>{p.authorizedName ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t('col.plannedTime')}>{dayjs(p.plannedTime).format(TIME)}</Descriptions.Item>
          <Descriptions.Item label={t('col.score')}>
            {p.total === null ? (
              '-'
            ) : (
              <span>
                {p.total} · <BandText band={p.band} />
              </span>
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('field.rated')}>
            {p.status === 3 ? t('rated.yes') : t('rated.no')}
          </Descriptions.Item>
          <Descriptions.Item label={t('field.remark')}>{p.remark ?? '-'}</Descriptions.Item>
        </Descriptions>
      </Card>
      <AttachmentsCard info={p} />
      <AuthorizeModal project={authorizing} onClose={() => setAuthorizing(null)} />
    </div>
  );
}
