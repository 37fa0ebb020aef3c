import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, Button, Card, Col, Row, Space, Table, Tag, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { statisticsEndpoints, type StatisticsWorkOrderRow, type TherapistStatistics } from '@rehab/shared';
import { callEndpoint, useEndpointQuery } from '../../lib/endpoints';
import { href, paths } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { METRIC_COLORS, StatChart } from './chart';
import {
  ExportButton,
  FilterBar,
  MetricTiles,
  MetricTitle,
  filterQuery,
  metricName,
  useStatFilter,
  workBody,
} from './kit';

type ProjectRow = TherapistStatistics['projects'][number];
const PAGE = 20;

/**
 * The detail of a workload figure (/dataStatistical/therapistWorkDetail?therapistId=..&officeId=..&range=..): the
 * sessions by day (a bar picks the day), by project, and the completed orders counted, with patient, project,
 * executor and whether it was authorized or a substitute's. Opened from the department and therapist screens.
 */
export function TherapistDetailPage() {
  return <WorkDetail kind="therapist" />;
}

/**
 * The detail of a project's figures (/dataStatistical/projectAnalysisDetail?projectId=..&range=..): the trend by day,
 * and the completed orders of the project template counted; opened from the project analysis.
 */
export function ProjectDetailPage() {
  return <WorkDetail kind="project" />;
}

/**
 * One therapist's sessions of one project (/dataStatistical/therapistWorkProjectDetail?therapistId=..&projectId=..):
 * the therapist detail narrowed to a project template, opened from that detail's project table.
 */
export function TherapistProjectDetailPage() {
  return <WorkDetail kind="therapistProject" />;
}

/** The detail of a piece of equipment (/dataStatistical/equipmentUseDetail?equipmentId=..): trend and orders. */
export function EquipmentDetailPage() {
  return <WorkDetail kind="equipment" />;
}

const BACK = {
  project: { path: paths.statisticsProject, key: 'projectId' },
  equipment: { path: paths.statisticsEquipment, key: 'equipmentId' },
} as const;

