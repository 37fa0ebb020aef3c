import { useState, type ReactNode } from 'react';
import { App, Button, Image, Popconfirm, Space, Tag, Tooltip, Typography, Upload } from 'antd';
import { ArrowLeftOutlined, ArrowRightOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PRODUCT_PICTURE_LIMITS, type ProductPicture } from '@rehab/shared';
import { showApiError } from '../../../lib/form-errors';
import { usePictureUrl, useProductPictures, useRemovePicture, useSortPictures, useUploadPicture } from './api';

/** A picture: a square thumbnail that opens the large preview (of its preview group) when clicked. */
export function PictureThumb({ id, size, alt }: { id: number; size: number; alt: string }) {
  const url = usePictureUrl(id);
  return url ? (
    <Image src={url} alt={alt} width={size} height={size} className="md-picture-img" data-testid={`thumb-${id}`} />
  ) : (
    <div className="md-picture-img md-picture-loading" style={{ width: size, height: size }} />
  );
}

/** Moves a picture one place (an icon button named by its tooltip). */
function MoveButton({ label, icon, onClick }: { label: string; icon: ReactNode; onClick: () => void }) {
  return (
    <Tooltip title={label}>
      <Button type="text" size="small" icon={icon} aria-label={label} onClick={onClick} />
    </Tooltip>
  );
}

/** The cover of a listed product, with how many pictures it has. */
export function CoverCell({ pictureId, count, name }: { pictureId: number; count: number; name: string }) {
  const { t } = useTranslation('master-data');
  return (
    <span className="md-cover-cell" data-testid="cover-thumb">
      <PictureThumb id={pictureId} size={40} alt={name} />
      {count > 1 && <span className="md-cover-count">{t('pictures.count', { count })}</span>}
    </span>
  );
}

/**
 * The pictures of a saved product in the form: the first is the cover; upload (JPEG, PNG or WebP, 5 MB, six at
 * most), make cover, move left or right and remove when the user may edit; a click previews a picture large.
 */
export function ProductPicturesField({ productId, editable }: { productId: number; editable: boolean }) {
  const { t } = useTranslation('master-data');
  const { message } = App.useApp();
  const pictures = useProductPictures(productId);
  const upload = useUploadPicture(productId);
  const remove = useRemovePicture();
  const sort = useSortPictures();
  const [uploading, setUploading] = useState(false);
  const list = pictures.data ?? [];
  const failed = (error: unknown) => showApiError(error, t('pictures.failed'), message.error);

  const move = (from: number, to: number) => {
    const ids = list.map((p) => p.id);
    const [id] = ids.splice(from, 1);
    ids.splice(to, 0, id!);
    sort.mutate({ body: { productId, ids } }, { onError: failed });
  };

  return (
    <div className="md-pictures" data-testid="product-pictures">
      <Image.PreviewGroup>
        <div className="md-picture-grid">
          {list.map((p: ProductPicture, i) => (
            <div className="md-picture" key={p.id} data-testid="picture-card">
              <PictureThumb id={p.id} size={104} alt={t('pictures.alt', { n: i + 1 })} />
              {i === 0 && (
                <Tag color="blue" className="md-picture-cover">
                  {t('pictures.cover')}
                </Tag>
              )}
              {editable && (
                <Space size={0} className="md-picture-actions">
                  {i > 0 && (
                    <Button type="link" size="small" onClick={() => move(i, 0)} data-testid="picture-make-cover">
                      {t('pictures.makeCover')}
                    </Button>
                  )}
                  {i > 0 && (
                    <MoveButton
                      label={t('pictures.left')}
                      icon={<ArrowLeftOutlined />}
                      onClick={() => move(i, i - 1)}
                    />
                  )}
                  {i < list.length - 1 && (
                    <MoveButton
                      label={t('pictures.right')}
                      icon={<ArrowRightOutlined />}
                      onClick={() => move(i, i + 1)}
                    />
                  )}
                  <Popconfirm
                    title={t('pictures.removeConfirm')}
                    okText={t('actions.delete')}
                    cancelText={t('common:action.cancel')}
                    okButtonProps={{ danger: true, 'data-testid': 'picture-remove-confirm' } as never}
                    onConfirm={() => remove.mutateAsync({ body: { id: p.id } }).catch(failed)}
                  >
                    <Button
                      type="text"
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('actions.delete')}
                      data-testid="picture-remove"
                    />
                  </Popconfirm>
                </Space>
              )}
            </div>
          ))}
          {editable && list.length < PRODUCT_PICTURE_LIMITS.max && (
            <Upload
              accept="image/jpeg,image/png,image/webp"
              showUploadList={false}
              multiple
              customRequest={async ({ file, onSuccess }) => {
                setUploading(true);
                try {
                  await upload(file as Blob);
                  message.success(t('pictures.uploaded'));
                } catch (error) {
                  failed(error);
                } finally {
                  setUploading(false);
                  onSuccess?.({});
                }
              }}
            >
              <button type="button" className="md-picture-add" disabled={uploading} data-testid="picture-upload">
                <PlusOutlined />
                <span>{uploading ? t('pictures.uploading') : t('pictures.upload')}</span>
              </button>
            </Upload>
          )}
        </div>
      </Image.PreviewGroup>
      <Typography.Text type="secondary" className="md-picture-hint">
        {list.length === 0 && !editable ? t('pictures.none') : t('pictures.hint', { max: PRODUCT_PICTURE_LIMITS.max })}
      </Typography.Text>
    </div>
  );
}
