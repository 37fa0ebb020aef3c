import type { ReactNode } from 'react';
import { App, Button, Space, Table, Tag, Typography } from 'antd';
import {
  ArrowLeftOutlined,
  FileExcelOutlined,
  LockOutlined,
  NotificationOutlined,
  UnlockOutlined,
} from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FactKind, hundredths, performanceEndpoints } from '@rehab/shared';
import { useEndpointQuery } from '../../lib/endpoints';
import { downloadExcel, exportFileName, type ExportCell } from '../../lib/export-excel';
import './performance.css';

/** Hundredths of a point as a figure (375 -> 3.75). */
export const figure = hundredths;

/** The head of a performance screen: back, title, what belongs on the right. */
export function PerfHeader({ title, back = false, extra }: { title: ReactNode; back?: boolean; extra?: ReactNode }) {
  const { t } = useTranslation('performance');
  const navigate = useNavigate();
  return (
    <div className="perf-head">
      <Space wrap>
        {back && (
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)} data-testid="perf-back">
            {t('back')}
          </Button>
        )}
        <Typography.Title level={4} className="perf-title">
          {title}
        </Typography.Title>
      </Space>
      {extra}
    </div>
  );
}

/** Whether the month is closed, as a tag. */
export function MonthTag({ month }: { month: string }) {
  const { t } = useTranslation('performance');
  const status = useEndpointQuery(performanceEndpoints.monthStatus, { body: { month } }, { select: (r) => r.data });
  if (!status.data) return null;
  return status.data.closed ? (
    <>
      <Tag color="default" icon={<LockOutlined />} data-testid="perf-month-closed">
        {t('closedBy', { name: status.data.closedByName ?? '-' })}
      </Tag>
      {status.data.published && (
        <Tag color="success" icon={<NotificationOutlined />} data-testid="perf-month-published">
          {t('publishedBy', { name: status.data.publishedByName ?? '-' })}
        </Tag>
      )}
    </>
  ) : (
    <Tag color="processing" icon={<UnlockOutlined />} data-testid="perf-month-open">
      {t('open')}
    </Tag>
  );
}

/** How a session was credited: own order, authorized, substitute. */
export function KindTag({ kind }: { kind: number }) {
  const { t } = useTranslation('performance');
  if (kind === FactKind.authorized) return <Tag color="blue">{t('kind.authorized')}</Tag>;
  if (kind === FactKind.substitute) return <Tag color="orange">{t('kind.substitute')}</Tag>;
  return <Tag>{t('kind.own')}</Tag>;
}

/** An Excel button: the table's headers and rows, a bold total row summing `sumColumns`. */
export function ExportButton({
  title,
  headers,
  rows,
  sumColumns,
}: {
  title: string;
  headers: string[];
  rows: ExportCell[][] | undefined;
  sumColumns: number[];
}) {
  const { t } = useTranslation('performance');
  const { message } = App.useApp();
  const run = async () => {
    if (!rows) return;
    try {
      await downloadExcel(title, headers, rows, exportFileName(title), { sumColumns, totalLabel: t('total') });
    } catch (error) {
      message.error(error instanceof Error ? error.message : t('exportFailed'));
    }
  };
  return (
    <Button icon={<FileExcelOutlined />} disabled={!rows?.length} onClick={run} data-testid="perf-export">
      {t('export')}
    </Button>
  );
}

/** A bold total row under a table: the label over `offset` columns, then one cell a column. */
export function TotalRow({ label, cells, offset = 1 }: { label: string; cells: ReactNode[]; offset?: number }) {
  return (
    <Table.Summary.Row className="perf-total-row" data-testid="perf-total-row">
      <Table.Summary.Cell index={0} colSpan={offset}>
        <Typography.Text strong>{label}</Typography.Text>
      </Table.Summary.Cell>
      {cells.map((c, i) => (
        <Table.Summary.Cell key={i} index={i + offset} align="right">
          <Typography.Text strong>{c}</Typography.Text>
        </Table.Summary.Cell>
      ))}
    </Table.Summary.Row>
  );
}

/** The month of the screen: `?month=` of the address, the current clinic month by default. */
export function useMonth(fallback: string): [string, (month: string) => void] {
  const [params, setParams] = useSearchParams();
  const month = /^\d{4}-\d{2}$/.test(params.get('month') ?? '') ? params.get('month')! : fallback;
  return [month, (m) => setParams((p) => ({ ...Object.fromEntries(p), month: m }), { replace: true })];
}
