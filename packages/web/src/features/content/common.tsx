import { useState } from 'react';
import { App, Button, Empty, Image, Modal, Space, Spin, Tabs, Tag, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { contentEndpoints, type ContentStatus } from '@rehab/shared';
import { endpointKey, uploadEndpoint } from '../../lib/endpoints';
import { showApiError } from '../../lib/form-errors';
import { useSession } from '../../lib/session';
import { useMedia } from './api';
import './content.css';
import { sanitizeHtml } from '../../lib/safe-html';

const STATUS_COLORS: Record<ContentStatus, string> = {
  draft: 'default',
  review: 'processing',
  scheduled: 'purple',
  published: 'success',
  unpublished: 'warning',
};

export function StatusTag({ status }: { status: ContentStatus }) {
  const { t } = useTranslation('content');
  return (
    <Tag color={STATUS_COLORS[status]} data-testid="content-status">
      {t(`status.${status}`)}
    </Tag>
  );
}

/** The address the mini-program (and this screen) loads a media-library image from. */
export function useMediaUrl() {
  const { organization } = useSession();
  return (id: number) => `/api/sys/applet/${organization?.id ?? 0}/media/${id}`;
}

/**
 * The media library as a picker: the organization's images, an upload (checked by the server by content, at most
 * 5 MB, compressed) and a click to choose one.
 */
export function MediaPicker({ onPick, onClose }: { onPick: (id: number) => void; onClose: () => void }) {
  const { t } = useTranslation('content');
  const { message } = App.useApp();
  const media = useMedia();
  const url = useMediaUrl();
  const queryClient = useQueryClient();
  const [uploading, setUploading] = useState(false);
  return (
    <Modal open title={t('media.title')} onCancel={onClose} footer={null} width={720} destroyOnHidden>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Upload
          accept="image/jpeg,image/png,image/gif,image/webp"
          showUploadList={false}
          customRequest={async ({ file }) => {
            const form = new FormData();
            form.append('file', file as Blob);
            setUploading(true);
            try {
              await uploadEndpoint(contentEndpoints.upload, {}, form);
              await queryClient.invalidateQueries({ queryKey: endpointKey(contentEndpoints.media) });
              message.success(t('media.uploaded'));
            } catch (error) {
              showApiError(error, t('failed'), message.error);
            } finally {
              setUploading(false);
            }
          }}
        >
          <Button icon={<UploadOutlined />} loading={uploading} data-testid="media-upload">
            {t('media.upload')}
          </Button>
        </Upload>
        <span className="content-hint">{t('media.hint')}</span>
        {media.isLoading ? (
          <Spin />
        ) : media.data?.length ? (
          <div className="content-media-grid">
            {media.data.map((m) => (
              <button
                type="button"
                key={m.id}
                className="content-media-cell"
                onClick={() => onPick(m.id)}
                data-testid={`media-${m.id}`}
                title={m.name}
              >
                <img src={url(m.id)} alt={m.name} />
                <span>{Math.ceil(m.size / 1024)} KB</span>
              </button>
            ))}
          </div>
        ) : (
          <Empty description={t('media.empty')} />
        )}
      </Space>
    </Modal>
  );
}

/** A thumbnail of a chosen image, or nothing. */
export function MediaThumb({ id }: { id: number | null }) {
  const url = useMediaUrl();
  return id ? <Image src={url(id)} width={96} height={64} style={{ objectFit: 'cover' }} /> : null;
}

/**
 * The mini-program preview: the restricted HTML the server renders (what the mini-program's rich-text shows), in a
 * phone-sized frame, zh and en.
 */
export function PreviewModal({ html, onClose }: { html: { zh: string; en: string }; onClose: () => void }) {
  const { t } = useTranslation('content');
  const frame = (body: string) => (
    <div className="content-phone" data-testid="content-preview">
      {/* the server's restricted HTML: scripts, handlers, links, frames and video already removed */}
      <div
        className="content-phone-body"
        dangerouslySetInnerHTML={{ __html: body ? sanitizeHtml(body) : `<p>${t('preview.empty')}</p>` }}
      />
    </div>
  );
  return (
    <Modal open title={t('preview.title')} onCancel={onClose} footer={null} width={460} destroyOnHidden>
      <p className="content-hint">{t('preview.hint')}</p>
      <Tabs
        items={[
          { key: 'zh', label: '中文', children: frame(html.zh) },
          { key: 'en', label: 'English', children: frame(html.en) },
        ]}
      />
    </Modal>
  );
}
