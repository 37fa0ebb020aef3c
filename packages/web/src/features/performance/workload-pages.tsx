import { Card, DatePicker, Skeleton, Space, Table } from 'antd';
import dayjs from 'dayjs';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { performanceEndpoints, type AchievementTherapistRow, type DoctorRow, type WorkloadDayRow } from '@rehab/shared';
import { clinicToday } from '../../lib/clinic-day';
import { useEndpointQuery } from '../../lib/endpoints';
import { href, paths } from '../../lib/paths';
import { ExportButton, PerfHeader, TotalRow, figure, useMonth } from './common';

const sum = <T,>(rows: readonly T[], f: (r: T) => number) => rows.reduce((s, r) => s + f(r), 0);

function MonthPicker({ month, onChange }: { month: string; onChange: (m: string) => void }) {
  return (
    <DatePicker
      picker="month"
      allowClear={false}
      value={dayjs(`${month}-01`)}
      onChange={(d) => d && onChange(d.format('YYYY-MM'))}
      disabledDate={(d) => d.isAfter(clinicToday(), 'month')}
      data-testid="perf-month"
    />
  );
}

/** The therapists' workload of a month (/achievement/therapist-wordload): sessions and points; a name opens the days. */
export function TherapistWorkloadPage() {
  const { t } = useTranslation('performance');
  const [month, setMonth] = useMonth(clinicToday().format('YYYY-MM'));
  const list = useEndpointQuery(performanceEndpoints.therapists, { body: { month } }, { select: (r) => r.data });
  const rows = (list.data ?? []).filter((r) => r.sessions !== 0);
  const title = t('workload.therapistTitle');
  return (
    <div className="perf-page" data-testid="therapist-workload-page">
      <PerfHeader
        title={title}
        extra={
          <Space wrap>
            <MonthPicker month={month} onChange={setMonth} />
            <ExportButton
              title={`${title}_${month}`}
              headers={[t('therapist'), t('col.sessions'), t('col.points'), t('kind.authorized'), t('kind.substitute')]}
              rows={rows.map((r) => [r.staffName, r.sessions, r.points, r.authorized, r.substitute])}
              sumColumns={[1, 2, 3, 4]}
            />
          </Space>
        }
      />
      <Card size="small">
        {list.isLoading ? (
          <Skeleton active />
        ) : (
          <Table<AchievementTherapistRow>
            rowKey="staffId"
            size="small"
            pagination={false}
            dataSource={rows}
            locale={{ emptyText: t('empty') }}
            data-testid="perf-therapist-workload"
            columns={[
              {
                key: 'name',
                title: t('therapist'),
                render: (_, r) => (
                  <Link
                    to={href(paths.achievementUserWorkloadDetail, {
                      type: 'therapist',
                      id: r.staffId,
                      name: r.staffName,
                      month,
                    })}
                    data-testid={`perf-workload-${r.staffId}`}
                  >
                    {r.staffName}
                  </Link>
                ),
              },
              { key: 'sessions', title: t('col.sessions'), align: 'right', dataIndex: 'sessions' },
              { key: 'points', title: t('col.points'), align: 'right', dataIndex: 'points' },
              { key: 'authorized', title: t('kind.authorized'), align: 'right', dataIndex: 'authorized' },
              { key: 'substitute', title: t('kind.substitute'), align: 'right', dataIndex: 'substitute' },
            ]}
            summary={(data) =>
              data.length > 0 ? (
                <TotalRow
                  label={t('total')}
                  cells={[
                    sum(data, (r) => r.sessions),
                    sum(data, (r) => r.points),
                    sum(data, (r) => r.authorized),
                    sum(data, (r) => r.substitute),
                  ]}
                />
              ) : null
            }
          />
        )}
      </Card>
    </div>
  );
}

const DOCTOR_FIGURES = ['prescriptions', 'sessions', 'assessments', 'courses'] as const;

