import { useState } from 'react';
import { App, Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { showApiError } from '../lib/form-errors';
import { saveFile } from '../lib/export-excel';

type Props = {
  /** the server's export of the list with its current filters (downloadEndpoint of the list's export contract) */
  download: () => Promise<{ blob: Blob; fileName: string | null }>;
  /** the name the file gets when the server names none */
  fallbackName: string;
  testId?: string;
};

/**
 * "Export Excel" of a list whose file the server writes (the shared xlsx writer, with its total row and the access
 * log of exports holding patient data): downloads it with the list's filters and saves it under the server's name.
 */
export function ExportButton({ download, fallbackName, testId = 'export-button' }: Props) {
  const { t } = useTranslation('common');
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const { blob, fileName } = await download();
      saveFile(blob, fileName ?? fallbackName);
      message.success(t('listExport.done'));
    } catch (error) {
      showApiError(error, t('listExport.failed'), message.error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void run()} data-testid={testId}>
      {t('listExport.button')}
    </Button>
  );
}
