import { Alert, App, Button, Modal, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSignaturePad } from '../../components/use-signature-pad';
import { showApiError } from '../../lib/form-errors';
import { useUpload, type OrderRow } from './api';

type Props = { orders: OrderRow[]; open: boolean; onClose: () => void; onDone?: () => void };

/**
 * The patient signs on a signature pad (signature_pad on a canvas: mouse, pen or finger); the drawing is sent as a
 * PNG for the selected orders of one patient. If the pad cannot start, the spec's message says so instead.
 */
export function SignatureDialog({ orders, open, onClose, onDone }: Props) {
  const { t } = useTranslation('orders');
  const { message } = App.useApp();
  const { canvasRef, padRef, failed, setFailed } = useSignaturePad(open);
  const upload = useUpload();

  const submit = async () => {
    const pad = padRef.current;
    if (!pad) {
      setFailed(true);
      return;
    }
    if (pad.isEmpty()) {
      message.warning(t('sign.empty'));
      return;
    }
    // not an API call: turns the pad's data: URL into a Blob for the upload
    const blob = await (await fetch(pad.toDataURL('image/png'))).blob();
    try {
      await upload.mutateAsync({ ids: orders.map((o) => o.id), kind: 1, file: blob, name: 'signature.png' });
      message.success(t('done', { action: t('action.sign') }));
      onClose();
      onDone?.();
    } catch (error) {
      showApiError(error, t('failed', { action: t('action.sign') }), message.error);
    }
  };

  return (
    <Modal
      open={open}
      title={t('sign.title')}
      width={720}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
      footer={
        <Space>
          <Button onClick={() => padRef.current?.clear()} disabled={failed} data-testid="signature-clear">
            {t('sign.clear')}
          </Button>
          <Button onClick={onClose}>{t('common:action.cancel')}</Button>
          <Button
            type="primary"
            onClick={submit}
            loading={upload.isPending}
            disabled={failed}
            data-testid="signature-submit"
          >
            {t('sign.submit')}
          </Button>
        </Space>
      }
    >
      {orders[0] && (
        <Typography.Paragraph type="secondary">
          {t('sign.for', { patient: orders[0].patientName, count: orders.length })}
        </Typography.Paragraph>
      )}
      {failed ? (
        <Alert type="error" showIcon title={t('sign.noBoard')} data-testid="signature-failed" />
      ) : (
        <>
          <Typography.Text>{t('sign.hint')}</Typography.Text>
          <canvas ref={canvasRef} className="wo-signature-canvas" data-testid="signature-canvas" />
        </>
      )}
    </Modal>
  );
}
