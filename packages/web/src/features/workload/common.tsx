import { Progress, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { WorkloadCounts } from '@rehab/shared';
import { useOrgDictionary } from '../../lib/dictionaries';
import { STATUS_COLORS } from './chart';
import { FilterSelect } from '../../components/filter-select';

/** Completed share of the orders still counting (completed + unfinished), 0-100. */
export const completionRate = (c: Pick<WorkloadCounts, 'completed' | 'unfinished'>) =>
  c.completed + c.unfinished === 0 ? 0 : Math.round((c.completed * 100) / (c.completed + c.unfinished));

/** The count columns shared by the workload tables (`width` of each count column, 112 px unless given). */
export function countColumns<T extends WorkloadCounts>(
  t: TFunction,
  options: { rate?: boolean; width?: number } = {},
): ColumnsType<T> {
  const num = (key: keyof WorkloadCounts, color?: string) => ({
    title: t(`count.${key}`),
    dataIndex: key,
    width: options.width ?? 112,
    align: 'right' as const,
    sorter: (a: T, b: T) => a[key] - b[key],
    render: (v: number) => (color && v > 0 ? <span style={{ color }}>{v}</span> : v),
  });
  const columns: ColumnsType<T> = [
    num('total'),
    num('unfinished', STATUS_COLORS.unfinished),
    num('completed', STATUS_COLORS.completed),
    num('expired', STATUS_COLORS.expired),
    num('invalidated'),
    num('patients'),
    num('minutes'),
    num('checkedIn'),
  ];
  if (options.rate)
    columns.push({
      title: t('count.rate'),
      key: 'rate',
      width: options.width ? 120 : 140,
      render: (_: unknown, r: T) => <Progress percent={completionRate(r)} size="small" aria-label={t('count.rate')} />,
    });
  return columns;
}

/** Today's post of a therapist: the group clocked in to, or "not clocked in". */
export function PostTag({ clockIn }: { clockIn: { teamName: string; checkedAt: string } | null }) {
  const { t } = useTranslation('workload');
  if (!clockIn) return <Tag>{t('notClockedIn')}</Tag>;
  const time = new Date(clockIn.checkedAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  return (
    <Tooltip title={t('clockedInAt', { time })}>
      <Tag color="green">
        {clockIn.teamName} · {time}
      </Tag>
    </Tooltip>
  );
}

/** The department filter (the executing department of the orders). */
export function OfficeSelect({ value, onChange }: { value?: number; onChange: (v: number | undefined) => void }) {
  const { t } = useTranslation('workload');
  const offices = useOrgDictionary('office');
  return (
    <FilterSelect
      allowClear
      placeholder={t('allOffices')}
      style={{ width: 180 }}
      value={value}
      onChange={(v: number | undefined) => onChange(v)}
      options={(offices.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
      data-testid="office-filter"
    />
  );
}
