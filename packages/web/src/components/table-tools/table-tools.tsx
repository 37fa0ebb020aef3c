import { Button, Tooltip } from 'antd';
import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ColumnSetting } from '@rehab/shared';
import { ColumnChooser } from './column-chooser';

type Props = {
  exporting: boolean;
  onExport: () => void;
  /** the list's query: refreshed by the refresh button, which spins while it reloads */
  list: { isFetching: boolean; isLoading: boolean; refetch: () => unknown };
  /** the column choice (useColumnChoice) and the columns' labels by prop */
  columns: { settings: ColumnSetting[]; change: (next: ColumnSetting[]) => void; reset: () => void };
  labels: Record<string, string>;
};

/** The tools on the right of a list's table card: Excel export, refresh and the column chooser. */
export function TableTools({ exporting, onExport, list, columns, labels }: Props) {
  const { t } = useTranslation('master-data');
  return (
    <>
      <Button icon={<DownloadOutlined />} loading={exporting} onClick={onExport} data-testid="export-button">
        {t('export.button')}
      </Button>
      <Tooltip title={t('common:action.refresh')}>
        <Button
          icon={<ReloadOutlined />}
          aria-label={t('common:action.refresh')}
          onClick={() => void list.refetch()}
          loading={list.isFetching && !list.isLoading}
        />
      </Tooltip>
      <ColumnChooser settings={columns.settings} labels={labels} onChange={columns.change} onReset={columns.reset} />
    </>
  );
}
