import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { App, Button, Card, Col, DatePicker, Popover, Row, Segmented, Space, Statistic, Typography } from 'antd';
import { FileExcelOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  METRICS,
  STATISTICS_MAX_DAYS,
  resolveRange,
  workloadEndpoints,
  type MetricKey,
  type StatisticsRangeKind,
} from '@rehab/shared';
import { clinicToday, clinicTodayText } from '../../lib/clinic-day';
import { useOrgDictionary } from '../../lib/dictionaries';
import { useEndpointQuery } from '../../lib/endpoints';
import { downloadExcel, exportFileName, sumYuan, type ExportCell } from '../../lib/export-excel';
import { currentLocale } from '../../lib/locale';
import { useSession } from '../../lib/session';
import { FilterSelect } from '../../components/filter-select';

const FORMAT = 'YYYY-MM-DD';

/** The filter of a statistics screen, carried in the URL so that a drill-down and a reload keep it. */
export type StatFilter = {
  range: StatisticsRangeKind;
  date: string;
  startDate?: string;
  endDate?: string;
  officeId?: number;
  therapistId?: number;
  projectId?: number;
  equipmentId?: number;
  patientType?: 1 | 2;
  day?: string;
  cashierId?: number;
  patientId?: number;
  treatmentId?: number;
};

const num = (v: string | null) => (v && /^\d+$/.test(v) ? Number(v) : undefined);
const KINDS: StatisticsRangeKind[] = ['day', 'week', 'month', 'custom'];

/** The filter read from and written to the URL's query (`?range=month&date=2026-11-27&officeId=3`). */
export function useStatFilter() {
  const [search, setSearch] = useSearchParams();
  const filter: StatFilter = useMemo(() => {
    const range = search.get('range') as StatisticsRangeKind | null;
    const patientType = num(search.get('patientType'));
    return {
      range: range && KINDS.includes(range) ? range : 'month',
      date: search.get('col.date') ?? clinicTodayText(),
      startDate: search.get('startDate') ?? undefined,
      endDate: search.get('endDate') ?? undefined,
      officeId: num(search.get('officeId')),
      therapistId: num(search.get('therapistId')),
      projectId: num(search.get('projectId')),
      equipmentId: num(search.get('equipmentId')),
      patientType: patientType === 1 || patientType === 2 ? patientType : undefined,
      day: search.get('day') ?? undefined,
      cashierId: num(search.get('cashierId')),
      patientId: num(search.get('patientId')),
      treatmentId: num(search.get('treatmentId')),
    };
  }, [search]);
  const update = (patch: Partial<StatFilter>) => {
    const next = { ...filter, ...patch };
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(next)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
    setSearch(params, { replace: true });
  };
  return { filter, update };
}

/** The query string of a filter (for a drill-down link), with `patch` applied. */
export function filterQuery(filter: StatFilter, patch: Partial<StatFilter> = {}) {
  const next = { ...filter, ...patch };
  return Object.fromEntries(Object.entries(next).filter(([, v]) => v !== undefined && v !== null && v !== ''));
}

/** The range of a filter as a query body takes it (the custom dates only with a custom range). */
export function rangeBody(f: StatFilter) {
  return {
    range: f.range,
    date: f.date,
    startDate: f.range === 'custom' ? f.startDate : undefined,
    endDate: f.range === 'custom' ? f.endDate : undefined,
  };
}

/** The body of a work statistics query: the range and the filters the server takes. */
export function workBody(f: StatFilter) {
  return {
    ...rangeBody(f),
    officeId: f.officeId,
    therapistId: f.therapistId,
    projectId: f.projectId,
    equipmentId: f.equipmentId,
    patientType: f.patientType,
  };
}

/** A metric's name in the reader's language, with a "?" that shows its definition (统计口径). */
export function MetricTitle({ metric, label }: { metric: MetricKey; label?: string }) {
  const { t } = useTranslation('statistics');
  const locale = currentLocale();
  const m = METRICS[metric];
  return (
    <Space size={4} data-testid={`metric-${metric}`}>
      <span>{label ?? m.name[locale]}</span>
      <Popover
        title={m.name[locale]}
        trigger="click"
        content={
          <div style={{ maxWidth: 360 }} data-testid={`metric-definition-${metric}`}>
            <Typography.Paragraph style={{ marginBottom: 8 }}>{m.definition[locale]}</Typography.Paragraph>
            <Typography.Text type="secondary">
              {t('timeBasis')}: {t(`basis.${m.timeBasis}`)}
            </Typography.Text>
            <br />
            <Typography.Text type="secondary" code>
              {m.formula}
            </Typography.Text>
          </div>
        }
      >
        <QuestionCircleOutlined
          style={{ color: '#8c8c8c', cursor: 'pointer' }}
          onClick={(e) => e.stopPropagation()}
          aria-label={t('definition')}
          data-testid={`metric-help-${metric}`}
        />
      </Popover>
    </Space>
  );
}

/** A metric's name as plain text (chart legends, Excel headers). */
export const metricName = (metric: MetricKey) => METRICS[metric].name[currentLocale()];

