import { useMemo, useState } from 'react';
import { App, Button, Card, DatePicker, Select, Space, Table, Tag, Typography } from 'antd';
import { CopyOutlined, LeftOutlined, RightOutlined, SaveOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { SHIFT_TYPES, SchedulingPerm, weekStartOf, type ShiftType } from '@rehab/shared';
import { showApiError } from '../../lib/form-errors';
import { usePermission } from '../../lib/session';
import { clinicTodayText } from '../../lib/clinic-day';
import { useSaveShifts, useShiftWeek, type ShiftWeek } from './shifts-api';

const COLORS: Record<ShiftType, string> = { day: 'blue', morning: 'cyan', afternoon: 'geekblue', off: 'default' };
const shiftWeek = (weekStart: string, weeks: number) =>
  dayjs(weekStart)
    .add(weeks * 7, 'day')
    .format('YYYY-MM-DD');

type Row = ShiftWeek['list'][number];

/**
 * Shift management (/shiftManage): therapists × the seven days of a week, each cell a shift (all day, morning,
 * afternoon, off) or none. Changes are drafted in the grid and saved in one batch; "copy last week" drafts last
 * week's shifts onto this week. An off day keeps the therapist out of the recommendation and the bookings.
 */
export function ShiftManagePage() {
  const { t } = useTranslation('scheduling');
  const { message } = App.useApp();
  const can = usePermission();
  const canSave = can(SchedulingPerm.shiftSave);
  const [weekStart, setWeekStart] = useState(() => weekStartOf(clinicTodayText()));
  const [draft, setDraft] = useState<Map<string, ShiftType | null>>(new Map());
  const week = useShiftWeek(weekStart);
  const lastWeek = useShiftWeek(shiftWeek(weekStart, -1), canSave);
  const save = useSaveShifts();
  const days = week.data?.weekStart === weekStart ? week.data.days : [];

  const cellOf = (row: Row, date: string): ShiftType | null => {
    const key = `${row.therapistId}/${date}`;
    return draft.has(key) ? draft.get(key)! : (row.shifts[date] ?? null);
  };
  const changes = useMemo(() => {
    const rows = new Map((week.data?.list ?? []).map((r) => [r.therapistId, r]));
    return [...draft.entries()]
      .map(([key, shift]) => {
        const [id, date] = key.split('/') as [string, string];
        return { therapistId: Number(id), date, shift };
      })
      .filter((c) => (rows.get(c.therapistId)?.shifts[c.date] ?? null) !== c.shift);
  }, [draft, week.data]);

  const goTo = (start: string) => {
    if (changes.length && !window.confirm(t('shift.discard'))) return;
    setDraft(new Map());
    setWeekStart(start);
  };
  const copyLastWeek = () => {
    const before = lastWeek.data;
    if (!before || !week.data) return;
    const next = new Map<string, ShiftType | null>();
    for (const row of week.data.list) {
      const old = before.list.find((r) => r.therapistId === row.therapistId);
      before.days.forEach((d, i) => next.set(`${row.therapistId}/${days[i]}`, old?.shifts[d] ?? null));
    }
    setDraft(next);
    message.info(t('shift.copied'));
  };
  const onSave = () => {
    if (!changes.length) return;
    save.mutate(
      { weekStart, list: changes },
      {
        onSuccess: (r) => {
          message.success(t('shift.saved', { count: r.saved + r.cleared }));
          setDraft(new Map());
        },
        onError: (e) => showApiError(e, t('shift.saveFailed'), message.error),
      },
    );
  };

  return (
    <Card
      title={t('shift.title')}
      extra={
        <Space wrap>
          <Button icon={<LeftOutlined />} onClick={() => goTo(shiftWeek(weekStart, -1))} data-testid="shift-prev">
            {t('shift.prevWeek')}
          </Button>
          <DatePicker
            picker="week"
            allowClear={false}
            value={dayjs(weekStart)}
            format={() => `${weekStart} ~ ${dayjs(weekStart).add(6, 'day').format('YYYY-MM-DD')}`}
            onChange={(d) => d && goTo(weekStartOf(d.format('YYYY-MM-DD')))}
            style={{ width: 230 }}
          />
          <Button
            icon={<RightOutlined />}
            iconPosition="end"
            onClick={() => goTo(shiftWeek(weekStart, 1))}
            data-testid="shift-next"
          >
            {t('shift.nextWeek')}
          </Button>
          {canSave && (
            <>
              <Button icon={<CopyOutlined />} onClick={copyLastWeek} disabled={!lastWeek.data} data-testid="shift-copy">
                {t('shift.copyLastWeek')}
              </Button>
              <Button
                type="primary"
                icon={<SaveOutlined />}
                onClick={onSave}
                loading={save.isPending}
                disabled={!changes.length}
                data-testid="shift-save"
              >
                {t('shift.save')}
                {changes.length ? ` (${changes.length})` : ''}
              </Button>
            </>
          )}
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('shift.hint')}</Typography.Paragraph>
      <Table<Row>
        rowKey="therapistId"
        size="small"
        bordered
        loading={week.isFetching}
        dataSource={week.data?.weekStart === weekStart ? week.data.list : []}
        pagination={false}
        scroll={{ x: 1000 }}
        data-testid="shift-table"
        columns={[
          { title: t('card.therapist'), dataIndex: 'therapistName', fixed: 'left', width: 140 },
          ...days.map((date, i) => ({
            key: date,
            title: (
              <span>
                {t(`shift.weekday.${i}`)}
                <br />
                <Typography.Text type="secondary">{date.slice(5)}</Typography.Text>
              </span>
            ),
            render: (_: unknown, row: Row) => {
              const value = cellOf(row, date);
              const changed = (row.shifts[date] ?? null) !== value;
              if (!canSave) return value ? <Tag color={COLORS[value]}>{t(`shift.type.${value}`)}</Tag> : '-';
              return (
                <Select<ShiftType | ''>
                  size="small"
                  style={{ width: '100%', minWidth: 96, outline: changed ? '1px dashed #fa8c16' : undefined }}
                  value={value ?? ''}
                  aria-label={`${row.therapistName} ${t(`shift.weekday.${i}`)} ${date}`}
                  data-testid={`shift-cell-${row.therapistId}-${date}`}
                  onChange={(v) => setDraft((m) => new Map(m).set(`${row.therapistId}/${date}`, v === '' ? null : v))}
                  options={[
                    { value: '', label: t('shift.none') },
                    ...SHIFT_TYPES.map((s) => ({ value: s, label: t(`shift.type.${s}`) })),
                  ]}
                />
              );
            },
          })),
        ]}
      />
    </Card>
  );
}
