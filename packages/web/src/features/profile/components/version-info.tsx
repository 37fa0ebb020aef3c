import { useState } from 'react';
import { Button, Modal, Skeleton, Typography } from 'antd';
import { InfoCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useCurrentVersion } from '../api/current-version';

/** The version text; it opens the release notes (endpoints.versions.current). */
export function VersionInfo() {
  const { t } = useTranslation('profile');
  const version = useCurrentVersion();
  const [open, setOpen] = useState(false);
  if (version.isPending) return <Skeleton.Input active size="small" />;
  if (version.isError)
    return (
      <Typography.Text type="secondary">
        {t('version.failed')}{' '}
        <Button type="link" size="small" onClick={() => void version.refetch()}>
          {t('version.retry')}
        </Button>
      </Typography.Text>
    );
  if (!version.data) return <Typography.Text type="secondary">{t('version.none')}</Typography.Text>;
  return (
    <>
      <Button
        type="link"
        className="profile-version"
        icon={<InfoCircleOutlined />}
        onClick={() => setOpen(true)}
        data-testid="version-link"
      >
        {t('version.label', { version: version.data.version })}
      </Button>
      <Modal
        open={open}
        title={t('version.notesTitle', { version: version.data.version })}
        onCancel={() => setOpen(false)}
        footer={
          <Button type="primary" onClick={() => setOpen(false)}>
            {t('common:action.close')}
          </Button>
        }
      >
        <Typography.Paragraph className="profile-release-note" data-testid="release-note">
          {version.data.releaseNote || t('version.noNotes')}
        </Typography.Paragraph>
      </Modal>
    </>
  );
}
