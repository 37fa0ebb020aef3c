import { App, Button, Empty, Image, Space, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SIGNATURE_MAX_BYTES } from '@rehab/shared';
import { showApiError } from '../../../lib/form-errors';
import { SIGNATURE_ACCEPT, signatureFileProblem, useSignatureImage, useUploadSignature } from '../../../lib/signature';

/**
 * One's own signature image (spec section 2: signature setting or upload): the current image and an upload of a
 * photographed or scanned signature. A signature board is not part of this installation, so none is offered.
 */
export function SignatureSetting({ userId }: { userId: number }) {
  const { t } = useTranslation('profile');
  const { message } = App.useApp();
  const image = useSignatureImage(userId);
  const upload = useUploadSignature();

  const handleFile = async (file: File) => {
    const problem = signatureFileProblem(file, SIGNATURE_MAX_BYTES);
    if (problem) {
      message.error(t(problem === 'type' ? 'signature.typeError' : 'signature.sizeError'));
      return false;
    }
    try {
      await upload.mutateAsync({ userId, file, own: true });
      message.success(t('signature.uploaded'));
    } catch (error) {
      showApiError(error, t('common:status.failure', { action: t('signature.upload') }), message.error);
    }
    return false;
  };

  return (
    <Space orientation="vertical" style={{ width: '100%', maxWidth: 560 }} size="middle">
      <div className="my-center-signature" data-testid="my-signature-preview">
        {image.data ? (
          <Image src={image.data} alt={t('signature.title')} style={{ maxHeight: 200 }} />
        ) : (
          <Empty description={t('signature.none')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
        )}
      </div>
      <Upload accept={SIGNATURE_ACCEPT} showUploadList={false} beforeUpload={handleFile} maxCount={1}>
        <Button icon={<UploadOutlined />} loading={upload.isPending} data-testid="my-signature-upload">
          {t('signature.upload')}
        </Button>
      </Upload>
      <Typography.Text type="secondary">{t('signature.hint')}</Typography.Text>
    </Space>
  );
}
