import { useMemo, useState } from 'react';
import { Alert, App, Button, Card, Descriptions, Empty, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, CheckOutlined, EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { PlanPerm, projectAmounts, type ProjectInput } from '@rehab/shared';
import { ApiError } from '../../lib/api';
import { usePermission } from '../../lib/session';
import { usePatient, usePrescribe } from './api';
import { patientDetailPath } from './paths';
import { PrescribeModal, type PrescribeSeed } from './prescribe-modal';
import { useRecommendedPlan, type RecommendedProject } from './plans-api';
import './patients.css';

const BASIS_COLOR = { both: 'purple', disease: 'blue', functioning: 'cyan' } as const;

function asProject(p: RecommendedProject, execOfficeId: number): ProjectInput {
  return {
    templateId: p.templateId,
    name: p.name,
    execOfficeId,
    quantity: 1,
    unitName: p.unitName ?? undefined,
    times: p.times,
    duration: p.duration,
    frequency: p.frequency,
    unitPrice: p.unitPrice,
    shortLong: p.shortLong as 1 | 2,
    bedside: p.bedside,
    workdaySetting: 0,
    equipmentId: p.equipmentId ?? undefined,
    linkName: p.linkName ?? undefined,
    linkPrice: p.linkPrice ?? undefined,
    linkMethod: (p.linkMethod as 1 | 2 | null) ?? undefined,
  };
}

/**
 * The recommended plan (/patient/project/system-recommend-detail/:patientId/:treatmentId): the projects the project
 * linkage proposes for the course's disease and function diagnosis. The doctor accepts all or some as they are, or
 * opens them in the prescribing dialog to edit before prescribing.
 */
export function RecommendPage() {
  const { t } = useTranslation('plans');
  const { message } = App.useApp();
  const can = usePermission();
  const navigate = useNavigate();
  const params = useParams();
  const patientId = Number(params.patientId);
  const treatmentId = Number(params.treatmentId);
  const patient = usePatient(patientId);
  const plan = useRecommendedPlan(patientId, treatmentId);
  const prescribe = usePrescribe();
  const [selected, setSelected] = useState<number[] | null>(null);
  const [editing, setEditing] = useState(false);
  const projects = useMemo(() => plan.data?.projects ?? [], [plan.data]);
  // by default every proposal the course does not have in progress yet
  const chosenIds = useMemo(
    () => selected ?? projects.filter((p) => !p.inProgress).map((p) => p.templateId),
    [selected, projects],
  );
  const chosen = useMemo(() => projects.filter((p) => chosenIds.includes(p.templateId)), [projects, chosenIds]);
  const seeds = useMemo<PrescribeSeed[]>(() => chosen.map((p) => ({ ...p, id: p.templateId })), [chosen]);
  const back = () => navigate(patientDetailPath(patientId, treatmentId));

  if (plan.isLoading || patient.isLoading) return <Skeleton active />;
  if (plan.isError || !plan.data) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('recommend.loadFailed')}
        description={plan.error?.message}
        data-testid="recommend-failed"
      />
    );
  }
  const data = plan.data;

  const accept = async () => {
    if (chosen.length === 0) return message.warning(t('recommend.chooseFirst'));
    try {
      await prescribe.mutateAsync({ treatmentId, projects: chosen.map((p) => asProject(p, data.officeId)) });
      message.success(t('recommend.accepted', { count: chosen.length }));
      back();
    } catch (error) {
      message.error(error instanceof ApiError ? error.message : t('recommend.acceptFailed'));
    }
  };

  return (
    <div className="pt-page" data-testid="recommend-page">
      <div className="pt-header">
        <Space>
          <Button icon={<ArrowLeftOutlined />} onClick={back}>
            {t('recommend.back')}
          </Button>
          <Typography.Title level={4} className="pt-title">
            {t('recommend.title')}
          </Typography.Title>
        </Space>
        {data.courseActive && projects.length > 0 && (
          <Space wrap>
            <Button icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="recommend-edit">
              {t('recommend.edit')}
            </Button>
            <Button
              type="primary"
              icon={<CheckOutlined />}
              loading={prescribe.isPending}
              onClick={accept}
              data-testid="recommend-accept"
            >
              {t('recommend.accept', { count: chosen.length })}
            </Button>
          </Space>
        )}
      </div>
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Card size="small">
          <Descriptions size="small" column={{ xs: 1, md: 3 }} data-testid="recommend-basis">
            <Descriptions.Item label={t('field.patient')}>{patient.data?.name ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('field.disease')}>{data.diseaseName}</Descriptions.Item>
            <Descriptions.Item label={t('field.functioning')}>{data.functioningName}</Descriptions.Item>
          </Descriptions>
        </Card>
        {!data.courseActive && <Alert type="warning" showIcon title={t('recommend.courseEnded')} />}
        <Card size="small" title={t('recommend.proposed')}>
          <Table<RecommendedProject>
            rowKey="templateId"
            size="small"
            pagination={false}
            dataSource={projects}
            scroll={{ x: 'max-content' }}
            data-testid="recommend-table"
            locale={{
              emptyText: (
                <Empty description={t('recommend.none')}>
                  {can(PlanPerm.linkageList) && <Link to="/maintainTreat/linkageProject">{t('linkage.title')}</Link>}
                </Empty>
              ),
            }}
            rowSelection={
              data.courseActive
                ? { selectedRowKeys: chosenIds, onChange: (keys) => setSelected(keys as number[]) }
                : undefined
            }
            columns={[
              { key: 'name', title: t('field.project'), dataIndex: 'name', width: 180 },
              {
                key: 'basis',
                title: t('recommend.basis'),
                width: 140,
                render: (_, p) => <Tag color={BASIS_COLOR[p.basis]}>{t(`recommend.basisOf.${p.basis}`)}</Tag>,
              },
              { key: 'frequency', title: t('field.frequency'), dataIndex: 'frequency', width: 80 },
              { key: 'times', title: t('field.times'), dataIndex: 'times', width: 80 },
              { key: 'duration', title: t('field.duration'), dataIndex: 'duration', width: 100 },
              {
                key: 'unitPrice',
                title: t('field.unitPrice'),
                width: 100,
                render: (_, p) => `${p.unitPrice.toFixed(2)}${p.unitName ? ` / ${p.unitName}` : ''}`,
              },
              {
                key: 'total',
                title: t('field.totalPrice'),
                width: 100,
                render: (_, p) =>
                  projectAmounts({
                    quantity: 1,
                    times: p.times,
                    frequency: p.frequency,
                    unitPrice: p.unitPrice,
                  }).totalPrice.toFixed(2),
              },
              {
                key: 'state',
                title: '',
                width: 110,
                render: (_, p) => (p.inProgress ? <Tag>{t('recommend.inProgress')}</Tag> : null),
              },
            ]}
          />
        </Card>
      </Space>
      {editing && (
        <PrescribeModal
          open
          onClose={() => setEditing(false)}
          treatmentId={treatmentId}
          officeId={data.officeId}
          therapistId={patient.data?.courses.find((c) => c.id === treatmentId)?.therapistId}
          initial={seeds}
          onSaved={back}
        />
      )}
    </div>
  );
}
