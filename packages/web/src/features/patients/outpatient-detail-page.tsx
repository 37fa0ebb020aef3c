import { useState } from 'react';
import { Alert, App, Button, Card, Descriptions, Skeleton, Space, Tag, Typography } from 'antd';
import { FitTable } from '../../components/fit-columns';
import { ArrowLeftOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { BillingPerm, CourseStatus, PatientPerm, type VisitRow as Visit } from '@rehab/shared';
import { BillPanel } from '../../components/billing/bill-panel';
import { ApiError } from '../../lib/api';
import { usePermission } from '../../lib/session';
import { useCourseAction, usePatient, useReopen } from './api';
import { useVisits } from './plans-api';
import { patientDetailPath } from './paths';
import { href, paths } from '../../lib/paths';
import './patients.css';

/**
 * Outpatient detail (/outpatient/detail/:patientId/:treatmentId): the patient and their visits (queryVisitDetailsPage)
 * with what each came to; an active outpatient registration can be cancelled, and a new registration opened from a
 * previous visit; the patient's bill (outpatient billing) for holders of sys:pay:view.
 */
export function OutpatientDetailPage() {
  const { t } = useTranslation('patients');
  const { message, modal } = App.useApp();
  const can = usePermission();
  const navigate = useNavigate();
  const params = useParams();
  const patientId = Number(params.patientId);
  const treatmentId = Number(params.treatmentId);
  const patient = usePatient(patientId);
  const [page, setPage] = useState(1);
  const visits = useVisits(patientId, page);
  const action = useCourseAction();
  const reopen = useReopen();

  if (patient.isLoading) return <Skeleton active />;
  if (patient.isError || !patient.data)
    return <Alert type="error" showIcon title={t('loadFailed')} description={patient.error?.message} />;
  const p = patient.data;
  const hasActive = p.courses.some((c) => c.status === CourseStatus.active);

  const confirm = (title: string, content: string, fn: () => Promise<unknown>) =>
    modal.confirm({
      title,
      content,
      okButtonProps: { 'data-testid': 'confirm-ok' } as never,
      onOk: async () => {
        try {
          await fn();
          message.success(t('detail.done', { action: title }));
        } catch (error) {
          message.error(error instanceof ApiError ? error.message : t('common:status.failure', { action: title }));
        }
      },
    });

  return (
    <div className="pt-page" data-testid="outpatient-detail">
      <div className="pt-header">
        <Space>
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/outpatient/list')}>
            {t('outpatient.back')}
          </Button>
          <Typography.Title level={4} className="pt-title" data-testid="detail-name">
            {p.name}
          </Typography.Title>
        </Space>
        <Link to={patientDetailPath(p.id, treatmentId)}>{t('outpatient.openDetail')}</Link>
      </div>
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Card size="small">
          <Descriptions size="small" column={{ xs: 1, md: 3, xl: 4 }}>
            <Descriptions.Item label={t('field.sex')}>{t(`options.sex.${p.sex}`)}</Descriptions.Item>
            <Descriptions.Item label={t('field.age')}>{p.age ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('field.idNumber')}>{p.idNumber ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('field.phone')}>{p.phone}</Descriptions.Item>
          </Descriptions>
        </Card>
        <Card size="small" title={t('outpatient.visits')}>
          {/* issue 21: at 1366 px the totals (sessions, amount) stay in view; the patient type, the department and the
              doctor fold into the row's expansion */}
          <FitTable<Visit>
            rowKey="treatmentId"
            size="small"
            loading={visits.isLoading}
            dataSource={visits.data?.list ?? []}
            rowClassName={(v) => (v.treatmentId === treatmentId ? 'pt-row-current' : '')}
            pagination={{
              current: page,
              pageSize: 10,
              total: visits.data?.totalCount ?? 0,
              onChange: setPage,
              showTotal: (n) => t('total', { total: n }),
            }}
            data-testid="visit-table"
            columns={[
              {
                key: 'registerTime',
                title: t('field.registerTime'),
                width: 140,
                render: (_, v) => dayjs(v.registerTime).format('YYYY-MM-DD HH:mm'),
              },
              {
                key: 'type',
                title: t('field.patientType'),
                width: 90,
                priority: 3,
                render: (_, v) => t(`options.patientType.${v.patientType}`),
              },
              {
                key: 'no',
                title: t('outpatient.number'),
                width: 120,
                render: (_, v) => (v.patientType === 2 ? v.inpatientNo : v.outpatientNo) ?? '-',
              },
              {
                key: 'status',
                title: t('field.status'),
                width: 90,
                render: (_, v) => (
                  <Tag color={v.status === CourseStatus.active ? 'processing' : 'default'}>
                    {t(`options.courseStatus.${v.status}`)}
                  </Tag>
                ),
              },
              { key: 'office', title: t('field.officeId'), dataIndex: 'officeName', width: 120, priority: 3 },
              { key: 'doctor', title: t('field.doctorId'), dataIndex: 'doctorName', width: 100, priority: 2 },
              {
                key: 'diagnosis',
                title: t('outpatient.diagnosis'),
                width: 170,
                render: (_, v) => `${v.diseaseName} / ${v.functioningName}`,
              },
              {
                key: 'projects',
                title: t('outpatient.sessions'),
                width: 130,
                render: (_, v) => `${v.projectCount} · ${v.treatedTimes} / ${v.totalTimes}`,
              },
              {
                key: 'price',
                title: t('outpatient.amount'),
                width: 100,
                render: (_, v) => v.totalPrice.toFixed(2),
              },
              {
                key: 'actions',
                title: '',
                width: 180,
                fixed: 'right',
                render: (_, v) => (
                  <Space size={0}>
                    <Link to={patientDetailPath(p.id, v.treatmentId)}>{t('detail.viewCourse')}</Link>
                    {v.status === CourseStatus.active && v.patientType === 1 && can(PatientPerm.cancel) && (
                      <Button
                        type="link"
                        size="small"
                        danger
                        onClick={() =>
                          confirm(t('detail.cancel'), t('detail.cancelConfirm'), () =>
                            action.mutateAsync({ action: 'cancelRegister', treatmentId: v.treatmentId }),
                          )
                        }
                        data-testid="visit-cancel"
                      >
                        {t('detail.cancel')}
                      </Button>
                    )}
                    {!hasActive && v.status !== CourseStatus.cancelled && can(PatientPerm.save) && (
                      <Button
                        type="link"
                        size="small"
                        onClick={() =>
                          confirm(t('outpatient.registerAgain'), t('detail.reopenConfirm'), async () => {
                            const ids = await reopen.mutateAsync({ patientId: p.id, basedOnId: v.treatmentId });
                            navigate(
                              href(paths.outpatientDetail, { patientId: ids.patientId, treatmentId: ids.treatmentId }),
                            );
                          })
                        }
                        data-testid="visit-register"
                      >
                        {t('outpatient.registerAgain')}
                      </Button>
                    )}
                  </Space>
                ),
              },
            ]}
          />
        </Card>
        {can(BillingPerm.view) && (
          <Card size="small" title={t('outpatient.billing')} data-testid="outpatient-billing">
            <BillPanel patientId={p.id} />
          </Card>
        )}
      </Space>
    </div>
  );
}
