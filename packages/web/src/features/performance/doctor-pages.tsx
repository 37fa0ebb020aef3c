import { Card, DatePicker, Skeleton, Space, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { performanceEndpoints, type DoctorPrescriptionRow, type DoctorProjectRow, type DoctorRow } from '@rehab/shared';
import { clinicToday } from '../../lib/clinic-day';
import { useEndpointQuery } from '../../lib/endpoints';
import { href, paths } from '../../lib/paths';
import { ExportButton, PerfHeader, TotalRow, useMonth } from './common';

const sum = <T,>(rows: readonly T[], f: (r: T) => number) => rows.reduce((s, r) => s + f(r), 0);
const FIGURES = ['prescriptions', 'sessions', 'assessments', 'courses'] as const;

/**
 * The doctors' month (/achievement/doctor-achievement): each doctor's prescriptions (treatment projects prescribed),
 * sessions prescribed, assessments submitted and courses opened, with a total row and Excel; a name opens the
 * doctor's projects. A doctor sees their own line only.
 */
export function DoctorAchievementPage() {
  const { t } = useTranslation('performance');
  const [month, setMonth] = useMonth(clinicToday().format('YYYY-MM'));
  const list = useEndpointQuery(performanceEndpoints.doctorList, { body: { month } }, { select: (r) => r.data });
  const rows = list.data ?? [];
  const title = t('doctor.title');
  return (
    <div className="perf-page" data-testid="doctor-achievement-page">
      <PerfHeader
        title={title}
        extra={
          <Space wrap>
            <DatePicker
              picker="month"
              allowClear={false}
              value={dayjs(`${month}-01`)}
              onChange={(d) => d && setMonth(d.format('YYYY-MM'))}
              disabledDate={(d) => d.isAfter(clinicToday(), 'month')}
              data-testid="perf-month"
            />
            <ExportButton
              title={`${title}_${month}`}
              headers={[t('doctor.name'), ...FIGURES.map((k) => t(`doctor.${k}`))]}
              rows={rows.map((r) => [r.doctorName, ...FIGURES.map((k) => r[k])])}
              sumColumns={[1, 2, 3, 4]}
            />
          </Space>
        }
      />
      <Card size="small">
        {list.isLoading ? (
          <Skeleton active />
        ) : (
          <Table<DoctorRow>
            rowKey="doctorId"
            size="small"
            pagination={false}
            dataSource={rows}
            locale={{ emptyText: t('doctor.empty') }}
            data-testid="perf-doctors"
            columns={[
              {
                key: 'name',
                title: t('doctor.name'),
                render: (_, r) => (
                  <Link
                    to={href(paths.achievementDoctorProjects, { id: r.doctorId, month })}
                    data-testid={`perf-doctor-${r.doctorId}`}
                  >
                    {r.doctorName}
                  </Link>
                ),
              },
              ...FIGURES.map((k) => ({ key: k, title: t(`doctor.${k}`), align: 'right' as const, dataIndex: k })),
            ]}
            summary={(data) =>
              data.length > 0 ? (
                <TotalRow label={t('total')} cells={FIGURES.map((k) => sum(data, (r) => r[k]))} />
              ) : null
            }
          />
        )}
      </Card>
    </div>
  );
}

/** A doctor's month by project template (/achievement/doctor-projects/:id/:month). */
export function DoctorProjectsPage() {
  const { t } = useTranslation('performance');
  const { id = '0', month = '' } = useParams();
  const doctorId = Number(id);
  const list = useEndpointQuery(
    performanceEndpoints.doctorProjects,
    { body: { doctorId, month } },
    { select: (r) => r.data },
  );
  const rows = list.data ?? [];
  const title = t('doctor.projectsTitle', { month });
  return (
    <div className="perf-page" data-testid="doctor-projects-page">
      <PerfHeader
        back
        title={title}
        extra={
          <ExportButton
            title={title}
            headers={[t('project'), t('doctor.prescriptions'), t('doctor.sessions')]}
            rows={rows.map((r) => [r.templateName || t('noTemplate'), r.prescriptions, r.sessions])}
            sumColumns={[1, 2]}
          />
        }
      />
      <Card size="small">
        {list.isLoading ? (
          <Skeleton active />
        ) : list.isError ? (
          <Card type="inner" data-testid="perf-error">
            {list.error.message}
          </Card>
        ) : (
          <Table<DoctorProjectRow>
            rowKey="templateId"
            size="small"
            pagination={false}
            dataSource={rows}
            locale={{ emptyText: t('doctor.empty') }}
            data-testid="perf-doctor-projects"
            columns={[
              {
                key: 'project',
                title: t('project'),
                render: (_, r) => (
                  <Link
                    to={href(paths.achievementDoctorDetail, { templateId: r.templateId, id: doctorId, month })}
                    data-testid={`perf-doctor-project-${r.templateId}`}
                  >
                    {r.templateName || t('noTemplate')}
                  </Link>
                ),
              },
              { key: 'prescriptions', title: t('doctor.prescriptions'), align: 'right', dataIndex: 'prescriptions' },
              { key: 'sessions', title: t('doctor.sessions'), align: 'right', dataIndex: 'sessions' },
            ]}
            summary={(data) =>
              data.length > 0 ? (
                <TotalRow
                  label={t('total')}
                  cells={[sum(data, (r) => r.prescriptions), sum(data, (r) => r.sessions)]}
                />
              ) : null
            }
          />
        )}
      </Card>
    </div>
  );
}

/** The prescriptions behind a doctor's figure (/achievement/doctor-detail/:templateId/:id/:month). */
export function DoctorDetailPage() {
  const { t } = useTranslation('performance');
  const { templateId = '0', id = '0', month = '' } = useParams();
  const list = useEndpointQuery(
    performanceEndpoints.doctorDetail,
    { body: { doctorId: Number(id), month, templateId: Number(templateId) } },
    { select: (r) => r.data },
  );
  const rows = list.data ?? [];
  const title = t('doctor.detailTitle', { month, project: rows[0]?.projectName ?? '' });
  const statusText = (s: number) => t(`doctor.status.${s === 2 ? 'completed' : s === 3 ? 'disabled' : 'inProgress'}`);
  return (
    <div className="perf-page" data-testid="doctor-detail-page">
      <PerfHeader
        back
        title={title}
        extra={
          <ExportButton
            title={title}
            headers={[
              t('doctor.prescribedAt'),
              t('detail.patient'),
              t('project'),
              t('combo'),
              t('doctor.sessions'),
              t('doctor.treated'),
            ]}
            rows={rows.map((r) => [
              dayjs(r.createdAt).format('YYYY-MM-DD HH:mm'),
              r.patientName,
              r.projectName,
              r.comboName ?? '',
              r.totalTimes,
              r.treatedTimes,
            ])}
            sumColumns={[4, 5]}
          />
        }
      />
      <Card size="small">
        {list.isLoading ? (
          <Skeleton active />
        ) : list.isError ? (
          <Card type="inner" data-testid="perf-error">
            {list.error.message}
          </Card>
        ) : (
          <Table<DoctorPrescriptionRow>
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={rows}
            locale={{ emptyText: t('doctor.empty') }}
            data-testid="perf-prescriptions"
            columns={[
              {
                key: 'at',
                title: t('doctor.prescribedAt'),
                render: (_, r) => dayjs(r.createdAt).format('YYYY-MM-DD HH:mm'),
              },
              { key: 'patient', title: t('detail.patient'), dataIndex: 'patientName' },
              { key: 'project', title: t('project'), dataIndex: 'projectName' },
              { key: 'combo', title: t('combo'), render: (_, r) => r.comboName || '-' },
              { key: 'sessions', title: t('doctor.sessions'), align: 'right', dataIndex: 'totalTimes' },
              { key: 'treated', title: t('doctor.treated'), align: 'right', dataIndex: 'treatedTimes' },
              { key: 'status', title: t('adjustment.status'), render: (_, r) => <Tag>{statusText(r.status)}</Tag> },
            ]}
            summary={(data) =>
              data.length > 0 ? (
                <TotalRow
                  label={t('total')}
                  offset={4}
                  cells={[sum(data, (r) => r.totalTimes), sum(data, (r) => r.treatedTimes), '']}
                />
              ) : null
            }
          />
        )}
      </Card>
    </div>
  );
}
