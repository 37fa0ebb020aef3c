import { forwardRef, useImperativeHandle } from 'react';
import { Alert, Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSignaturePad } from '../../components/use-signature-pad';

export type SignaturePadHandle = {
  /** the drawing as a PNG data URL, or null when nothing was drawn */
  png(): string | null;
  clear(): void;
};

/**
 * A signature pad (signature_pad on a canvas: mouse, pen or finger), as the work orders take a patient's signature;
 * the drawing goes to the server as a PNG. If the pad cannot start, the spec's message says so.
 */
export const SignatureCanvas = forwardRef<SignaturePadHandle, { testId: string; hint: string }>(
  function SignatureCanvas({ testId, hint }, ref) {
    const { t } = useTranslation('telemedicine');
    const { canvasRef, padRef, failed } = useSignaturePad();

    useImperativeHandle(ref, () => ({
      png: () => (padRef.current && !padRef.current.isEmpty() ? padRef.current.toDataURL('image/png') : null),
      clear: () => padRef.current?.clear(),
    }));

    if (failed) return <Alert type="error" showIcon title={t('sign.noBoard')} />;
    return (
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Space style={{ justifyContent: 'space-between', width: '100%' }}>
          <Typography.Text type="secondary">{hint}</Typography.Text>
          <Button size="small" onClick={() => padRef.current?.clear()}>
            {t('sign.clear')}
          </Button>
        </Space>
        <canvas
          ref={canvasRef}
          data-testid={testId}
          style={{ width: '100%', height: 140, border: '1px dashed #bfbfbf', borderRadius: 6, touchAction: 'none' }}
        />
      </Space>
    );
  },
);
