import { useMemo, useState } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ColumnSetting } from '@rehab/shared';
import { ApiError } from '../../lib/api';
import { useColumnConfig, useSaveColumnConfig } from '../../lib/queries/column-config';
import { defaultSettings, mergeSettings, toStored, type ColumnDef } from './column-settings';

/**
 * The column choice of a table (spec section 5): the user's saved one (kept on the server per user, under
 * `screen/table`) until they change it here, which shows at once and is saved.
 */
export function useColumnChoice(columnDefs: readonly ColumnDef[], table: string, screen?: string) {
  const { t } = useTranslation('master-data');
  const { message } = App.useApp();
  const config = useColumnConfig(table, screen);
  const save = useSaveColumnConfig(table, screen);
  const [chosen, setChosen] = useState<ColumnSetting[] | null>(null);
  const saved = useMemo(() => mergeSettings(columnDefs, config.data), [columnDefs, config.data]);
  const change = (next: ColumnSetting[]) => {
    setChosen(next);
    save.mutate(toStored(next), {
      onError: (error) => message.error(error instanceof ApiError ? error.message : t('columns.saveFailed')),
    });
  };
  return {
    settings: chosen ?? saved,
    loading: config.isLoading,
    change,
    reset: () => change(defaultSettings(columnDefs)),
  };
}
