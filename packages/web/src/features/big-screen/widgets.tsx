import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import {
  type ScreenQuality,
  type ScreenQueue,
  type ScreenRate,
  type ScreenStaff,
  type ScreenToday,
} from '@rehab/shared';
import { ApiError, type RequestOptions } from '../../lib/api';
import { Chart } from '../../components/echart';

type Device = RequestOptions['device'];
type Widget = 'today' | 'staff' | 'queue' | 'quality';

/** How often each widget asks again (ms): the queue moves fastest, the 30-day quality rates slowest. */
export const REFRESH_MS: Record<Widget, number> = { queue: 10_000, staff: 20_000, today: 30_000, quality: 300_000 };

export const isRevoked = (error: unknown) => error instanceof ApiError && error.status === 401;

/**
 * The query options of a widget: refreshed on its own interval, also in a background tab (a TV never has focus); a
 * failed refresh keeps the last data and retries with backoff (1, 2, 4 … 30 s); a refused link (401) stops asking.
 */
export function widgetOptions(widget: Widget, device: Device) {
  return {
    device,
    keySuffix: [device ? 'link' : 'session'],
    staleTime: 0,
    refetchInterval: (q: { state: { error: unknown } }) => (isRevoked(q.state.error) ? false : REFRESH_MS[widget]),
    refetchIntervalInBackground: true,
    retry: (n: number, error: unknown) => !isRevoked(error) && n < 100,
    retryDelay: (n: number) => Math.min(30_000, 1000 * 2 ** n),
  };
}

type WidgetState = { isError: boolean; isPending: boolean; error: unknown; failureCount: number };

/** Whether a widget shows old data: its last refresh failed (and is being retried) while earlier data stands. */
export const isStale = (w: WidgetState & { data: unknown }) =>
  (w.isError || w.failureCount > 0) && w.data !== undefined;

/**
 * A panel of the stage (`name`: its texts under `<name>.title`, test id `panel-<name>`, class `bs-<name>-panel`):
 * its title, "updated hh:mm:ss" (amber while a refresh fails), and its loading or failed state.
 */
export function Panel({
  name,
  query,
  children,
}: {
  name: 'hourly' | 'queue' | 'ranking' | 'quality';
  query: WidgetState & { data?: { refreshedAt: string } };
  children: ReactNode;
}) {
  const { t } = useTranslation('screen');
  const refreshedAt = query.data?.refreshedAt;
  return (
    <section className={`bs-panel bs-${name}-panel`} data-testid={`panel-${name}`} aria-busy={query.isPending}>
      <header className="bs-panel-head">
        <h2>{t(`${name}.title`)}</h2>
        <span className={isStale({ ...query, data: refreshedAt }) ? 'bs-updated bs-stale' : 'bs-updated'}>
          {refreshedAt ? t('updated', { time: dayjs(refreshedAt).format('HH:mm:ss') }) : ''}
        </span>
      </header>
      <div className="bs-panel-body">
        {query.isPending && !query.isError && query.failureCount === 0 ? (
          <div className="bs-placeholder">{t('loading')}</div>
        ) : refreshedAt === undefined ? (
          <div className="bs-placeholder bs-failed">{t('failed')}</div>
        ) : (
          children
        )}
      </div>
    </section>
  );
}

function Tile({ label, value, of, testId }: { label: string; value: number; of?: number; testId: string }) {
  return (
    <div className="bs-tile" data-testid={testId}>
      <div className="bs-tile-label">{label}</div>
      <div className="bs-tile-value">
        {value}
        {of !== undefined && <span className="bs-tile-of"> / {of}</span>}
      </div>
    </div>
  );
}

/** The numbers across the top: patients, in treatment, sessions, waiting, therapists, equipment. */
export function Tiles({ today, staff, waiting }: { today?: ScreenToday; staff?: ScreenStaff; waiting?: number }) {
  const { t } = useTranslation('screen');
  return (
    <div className="bs-tiles">
      <Tile testId="tile-patients" label={t('tile.patients')} value={today?.patients ?? 0} />
      <Tile testId="tile-in-treatment" label={t('tile.inTreatment')} value={today?.inTreatment ?? 0} />
      <Tile
        testId="tile-sessions"
        label={t('tile.sessions')}
        value={today?.sessions.completed ?? 0}
        of={today?.sessions.total ?? 0}
      />
      <Tile testId="tile-waiting" label={t('tile.waiting')} value={waiting ?? 0} />
      <Tile
        testId="tile-therapists"
        label={t('tile.therapists')}
        value={staff?.therapists.busy ?? 0}
        of={staff?.therapists.onDuty ?? 0}
      />
      <Tile
        testId="tile-equipment"
        label={t('tile.equipment')}
        value={staff?.equipment.inUse ?? 0}
        of={staff?.equipment.total ?? 0}
      />
    </div>
  );
}