/** Tiles of totals, each titled by its metric. */
export function MetricTiles({ items }: { items: { metric: MetricKey; value: number | string }[] }) {
  return (
    <Row gutter={[12, 12]} style={{ marginBottom: 16 }}>
      {items.map(({ metric, value }) => (
        <Col flex="1 1 160px" key={metric}>
          <Card size="small" data-testid={`tile-${metric}`}>
            <Statistic title={<MetricTitle metric={metric} />} value={value} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/** The organization's therapists (POST /sys/user/getTherapist, open to every member). */
function useTherapists() {
  const org = useSession().organization?.id ?? 0;
  return useEndpointQuery(
    workloadEndpoints.getTherapist,
    { body: {} },
    { keySuffix: [org], select: (r) => r.data, staleTime: 60_000 },
  );
}

/** The filter bar: range kind, the day / custom dates, and the filters a screen names. */
export function FilterBar({
  filter,
  update,
  show = [],
  extra,
}: {
  filter: StatFilter;
  update: (patch: Partial<StatFilter>) => void;
  show?: ('office' | 'therapist' | 'patientType')[];
  extra?: React.ReactNode;
}) {
  const { t } = useTranslation('statistics');
  const offices = useOrgDictionary('office');
  const therapists = useTherapists();
  const { from, to } = resolveRange(filter.range, filter.date, filter);
  return (
    <Space wrap style={{ marginBottom: 16 }} data-testid="stat-filter">
      <Segmented
        value={filter.range}
        onChange={(v) => update({ range: v as StatisticsRangeKind, day: undefined })}
        options={KINDS.map((k) => ({ value: k, label: t(`range.${k}`) }))}
        data-testid="stat-range"
      />
      {filter.range === 'custom' ? (
        <DatePicker.RangePicker
          allowClear={false}
          value={[dayjs(filter.startDate ?? from), dayjs(filter.endDate ?? to)]}
          disabledDate={(d, info) => Boolean(info.from && Math.abs(d.diff(info.from, 'day')) >= STATISTICS_MAX_DAYS)}
          onChange={(v) =>
            v?.[0] && v[1] && update({ startDate: v[0].format(FORMAT), endDate: v[1].format(FORMAT), day: undefined })
          }
          data-testid="stat-dates"
        />
      ) : (
        <DatePicker
          allowClear={false}
          picker={filter.range === 'month' ? 'month' : filter.range === 'week' ? 'week' : 'date'}
          value={dayjs(filter.date)}
          disabledDate={(d) => d.isAfter(clinicToday(), 'day')}
          onChange={(d) => d && update({ date: d.format(FORMAT), day: undefined })}
          data-testid="stat-date"
        />
      )}
      <Typography.Text type="secondary" data-testid="stat-resolved">
        {from === to ? from : `${from} ~ ${to}`}
      </Typography.Text>
      {show.includes('office') && (
        <FilterSelect
          allowClear
          placeholder={t('allOffices')}
          style={{ width: 170 }}
          value={filter.officeId}
          onChange={(v: number | undefined) => update({ officeId: v })}
          options={(offices.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
          data-testid="stat-office"
        />
      )}
      {show.includes('therapist') && (
        <FilterSelect
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder={t('allTherapists')}
          style={{ width: 160 }}
          value={filter.therapistId}
          onChange={(v: number | undefined) => update({ therapistId: v })}
          options={(therapists.data ?? []).map((x) => ({ value: x.userId, label: x.name }))}
          data-testid="stat-therapist"
        />
      )}
      {show.includes('patientType') && (
        <FilterSelect
          allowClear
          placeholder={t('allPatientTypes')}
          style={{ width: 140 }}
          value={filter.patientType}
          onChange={(v: 1 | 2 | undefined) => update({ patientType: v })}
          options={[
            { value: 1, label: t('patientType.1') },
            { value: 2, label: t('patientType.2') },
          ]}
          data-testid="stat-patient-type"
        />
      )}
      {extra}
    </Space>
  );
}

/**
 * The Excel button: the table's rows and a total row. A money table names its yuan columns in `sumColumns` (the bold
 * total row of downloadExcel, two decimals); a table with counts names them in `countColumns` and gets a total row of
 * whole numbers (its money columns, if any, summed as whole fen).
 */
export function ExportButton({
  title,
  headers,
  rows,
  sumColumns = [],
  countColumns = [],
  disabled,
}: {
  title: string;
  headers: string[];
  rows: () => ExportCell[][] | Promise<ExportCell[][]>;
  sumColumns?: number[];
  countColumns?: number[];
  disabled?: boolean;
}) {
  const { t } = useTranslation('statistics');
  const { message } = App.useApp();
  const run = async () => {
    const data = await rows();
    if (!countColumns.length) {
      await downloadExcel(title, headers, data, exportFileName(title), { sumColumns, totalLabel: t('total') });
      return;
    }
    // counts summed as whole numbers (and money, if any, as whole fen) in a total row of our own
    const total: ExportCell[] = headers.map((_, i) => {
      if (sumColumns.includes(i)) return sumYuan(data, i);
      if (countColumns.includes(i)) return data.reduce((n, r) => n + (typeof r[i] === 'number' ? r[i] : 0), 0);
      return '';
    });
    total[0] = t('total');
    await downloadExcel(title, headers, [...data, total], exportFileName(title));
  };
  return (
    <Button
      icon={<FileExcelOutlined />}
      disabled={disabled}
      onClick={() => run().catch((e: unknown) => message.error(e instanceof Error ? e.message : t('loadFailed')))}
      data-testid="stat-export"
    >
      {t('export')}
    </Button>
  );
}