/** The doctors' workload of a month (/achievement/doctor-wordload); a name opens the days. */
export function DoctorWorkloadPage() {
  const { t } = useTranslation('performance');
  const [month, setMonth] = useMonth(clinicToday().format('YYYY-MM'));
  const list = useEndpointQuery(performanceEndpoints.doctorList, { body: { month } }, { select: (r) => r.data });
  const rows = list.data ?? [];
  const title = t('workload.doctorTitle');
  return (
    <div className="perf-page" data-testid="doctor-workload-page">
      <PerfHeader
        title={title}
        extra={
          <Space wrap>
            <MonthPicker month={month} onChange={setMonth} />
            <ExportButton
              title={`${title}_${month}`}
              headers={[t('doctor.name'), ...DOCTOR_FIGURES.map((k) => t(`doctor.${k}`))]}
              rows={rows.map((r) => [r.doctorName, ...DOCTOR_FIGURES.map((k) => r[k])])}
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
            data-testid="perf-doctor-workload"
            columns={[
              {
                key: 'name',
                title: t('doctor.name'),
                render: (_, r) => (
                  <Link
                    to={href(paths.achievementUserWorkloadDetail, {
                      type: 'doctor',
                      id: r.doctorId,
                      name: r.doctorName,
                      month,
                    })}
                    data-testid={`perf-workload-${r.doctorId}`}
                  >
                    {r.doctorName}
                  </Link>
                ),
              },
              ...DOCTOR_FIGURES.map((k) => ({
                key: k,
                title: t(`doctor.${k}`),
                align: 'right' as const,
                dataIndex: k,
              })),
            ]}
            summary={(data) =>
              data.length > 0 ? (
                <TotalRow label={t('total')} cells={DOCTOR_FIGURES.map((k) => sum(data, (r) => r[k]))} />
              ) : null
            }
          />
        )}
      </Card>
    </div>
  );
}

/** One person's month by day (/achievement/user-wordload-detail/:type/:id/:name/:month). */
export function UserWorkloadDetailPage() {
  const { t } = useTranslation('performance');
  const { type = 'therapist', id = '0', name = '', month = '' } = useParams();
  const kind = type === 'doctor' ? 'doctor' : 'therapist';
  const list = useEndpointQuery(
    performanceEndpoints.workloadDaily,
    { body: { type: kind, staffId: Number(id), month } },
    { select: (r) => r.data },
  );
  const rows = list.data ?? [];
  const title = t('workload.detailTitle', { name, month });
  const figures: { key: keyof WorkloadDayRow; label: string; value?: boolean }[] =
    kind === 'therapist'
      ? [
          { key: 'sessions', label: t('col.sessions') },
          { key: 'points', label: t('col.points') },
          { key: 'value', label: t('col.value'), value: true },
        ]
      : [
          { key: 'prescriptions', label: t('doctor.prescriptions') },
          { key: 'prescribedSessions', label: t('doctor.sessions') },
          { key: 'assessments', label: t('doctor.assessments') },
          { key: 'courses', label: t('doctor.courses') },
        ];
  const cell = (r: WorkloadDayRow, f: (typeof figures)[number]) => Number(r[f.key]);
  return (
    <div className="perf-page" data-testid="user-workload-page">
      <PerfHeader
        back
        title={title}
        extra={
          <ExportButton
            title={title}
            headers={[t(kind === 'therapist' ? 'detail.day' : 'workload.day'), ...figures.map((f) => f.label)]}
            rows={rows.map((r) => [r.day, ...figures.map((f) => (f.value ? cell(r, f) / 100 : cell(r, f)))])}
            sumColumns={figures.map((_, i) => i + 1)}
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
          <Table<WorkloadDayRow>
            rowKey="day"
            size="small"
            pagination={false}
            dataSource={rows}
            locale={{ emptyText: t('doctor.empty') }}
            data-testid="perf-workload-days"
            columns={[
              { key: 'day', title: t(kind === 'therapist' ? 'detail.day' : 'workload.day'), dataIndex: 'day' },
              ...figures.map((f) => ({
                key: f.key,
                title: f.label,
                align: 'right' as const,
                render: (_: unknown, r: WorkloadDayRow) => (f.value ? figure(cell(r, f)) : cell(r, f)),
              })),
            ]}
            summary={(data) =>
              data.length > 0 ? (
                <TotalRow
                  label={t('total')}
                  cells={figures.map((f) => {
                    const total = sum(data, (r) => cell(r, f));
                    return f.value ? figure(total) : total;
                  })}
                />
              ) : null
            }
          />
        )}
      </Card>
    </div>
  );
}
