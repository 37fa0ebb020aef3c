import { useEffect, useState } from 'react';
import { Alert, Button, Modal, Spin, Typography } from 'antd';
import { DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import './file-preview.css';
import { isPreviewable, previewKind, previewMime, TEXT_PREVIEW_BYTES, type PreviewKind } from './file-preview-kind';

/** The preview dialog's width (spec section 9). */
export const PREVIEW_WIDTH = 800;

export type PreviewFile = {
  name: string;
  mime?: string | null;
  /** the file's bytes, through the API client (the token travels as a header, so files come as blobs) */
  load: () => Promise<Blob>;
  /** saves the file (the list's own download) */
  download: () => Promise<unknown>;
};

type Shown =
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'ready'; kind: PreviewKind; url?: string; text?: string; cut?: boolean };

/**
 * A "Preview" link for a listed attachment and its 800 px dialog. The file is fetched when the dialog opens into a
 * blob: URL, revoked when it closes; SVG only ever goes into an <img> (never inline), so its scripts do not run.
 * A format the browser cannot show says so, with a download. Renders nothing for a file outside the previewable list.
 */
export function FilePreviewButton({ file, testId = 'file-preview' }: { file: PreviewFile; testId?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!isPreviewable(file.name, file.mime)) return null;
  return (
    <>
      <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => setOpen(true)} data-testid={testId}>
        {t('preview.open')}
      </Button>
      {open && <FilePreviewModal file={file} onClose={() => setOpen(false)} />}
    </>
  );
}

function FilePreviewModal({ file, onClose }: { file: PreviewFile; onClose: () => void }) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  // the file as the dialog opened on it: a parent's re-render (a new load function) does not fetch again
  const [{ name, mime, load }] = useState(file);
  const kind = previewKind(name, mime);
  // a format the browser cannot show is not fetched: the dialog says so and offers the download
  const [shown, setShown] = useState<Shown>(() => (kind === 'none' ? { state: 'ready', kind } : { state: 'loading' }));

  useEffect(() => {
    let url: string | undefined;
    let live = true;
    if (kind === 'none') return;
    load().then(
      async (blob) => {
        if (!live) return;
        if (kind === 'text') {
          const text = await blob.slice(0, TEXT_PREVIEW_BYTES).text();
          if (live) setShown({ state: 'ready', kind, text, cut: blob.size > TEXT_PREVIEW_BYTES });
          return;
        }
        url = URL.createObjectURL(new Blob([blob], { type: previewMime(name, mime) }));
        setShown({ state: 'ready', kind, url });
      },
      (e: unknown) => {
        if (live)
          setShown({ state: 'error', message: e instanceof Error && e.message ? e.message : t('preview.failed') });
      },
    );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [kind, name, mime, load, t]);

  const download = () => {
    setSaving(true);
    file
      .download()
      .catch((e: unknown) =>
        setShown({ state: 'error', message: e instanceof Error && e.message ? e.message : t('preview.failed') }),
      )
      .finally(() => setSaving(false));
  };

  return (
    <Modal
      open
      width={PREVIEW_WIDTH}
      title={<span className="file-preview-title">{t('preview.title', { name: file.name })}</span>}
      onCancel={onClose}
      footer={[
        <Button key="d" icon={<DownloadOutlined />} loading={saving} onClick={download} data-testid="preview-download">
          {t('preview.download')}
        </Button>,
        <Button key="c" type="primary" onClick={onClose} data-testid="preview-close">
          {t('action.close')}
        </Button>,
      ]}
      data-testid="preview-dialog"
    >
      <div className="file-preview-body" data-testid="preview-body">
        {shown.state === 'loading' && <Spin />}
        {shown.state === 'error' && <Alert type="error" showIcon title={shown.message} />}
        {shown.state === 'ready' && (
          <PreviewContent
            shown={shown}
            name={file.name}
            onUnplayable={() => setShown({ state: 'ready', kind: 'none' })}
          />
        )}
      </div>
    </Modal>
  );
}

function PreviewContent({
  shown,
  name,
  onUnplayable,
}: {
  shown: Extract<Shown, { state: 'ready' }>;
  name: string;
  onUnplayable: () => void;
}) {
  const { t } = useTranslation();
  switch (shown.kind) {
    case 'image':
      return <img src={shown.url} alt={name} className="file-preview-image" data-testid="preview-image" />;
    case 'pdf':
      return <iframe src={shown.url} title={name} className="file-preview-frame" data-testid="preview-pdf" />;
    case 'video':
      return (
        <video
          src={shown.url}
          controls
          className="file-preview-video"
          onError={onUnplayable}
          data-testid="preview-video"
        />
      );
    case 'text':
      return (
        <>
          {shown.cut && <Typography.Text type="secondary">{t('preview.textCut')}</Typography.Text>}
          <pre className="file-preview-text" data-testid="preview-text">
            {shown.text}
          </pre>
        </>
      );
    default:
      return <Alert type="info" showIcon title={t('preview.unsupported')} data-testid="preview-unsupported" />;
  }
}
