import { Button, Card, Result, Skeleton, Space, Table, Typography } from 'antd';
import { ArrowLeftOutlined, FilePdfOutlined } from '@ant-design/icons';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { ScaleForm, ScaleScoreSummary, useBi } from '../../components/scale-form/scale-form';
import { useScaleDefinition } from '../../lib/queries/scales';
import { useAssessInfo, usePatientReport } from './api';
import { assessPaths } from './assess-paths';
import { TIME } from './assess-table';
import { AssessStatusTag, BandText } from './status-tag';
import './assessments.css';

/**
 * /recovery/recovery-detail/:projectId/:oneAndAllType?: a submitted assessment read-only; with `all`, also the
 * patient's other results of the same scale.
 */
export function AssessDetailPage() {
  const { t } = useTranslation('assessments');
  const bi = useBi();
  const navigate = useNavigate();
  const params = useParams();
  const id = Number(params.projectId) || 0;
  const info = useAssessInfo(id);
  const definition = useScaleDefinition(info.data?.scaleCode ?? '');
  const history = usePatientReport(params.oneAndAllType === 'all' ? (info.data?.patientId ?? 0) : 0);
  if (info.isLoading || definition.isLoading) return <Skeleton active />;
  if (!info.data || !definition.data)
    return (
      <Result
        status="404"
        title={t('notFound')}
        extra={<Button onClick={() => navigate(assessPaths.list())}>{t('backToList')}</Button>}
      />
    );
  const p = info.data;
  const points = history.data?.scales.find((s) => s.scaleCode === p.scaleCode)?.points ?? [];
  return (
    <div className="as-page" data-testid="assess-detail">
      <div className="as-head">
        <Space wrap>
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)}>
            {t('common:action.back')}
          </Button>
          <Typography.Title level={4} className="as-title">
            {p.patientName} · {bi(definition.data.name)}
          </Typography.Title>
          <AssessStatusTag status={p.status} />
        </Space>
        {p.status === 3 && (
          <Button icon={<FilePdfOutlined />} onClick={() => navigate(assessPaths.viewReport(p.id))}>
            {t('action.report')}
          </Button>
        )}
      </div>
      {params.oneAndAllType === 'all' && (
        <Card size="small" title={t('detail.history')}>
          <Table
            size="small"
            rowKey="projectId"
            pagination={false}
            dataSource={points}
            columns={[
              { title: t('col.phase'), dataIndex: 'phase', render: (v: number) => t(`phase.${v}`) },
              {
                title: t('detail.submittedAt'),
                dataIndex: 'submittedAt',
                render: (v: string) => dayjs(v).format(TIME),
              },
              { title: t('col.score'), dataIndex: 'total' },
              { title: t('field.band'), dataIndex: 'band', render: (b) => <BandText band={b} /> },
              {
                title: '',
                dataIndex: 'projectId',
                render: (pid: number) =>
                  pid === p.id ? (
                    t('detail.thisOne')
                  ) : (
                    <Link to={assessPaths.detail(pid, 'all')}>{t('action.view')}</Link>
                  ),
              },
            ]}
          />
        </Card>
      )}
      <Card size="small">
        <ScaleScoreSummary definition={definition.data} value={p.record?.answers ?? {}} />
      </Card>
      <ScaleForm definition={definition.data} value={p.record?.answers ?? {}} onChange={() => undefined} readOnly />
    </div>
  );
}
