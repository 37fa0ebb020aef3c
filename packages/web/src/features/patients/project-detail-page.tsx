import { Alert, Button, Card, Descriptions, Progress, Skeleton, Tag, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useProject } from './api';
import { patientDetailPath } from './paths';
import './patients.css';

/** One treatment project (spec section 2, /patient/project/:projectId): every field and its progress. */
export function ProjectDetailPage() {
  const { t } = useTranslation('patients');
  const navigate = useNavigate();
  const { projectId } = useParams();
  const project = useProject(Number(projectId));
  if (project.isLoading) return <Skeleton active />;
  if (project.isError || !project.data)
    return <Alert type="error" showIcon title={t('common:error.loadFailed')} description={project.error?.message} />;
  const r = project.data;
  const d = (v: unknown) => (v === null || v === undefined || v === '' ? '-' : String(v));
  return (
    <div className="pt-page" data-testid="project-detail">
      <div className="pt-header">
        <Typography.Title level={4} className="pt-title">
          {t('project.detailTitle')}: {r.name}
        </Typography.Title>
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)}>
          {t('common:action.back')}
        </Button>
      </div>
      <Card>
        <Descriptions bordered size="small" column={{ xs: 1, md: 2, xl: 3 }}>
          <Descriptions.Item label={t('project.status')}>
            <Tag>{t(`options.projectStatus.${r.status}`)}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('project.progress')}>
            <Progress
              percent={Math.round((r.treatedTimes / r.totalTimes) * 100)}
              size="small"
              aria-label={t('project.progress')}
            />
            {`${r.treatedTimes} / ${r.totalTimes}`}
          </Descriptions.Item>
          <Descriptions.Item label={t('project.frequency')}>{r.frequency}</Descriptions.Item>
          <Descriptions.Item label={t('project.times')}>{r.times}</Descriptions.Item>
          <Descriptions.Item label={t('project.quantity')}>{`${r.quantity} ${r.unitName ?? ''}`}</Descriptions.Item>
          <Descriptions.Item label={t('project.dailyTotalDosage')}>{r.dailyTotalDosage}</Descriptions.Item>
          <Descriptions.Item label={t('project.totalDosage')}>{r.totalDosage}</Descriptions.Item>
          <Descriptions.Item label={t('project.duration')}>{r.duration}</Descriptions.Item>
          <Descriptions.Item label={t('project.unitPrice')}>{r.unitPrice.toFixed(2)}</Descriptions.Item>
          <Descriptions.Item label={t('project.totalPrice')}>{r.totalPrice.toFixed(2)}</Descriptions.Item>
          <Descriptions.Item label={t('project.shortLong')}>{t(`options.shortLong.${r.shortLong}`)}</Descriptions.Item>
          <Descriptions.Item label={t('project.bedside')}>{r.bedside ? '✓' : '-'}</Descriptions.Item>
          <Descriptions.Item label={t('project.workdaySetting')}>
            {t(`options.workdaySetting.${r.workdaySetting}`)}
          </Descriptions.Item>
          <Descriptions.Item label={t('project.execOffice')}>{r.execOfficeName}</Descriptions.Item>
          <Descriptions.Item label={t('project.therapist')}>
            {r.therapistName ?? t('field.unassigned')}
          </Descriptions.Item>
          <Descriptions.Item label={t('project.equipment')}>{d(r.equipmentName)}</Descriptions.Item>
          <Descriptions.Item label={t('project.link')}>
            {r.linkName ? `${r.linkName} ¥${d(r.linkPrice)}` : '-'}
          </Descriptions.Item>
          <Descriptions.Item label={t('project.linkMethod')}>
            {r.linkMethod ? t(`options.linkMethod.${r.linkMethod}`) : '-'}
          </Descriptions.Item>
          <Descriptions.Item label={t('project.createdAt')}>
            {dayjs(r.createdAt).format('YYYY-MM-DD HH:mm')}
          </Descriptions.Item>
        </Descriptions>
        <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
          {t('project.workOrderHint')}
        </Typography.Paragraph>
        <Link to={patientDetailPath(r.patientId, r.treatmentId)}>{t('project.openPatient')}</Link>
      </Card>
    </div>
  );
}
