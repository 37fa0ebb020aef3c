import { Card, DatePicker, Descriptions, Skeleton, Table } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { performanceEndpoints, type DoctorProjectRow, type WorkloadDayRow } from '@rehab/shared';
import { clinicToday } from '../../lib/clinic-day';
import { useEndpointQuery } from '../../lib/endpoints';
import { href, paths } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { PerfHeader, TotalRow, useMonth } from './common';

const sum = <T,>(rows: readonly T[], f: (r: T) => number) => rows.reduce((s, r) => s + f(r), 0);
const FIGURES = ['prescriptions', 'sessions', 'assessments', 'courses'] as const;
const DAY_FIGURES = ['prescriptions', 'prescribedSessions', 'assessments', 'courses'] as const;

/**
 * A doctor's own month (/performance/doctor): the figures, the prescriptions by project (opening the prescriptions
 * behind each) and the days.
 */
export function MyDoctorPerformancePage() {
  const { t } = useTranslation('performance');
  const { user } = useSession();
  const doctorId = user?.id ?? 0;
  const [month, setMonth] = useMonth(clinicToday().format('YYYY-MM'));
  const figures = useEndpointQuery(
    performanceEndpoints.doctorList,
    { body: { month, staffId: doctorId } },
    { select: (r) => r.data[0], enabled: doctorId > 0 },
  );
  const projects = useEndpointQuery(
    performanceEndpoints.doctorProjects,
    { body: { doctorId, month } },
    { select: (r) => r.data, enabled: doctorId > 0 },
  );
  const days = useEndpointQuery(
    performanceEndpoints.workloadDaily,
    { body: { type: 'doctor', staffId: doctorId, month } },
    { select: (r) => r.data, enabled: doctorId > 0 },
  );
  const dayLabel = (k: (typeof DAY_FIGURES)[number]) => t(`doctor.${k === 'prescribedSessions' ? 'sessions' : k}`);
  return (
    <div className="perf-page" data-testid="my-doctor-page">
      <PerfHeader
        title={t('mine.title')}
        extra={
          <DatePicker
            picker="month"
            allowClear={false}
            value={dayjs(`${month}-01`)}
            onChange={(d) => d && setMonth(d.format('YYYY-MM'))}
            disabledDate={(d) => d.isAfter(clinicToday(), 'month')}
            data-testid="perf-month"
          />
        }
      />
      <Card size="small">
        {figures.isLoading ? (
          <Skeleton active />
        ) : (
          <Descriptions size="small" column={{ xs: 1, md: 2, xl: 4 }} data-testid="my-doctor-figures">
            {FIGURES.map((k) => (
              <Descriptions.Item key={k} label={t(`doctor.${k}`)}>
                {figures.data?.[k] ?? 0}
              </Descriptions.Item>
            ))}
          </Descriptions>
        )}
      </Card>
      <>
        <Card size="small" title={t('mine.projects')}>
          <Table<DoctorProjectRow>
            rowKey="templateId"
            size="small"
            pagination={false}
            loading={projects.isLoading}
            dataSource={projects.data ?? []}
            locale={{ emptyText: t('doctor.empty') }}
            data-testid="my-doctor-projects"
            columns={[
              {
                key: 'project',
                title: t('project'),
                render: (_, r) => (
                  <Link to={href(paths.achievementDoctorDetail, { templateId: r.templateId, id: doctorId, month })}>
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
        </Card>
        <Card size="small" title={t('mine.days')}>
          <Table<WorkloadDayRow>
            rowKey="day"
            size="small"
            pagination={false}
            loading={days.isLoading}
            dataSource={days.data ?? []}
            locale={{ emptyText: t('doctor.empty') }}
            data-testid="my-doctor-days"
            columns={[
              { key: 'day', title: t('workload.day'), dataIndex: 'day' },
              ...DAY_FIGURES.map((k) => ({ key: k, title: dayLabel(k), align: 'right' as const, dataIndex: k })),
            ]}
            summary={(data) =>
              data.length > 0 ? (
                <TotalRow label={t('total')} cells={DAY_FIGURES.map((k) => sum(data, (r) => r[k]))} />
              ) : null
            }
          />
        </Card>
      </>
    </div>
  );
}
