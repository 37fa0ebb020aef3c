import { useEffect, useRef } from 'react';
import { Button, Card, Empty, Result, Skeleton, Space, Table, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import * as echarts from 'echarts/core';
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { AssessPatientReport } from '@rehab/shared';
import { usePatientReport } from './api';
import { assessPaths } from './assess-paths';
import { BandText } from './status-tag';
import './assessments.css';

echarts.use([LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

type ScaleSeries = AssessPatientReport['scales'][number];

/** One scale's totals across the phases, as a line (the x axis is the assessment, labelled by phase and date). */
function ScaleChart({ scale }: { scale: ScaleSeries }) {
  const { t, i18n } = useTranslation('assessments');
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!ref.current) return;
    const chart = echarts.init(ref.current);
    const labels = scale.points.map((p) => `${t(`phase.${p.phase}`)}\n${dayjs(p.submittedAt).format('MM-DD')}`);
    chart.setOption({
      grid: { left: 48, right: 24, top: 24, bottom: 48 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: labels, boundaryGap: false },
      yAxis: {
        type: 'value',
        min: scale.totalRange?.min,
        max: scale.totalRange?.max,
        name: t('report.total'),
      },
      series: [
        {
          type: 'line',
          name: scale.abbr,
          data: scale.points.map((p) => p.total),
          label: { show: true },
          symbolSize: 8,
        },
      ],
    });
    const resize = () => chart.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      chart.dispose();
    };
  }, [scale, t, i18n.language]);
  return <div ref={ref} className="as-chart" data-testid={`report-chart-${scale.scaleCode}`} />;
}

/** /patient/report/:patientId/:patientName: each scale's submitted totals across phases, one chart per scale. */
export function PatientReportPage() {
  const { t, i18n } = useTranslation('assessments');
  const navigate = useNavigate();
  const params = useParams();
  const report = usePatientReport(Number(params.patientId) || 0);
  if (report.isLoading) return <Skeleton active />;
  if (!report.data)
    return (
      <Result
        status="404"
        title={t('notFound')}
        extra={<Button onClick={() => navigate(-1)}>{t('common:action.back')}</Button>}
      />
    );
  const r = report.data;
  return (
    <div className="as-page" data-testid="patient-report">
      <div className="as-head">
        <Space wrap>
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)}>
            {t('common:action.back')}
          </Button>
          <Typography.Title level={4} className="as-title">
            {t('report.title', { name: r.patientName })}
          </Typography.Title>
        </Space>
      </div>
      {r.scales.length === 0 && <Empty description={t('report.empty')} />}
      {r.scales.map((s) => (
        <Card
          key={s.scaleCode}
          size="small"
          title={`${i18n.language === 'en' ? s.nameEn : s.nameZh} (${s.abbr})`}
          data-testid={`report-scale-${s.scaleCode}`}
        >
          <ScaleChart scale={s} />
          <Table
            size="small"
            rowKey="projectId"
            pagination={false}
            dataSource={s.points}
            columns={[
              { title: t('col.phase'), dataIndex: 'phase', render: (v: number) => t(`phase.${v}`) },
              {
                title: t('detail.submittedAt'),
                dataIndex: 'submittedAt',
                render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
              },
              { title: t('report.total'), dataIndex: 'total' },
              { title: t('field.band'), dataIndex: 'band', render: (b) => <BandText band={b} /> },
              {
                title: '',
                dataIndex: 'projectId',
                render: (id: number) => (
                  <a onClick={() => navigate(assessPaths.detail(id, 'all'))}>{t('action.view')}</a>
                ),
              },
            ]}
          />
        </Card>
      ))}
    </div>
  );
}
