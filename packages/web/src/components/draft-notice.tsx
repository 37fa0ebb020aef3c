import { Alert, Button, Space } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { Draft } from '../lib/drafts';

/** "A draft from hh:mm was not saved: restore / discard", above a form that has one (lib/drafts.ts). */
export function DraftNotice<T>({
  draft,
  onRestore,
  onDiscard,
}: {
  draft: Draft<T> | null;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  const { t } = useTranslation('common');
  if (!draft) return null;
  const at = dayjs(draft.savedAt);
  const time = at.isSame(dayjs(), 'day') ? at.format('HH:mm') : at.format('YYYY-MM-DD HH:mm');
  return (
    <Alert
      type="info"
      showIcon
      className="draft-notice"
      data-testid="draft-notice"
      title={t('draft.found', { time })}
      action={
        <Space>
          <Button size="small" type="primary" onClick={onRestore} data-testid="draft-restore">
            {t('draft.restore')}
          </Button>
          <Button size="small" onClick={onDiscard} data-testid="draft-discard">
            {t('draft.discard')}
          </Button>
        </Space>
      }
    />
  );
}
