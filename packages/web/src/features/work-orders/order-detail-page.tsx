import { useEffect, useState } from 'react';
import { Button, Card, Col, Descriptions, Empty, Result, Row, Space, Tag, Timeline, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { fileObjectUrl, useOrderDetail, type OrderFile } from './api';
import { STATUS_COLOR } from './order-list';
import { useOrderActions } from './order-actions';
import { TreatmentCard } from './treatment-card';
import './orders.css';

const fmt = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '-');

function FileImage({ file }: { file: OrderFile }) {
  const { t } = useTranslation('orders');
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let url: string | null = null;
    let live = true;
    fileObjectUrl(file.id).then(
      (u) => {
        url = u;
        if (live) setSrc(u);
      },
      () => undefined,
    );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [file.id]);
  return (
    <div className={`wo-file${file.withdrawnAt ? ' wo-file-withdrawn' : ''}`} data-testid={`order-file-${file.kind}`}>
      {src ? (
        <img src={src} alt={t(file.kind === 1 ? 'action.sign' : 'action.photograph')} />
      ) : (
        <div className="wo-file-img" />
      )}
      <div className="wo-sub">
        {t(file.kind === 1 ? 'action.sign' : 'action.photograph')} · {fmt(file.createdAt)}
        {file.createdByName ? ` · ${file.createdByName}` : ''}
        {file.withdrawnAt ? <Tag className="wo-tag-gap">{t('detail.withdrawn')}</Tag> : null}
      </div>
    </div>
  );
}

/** /order/detail/:id/:page?/:path?: the order, its patient and project, its history, signature and photos. */
export function OrderDetailPage() {
  const { t } = useTranslation('orders');
  const navigate = useNavigate();
  const { id } = useParams();
  const detail = useOrderDetail(Number(id) || 0);
  const actions = useOrderActions();
  if (detail.isError) {
    return (
      <Result
        status="404"
        title={t('detail.notFound')}
        extra={<Button onClick={() => navigate('/order/my')}>{t('action.back')}</Button>}
      />
    );
  }
  const o = detail.data;
  const actionLabel = (a: string) => t(a === 'remark' ? 'action.remarkAction' : `action.${a}`, { defaultValue: a });
  return (
    <div className="wo-page" data-testid="order-detail">
      <div className="wo-header">
        <Typography.Title level={4}>
          {t('title.detail')} {o ? `#${o.id}` : ''}
        </Typography.Title>
        <Space>
          {o && actions.buttons(o)}
          <Button onClick={() => navigate(-1)}>{t('action.back')}</Button>
        </Space>
      </div>
      <Row gutter={[12, 12]}>
        <Col xs={24} xl={16}>
          <Card title={t('detail.order')} loading={detail.isLoading} size="small">
            {o && (
              <Descriptions column={{ xs: 1, md: 2 }} size="small">
                <Descriptions.Item label={t('col.date')}>{o.treatDate}</Descriptions.Item>
                <Descriptions.Item label={t('col.status')}>
                  <Tag color={STATUS_COLOR[o.status]} data-testid="detail-status">
                    {t(`status.${o.status}`)}
                  </Tag>
                  {o.signed && <Tag color="green">{t('signedState.1')}</Tag>}
                </Descriptions.Item>
                <Descriptions.Item label={t('col.office')}>{o.execOfficeName}</Descriptions.Item>
                <Descriptions.Item label={t('col.therapist')}>{o.therapistName ?? '-'}</Descriptions.Item>
                <Descriptions.Item label={t('detail.team')}>{o.treatmentTeamName ?? '-'}</Descriptions.Item>
                <Descriptions.Item label={t('col.authorized')}>
                  {o.authorizedTherapistName ? `${o.authorizedTherapistName} (${o.authorizedTeamName ?? ''})` : '-'}
                </Descriptions.Item>
                <Descriptions.Item label={t('detail.authorizer')}>{o.authorizerName ?? '-'}</Descriptions.Item>
                <Descriptions.Item label={t('col.executor')}>{o.executorName ?? '-'}</Descriptions.Item>
                <Descriptions.Item label={t('col.completedAt')}>{fmt(o.completedAt)}</Descriptions.Item>
                <Descriptions.Item label={t('col.checkedIn')}>{fmt(o.checkedInAt)}</Descriptions.Item>
                <Descriptions.Item label={t('col.remark')}>{o.remark ?? '-'}</Descriptions.Item>
                {o.invalidReason && (
                  <Descriptions.Item label={t('col.reason')} span={2}>
                    <span data-testid="detail-reason">{o.invalidReason}</span>
                  </Descriptions.Item>
                )}
              </Descriptions>
            )}
          </Card>
          <Card title={t('detail.patient')} size="small" className="wo-gap" loading={detail.isLoading}>
            {o && (
              <Descriptions column={{ xs: 1, md: 3 }} size="small">
                <Descriptions.Item label={t('col.patient')}>{o.patientName}</Descriptions.Item>
                <Descriptions.Item label={t('detail.sex')}>{t(`sex.${o.sex === 1 ? 1 : 2}`)}</Descriptions.Item>
                <Descriptions.Item label={t('col.cardNo')}>{o.cardNo}</Descriptions.Item>
                <Descriptions.Item label={t('col.bed')}>{o.bedNumber ?? '-'}</Descriptions.Item>
                <Descriptions.Item label={t('detail.phone')}>{o.phone}</Descriptions.Item>
              </Descriptions>
            )}
          </Card>
          <Card title={t('detail.project')} size="small" className="wo-gap" loading={detail.isLoading}>
            {o && (
              <Descriptions column={{ xs: 1, md: 3 }} size="small">
                <Descriptions.Item label={t('col.project')}>{o.projectName}</Descriptions.Item>
                <Descriptions.Item label={t('detail.frequency')}>{o.frequency}</Descriptions.Item>
                <Descriptions.Item label={t('detail.duration')}>{o.duration}</Descriptions.Item>
                <Descriptions.Item label={t('col.times')}>
                  {o.treatedTimes}/{o.totalTimes}
                </Descriptions.Item>
              </Descriptions>
            )}
          </Card>
          {o && <TreatmentCard order={o} />}
          <Card title={t('detail.files')} size="small" className="wo-gap" loading={detail.isLoading}>
            {o && o.files.length === 0 && <Empty description={t('detail.noFiles')} />}
            <div className="wo-files">
              {o?.files.map((f) => (
                <FileImage key={f.id} file={f} />
              ))}
            </div>
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Card title={t('detail.history')} size="small" loading={detail.isLoading}>
            <Timeline
              data-testid="order-history"
              items={(o?.history ?? []).map((h) => ({
                color: h.action === 'invalidate' ? 'red' : h.action === 'execute' ? 'green' : 'blue',
                children: (
                  <div>
                    <Typography.Text strong>{actionLabel(h.action)}</Typography.Text>{' '}
                    <span className="wo-sub">{fmt(h.at)}</span>
                    <div className="wo-sub">
                      {h.fromStatus !== null && h.fromStatus !== h.toStatus
                        ? t('detail.from', { from: t(`status.${h.fromStatus}`), to: t(`status.${h.toStatus}`) }) + ' · '
                        : ''}
                      {t('detail.by', { name: h.actorName ?? t('detail.system') })}
                    </div>
                    {h.reason && <div>{h.reason}</div>}
                  </div>
                ),
              }))}
            />
          </Card>
        </Col>
      </Row>
      {actions.dialogs}
    </div>
  );
}
