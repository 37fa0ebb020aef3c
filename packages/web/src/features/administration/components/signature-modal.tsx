import { App, Button, Empty, Image, Modal, Space, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SIGNATURE_MAX_BYTES, type AdminUserRow } from '@rehab/shared';
import { useSignatureImage, useUploadSignature } from '../api/signature';
import { showApiError } from '../../../lib/form-errors';
import { SIGNATURE_ACCEPT, signatureFileProblem } from '../../../lib/signature';

/**
 * The signature image of a user (spec section 2, signature upload): shows the current one and uploads a new one.
 * The browser checks the type and the 5 MB limit first; the server checks the content again.
 */
export function SignatureModal({ user, onClose }: { user: AdminUserRow | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const image = useSignatureImage(user?.id ?? null);
  const upload = useUploadSignature();

  const handleFile = async (file: File) => {
    const problem = signatureFileProblem(file, SIGNATURE_MAX_BYTES);
    if (problem) {
      message.error(t(problem === 'type' ? 'signature.typeError' : 'signature.sizeError'));
      return false;
    }
    try {
      await upload.mutateAsync({ userId: user!.id, file });
      message.success(t('signature.uploaded'));
    } catch (error) {
      showApiError(error, t('common:status.failure', { action: t('signature.upload') }), message.error);
    }
    return false;
  };

  return (
    <Modal
      open={user !== null}
      title={user ? t('signature.title', { name: user.name }) : ''}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('common:action.close')}</Button>}
      width={520}
      destroyOnHidden
    >
      <Space orientation="vertical" style={{ width: '100%' }} size="middle">
        <div className="admin-signature" data-testid="signature-preview">
          {image.data ? (
            <Image src={image.data} alt={t('signature.view')} style={{ maxHeight: 200 }} />
          ) : (
            <Empty description={t('signature.none')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
          )}
        </div>
        <Upload accept={SIGNATURE_ACCEPT} showUploadList={false} beforeUpload={handleFile} maxCount={1}>
          <Button icon={<UploadOutlined />} loading={upload.isPending} data-testid="signature-upload">
            {t('signature.upload')}
          </Button>
        </Upload>
        <Typography.Text type="secondary">{t('signature.hint')}</Typography.Text>
      </Space>
    </Modal>
  );
}
