import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentVersion } from '../api/version';
import { controlStyles } from './controls';
import { Dialog } from './dialog';

/** The version text; it opens the release notes (spec section 2). */
export function VersionLink() {
  const { t } = useTranslation('auth');
  const data = useCurrentVersion();
  const [open, setOpen] = useState(false);
  if (!data) return null;
  return (
    <>
      <button type="button" className={controlStyles.linkButton} onClick={() => setOpen(true)}>
        {t('version.label', { version: data.version })}
      </button>
      {open && (
        <Dialog title={t('version.releaseNotes', { version: data.version })} onClose={() => setOpen(false)}>
          {data.releaseNote || t('version.noReleaseNotes')}
        </Dialog>
      )}
    </>
  );
}
