import { Button, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentVersion } from '../api/version';

/** The version text; it opens the release notes (spec section 2). */
export function VersionLink() {
  const { t } = useTranslation('auth');
  const data = useCurrentVersion();
  const [open, setOpen] = useState(false);
  if (!data) return null;
  return (
    <>
      <Button
        type="link"
        size="small"
        onClick={() => setOpen(true)}
        style={{ padding: 0, height: 'auto', fontSize: 12 }}
      >
        {t('version.label', { version: data.version })}
      </Button>
      <Modal
        open={open}
        title={t('version.releaseNotes', { version: data.version })}
        onCancel={() => setOpen(false)}
        footer={null}
        width={520}
      >
        <div style={{ whiteSpace: 'pre-wrap', lineHeight: 1.8, maxHeight: '60vh', overflow: 'auto' }}>
          {data.releaseNote || t('version.noReleaseNotes')}
        </div>
      </Modal>
    </>
  );
}