const AXIS = { color: '#9fb3c8', fontSize: 20 };

/** Completed sessions per hour of today. */
export function HourlyChart({ today }: { today: ScreenToday }) {
  const { t } = useTranslation('screen');
  const option = useMemo(
    () => ({
      backgroundColor: 'transparent',
      grid: { left: 60, right: 24, top: 30, bottom: 44 },
      tooltip: { trigger: 'axis' },
      xAxis: {
        type: 'category',
        data: today.hourly.map((h) => `${String(h.hour).padStart(2, '0')}:00`),
        axisLabel: AXIS,
      },
      yAxis: { type: 'value', minInterval: 1, axisLabel: AXIS, splitLine: { lineStyle: { color: '#1f3347' } } },
      series: [
        {
          name: t('hourly.completed'),
          type: 'bar',
          data: today.hourly.map((h) => h.completed),
          itemStyle: { color: '#36cfc9', borderRadius: [6, 6, 0, 0] },
          label: {
            show: true,
            position: 'top',
            color: '#e6f4ff',
            fontSize: 18,
            formatter: (p: { value: number }) => (p.value ? String(p.value) : ''),
          },
          barMaxWidth: 48,
        },
      ],
    }),
    [today, t],
  );
  return <Chart option={option} height={296} theme="dark" testId="hourly-chart" />;
}

/** The therapists with most completed sessions today, as bars. */
export function Ranking({ staff }: { staff: ScreenStaff }) {
  const { t } = useTranslation('screen');
  if (!staff.ranking.length) return <div className="bs-placeholder">{t('ranking.empty')}</div>;
  const max = Math.max(1, ...staff.ranking.map((r) => r.completed + r.unfinished));
  return (
    <ol className="bs-ranking">
      {staff.ranking.map((r, i) => (
        <li key={`${r.name}-${i}`}>
          <span className="bs-rank">{i + 1}</span>
          <span className="bs-rank-name">{r.name}</span>
          <span className="bs-rank-bar">
            <span className="bs-rank-done" style={{ width: `${(r.completed / max) * 100}%` }} />
            <span className="bs-rank-open" style={{ width: `${(r.unfinished / max) * 100}%` }} />
          </span>
          <span className="bs-rank-count">{t('ranking.count', { done: r.completed, open: r.unfinished })}</span>
        </li>
      ))}
    </ol>
  );
}

/** The queue: masked names, project, therapist, minutes waited. */
export function Queue({ queue }: { queue: ScreenQueue }) {
  const { t } = useTranslation('screen');
  if (!queue.rows.length) return <div className="bs-placeholder">{t('queue.empty')}</div>;
  return (
    <table className="bs-queue" data-testid="queue-table">
      <thead>
        <tr>
          <th>{t('queue.patient')}</th>
          <th>{t('queue.project')}</th>
          <th>{t('queue.therapist')}</th>
          <th className="bs-num">{t('queue.waited')}</th>
        </tr>
      </thead>
      <tbody>
        {queue.rows.map((r, i) => (
          <tr key={i}>
            <td>{r.patient}</td>
            <td>{r.project}</td>
            <td>{r.therapist ?? '—'}</td>
            <td className={r.waitedMinutes >= 30 ? 'bs-num bs-late' : 'bs-num'}>
              {t('queue.minutes', { count: r.waitedMinutes })}
            </td>
          </tr>
        ))}
      </tbody>
      {queue.waiting > queue.rows.length && (
        <tfoot>
          <tr>
            <td colSpan={4}>{t('queue.more', { count: queue.waiting - queue.rows.length })}</td>
          </tr>
        </tfoot>
      )}
    </table>
  );
}

function Rate({ label, rate, testId }: { label: string; rate: ScreenRate; testId: string }) {
  const { t } = useTranslation('screen');
  return (
    <div className="bs-rate" data-testid={testId}>
      <div className="bs-rate-label">{label}</div>
      <div className="bs-rate-value">{rate.rate === null ? '—' : `${rate.rate.toFixed(1)}%`}</div>
      <div className="bs-rate-count">{t('quality.count', { n: rate.numerator, d: rate.denominator })}</div>
    </div>
  );
}

/** The quality tiles of the last 30 days. */
export function Quality({ quality }: { quality: ScreenQuality }) {
  const { t } = useTranslation('screen');
  return (
    <div className="bs-rates">
      <Rate testId="rate-completion" label={t('quality.completion')} rate={quality.completion} />
      <Rate testId="rate-signed" label={t('quality.signed')} rate={quality.signed} />
      <Rate testId="rate-early" label={t('quality.early')} rate={quality.earlyIntervention} />
      <p className="bs-rate-window">{t('quality.window', { from: quality.from, to: quality.to })}</p>
    </div>
  );
}