function WorkDetail({ kind }: { kind: 'therapist' | 'therapistProject' | 'project' | 'equipment' }) {
  const navigate = useNavigate();
  const { t } = useTranslation('statistics');
  const org = useSession().organization?.id;
  const { filter, update } = useStatFilter();
  const [page, setPage] = useState(1);
  const body = workBody(filter);
  const summary = useEndpointQuery(
    statisticsEndpoints.therapistWorkLoad,
    { body },
    {
      select: (r) => r.data,
      keySuffix: [org],
    },
  );
  const rows = useEndpointQuery(
    statisticsEndpoints.workOrderDetail,
    { body: { ...body, day: filter.day, page, limit: PAGE } },
    { select: (r) => r.data, keySuffix: [org] },
  );
  const d = summary.data;
  const projectName = d?.projects.find((p) => p.projectId === filter.projectId)?.name;
  const therapistName = filter.therapistId
    ? d?.rows.find((r) => r.therapistId === filter.therapistId)?.name
    : undefined;
  const who = [
    ...(kind === 'therapist' || kind === 'therapistProject' ? [therapistName] : []),
    ...(kind === 'project' || kind === 'therapistProject' ? [projectName] : []),
  ].filter((x): x is string => Boolean(x));
  const back =
    kind === 'project' || kind === 'equipment'
      ? href(BACK[kind].path, {}, filterQuery(filter, { [BACK[kind].key]: undefined, day: undefined }))
      : kind === 'therapistProject'
        ? href(paths.statisticsTherapistDetail, {}, filterQuery(filter, { projectId: undefined, day: undefined }))
        : href(
            filter.therapistId ? paths.statisticsTherapist : paths.statisticsOffice,
            {},
            filterQuery(filter, { therapistId: undefined, day: undefined }),
          );
  const title = t(`${kind}Detail.title`);

  const option = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 8, right: 8, top: 36, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: (d?.days ?? []).map((x) => x.date.slice(5)) },
      yAxis: [
        { type: 'value', minInterval: 1 },
        { type: 'value', minInterval: 1, splitLine: { show: false } },
      ],
      series: [
        {
          name: metricName('sessions'),
          type: 'bar',
          barMaxWidth: 56,
          itemStyle: { color: METRIC_COLORS.sessions },
          data: (d?.days ?? []).map((x) => ({
            value: x.sessions,
            itemStyle: x.date === filter.day ? { color: '#0958d9', borderColor: '#000', borderWidth: 1 } : undefined,
          })),
        },
        {
          name: metricName('minutes'),
          type: 'line',
          yAxisIndex: 1,
          itemStyle: { color: METRIC_COLORS.minutes },
          data: (d?.days ?? []).map((x) => x.minutes),
        },
      ],
    }),
    [d?.days, filter.day],
  );

  const projectColumns: ColumnsType<ProjectRow> = [
    { title: t('col.project'), dataIndex: 'name' },
    { title: <MetricTitle metric="sessions" />, dataIndex: 'sessions', align: 'right', width: 120 },
    { title: <MetricTitle metric="minutes" />, dataIndex: 'minutes', align: 'right', width: 140 },
  ];
  const rowColumns: ColumnsType<StatisticsWorkOrderRow> = [
    { title: t('row.treatDate'), dataIndex: 'treatDate', width: 110 },
    {
      title: t('row.completedAt'),
      dataIndex: 'completedAt',
      width: 150,
      render: (v: string | null) => (v ? new Date(v).toLocaleString([], { hour12: false }) : '-'),
    },
    { title: t('row.patient'), dataIndex: 'patientName', width: 110 },
    {
      title: t('row.patientType'),
      dataIndex: 'patientType',
      width: 90,
      render: (v: number) => t(`patientType.${v}`),
    },
    { title: t('col.project'), dataIndex: 'projectName', width: 150 },
    { title: <MetricTitle metric="minutes" />, dataIndex: 'minutes', width: 120, align: 'right' },
    { title: t('col.office'), dataIndex: 'officeName', width: 120 },
    { title: t('row.responsible'), dataIndex: 'therapistName', width: 110, render: (v) => v ?? '-' },
    { title: t('row.executor'), dataIndex: 'executorName', width: 110, render: (v) => v ?? '-' },
    {
      title: t('row.kind'),
      key: 'kind',
      width: 150,
      render: (_, r) => (
        <Space size={4}>
          {r.authorizedTherapistName && <Tag color="magenta">{t('row.authorized')}</Tag>}
          {r.substitute && <Tag color="gold">{t('row.substitute')}</Tag>}
        </Space>
      ),
    },
  ];

  /** every row of the filter (at most 1000) for the Excel file */
  const exportRows = async () => {
    const all = await callEndpoint(statisticsEndpoints.workOrderDetail, {
      body: { ...body, day: filter.day, page: 1, limit: 1000 },
    });
    return all.data.list.map((r) => [
      r.treatDate,
      r.patientName,
      r.projectName,
      r.minutes,
      r.officeName,
      r.therapistName ?? '',
      r.executorName ?? '',
      1,
    ]);
  };

  return (
    <Card
      title={
        <Space>
          <Link to={back}>
            <Button type="text" icon={<ArrowLeftOutlined />} aria-label={t('back')} />
          </Link>
          {title}
          {who.map((name) => (
            <Tag color="blue" key={name}>
              {name}
            </Tag>
          ))}
        </Space>
      }
      extra={
        <ExportButton
          title={`${title} ${d?.range.from ?? ''}~${d?.range.to ?? ''}`}
          headers={[
            t('row.treatDate'),
            t('row.patient'),
            t('col.project'),
            metricName('minutes'),
            t('col.office'),
            t('row.responsible'),
            t('row.executor'),
            metricName('sessions'),
          ]}
          rows={exportRows}
          countColumns={[3, 7]}
          disabled={!rows.data?.totalCount}
        />
      }
      data-testid={`${kind}-detail-page`}
    >
      <FilterBar
        filter={filter}
        update={(patch) => {
          setPage(1);
          update(patch);
        }}
        show={kind === 'therapist' ? ['office', 'therapist', 'patientType'] : ['office', 'patientType']}
        extra={
          filter.day ? (
            <Tag closable onClose={() => update({ day: undefined })} color="blue" data-testid="stat-day">
              {filter.day}
            </Tag>
          ) : null
        }
      />
      {(summary.isError || rows.isError) && (
        <Alert type="error" showIcon title={(summary.error ?? rows.error)?.message || t('loadFailed')} />
      )}
      {d && (
        <>
          <MetricTiles
            items={(['sessions', 'authorizedSessions', 'substituteSessions', 'patients', 'minutes'] as const).map(
              (metric) => ({ metric, value: d.totals[metric] }),
            )}
          />
          <Row gutter={16}>
            <Col xs={24} xl={14}>
              <Typography.Text type="secondary">{t('detail.pickDay')}</Typography.Text>
              <StatChart
                option={option}
                height={260}
                testId="detail-chart"
                onPick={(i) => {
                  const day = d.days[i]?.date;
                  if (day) {
                    setPage(1);
                    update({ day: day === filter.day ? undefined : day });
                  }
                }}
              />
            </Col>
            <Col xs={24} xl={10}>
              <Table<ProjectRow>
                rowKey={(r) => `${r.projectId}-${r.name}`}
                size="small"
                columns={projectColumns}
                dataSource={d.projects}
                pagination={d.projects.length > 8 ? { pageSize: 8 } : false}
                locale={{ emptyText: t('empty') }}
                // a therapist's project opens that therapist's sessions of it
                onRow={
                  kind === 'therapist' && filter.therapistId
                    ? (r) => ({
                        style: r.projectId !== null ? { cursor: 'pointer' } : undefined,
                        'data-testid': r.projectId !== null ? `detail-project-${r.projectId}` : undefined,
                        onClick: () =>
                          r.projectId !== null &&
                          void navigate(
                            href(
                              paths.statisticsTherapistProjectDetail,
                              {},
                              filterQuery(filter, { projectId: r.projectId, day: undefined }),
                            ),
                          ),
                      })
                    : undefined
                }
                data-testid="detail-projects"
              />
            </Col>
          </Row>
        </>
      )}
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('detail.rows')}
      </Typography.Title>
      <Table<StatisticsWorkOrderRow>
        rowKey="id"
        size="small"
        loading={rows.isLoading}
        columns={rowColumns}
        dataSource={rows.data?.list ?? []}
        scroll={{ x: 1300 }}
        pagination={{
          current: page,
          pageSize: PAGE,
          total: rows.data?.totalCount ?? 0,
          onChange: setPage,
          showSizeChanger: false,
          showTotal: (n) => t('rowsTotal', { count: n }),
        }}
        locale={{ emptyText: t('empty') }}
        data-testid="detail-rows"
      />
    </Card>
  );
}
