import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { Alert, Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type SignaturePad from 'signature_pad';

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
    const canvasRef = useRef<HTMLCanvasElement | null>(null);
    const padRef = useRef<SignaturePad | null>(null);
    const [failed, setFailed] = useState(false);

    useEffect(() => {
      let cancelled = false;
      const timer = window.setTimeout(async () => {
        try {
          const canvas = canvasRef.current;
          if (!canvas || !canvas.getContext('2d')) throw new Error('no canvas');
          const { default: Pad } = await import('signature_pad');
          if (cancelled) return;
          const ratio = Math.max(window.devicePixelRatio || 1, 1);
          canvas.width = canvas.offsetWidth * ratio;
          canvas.height = canvas.offsetHeight * ratio;
          canvas.getContext('2d')!.scale(ratio, ratio);
          padRef.current = new Pad(canvas, { backgroundColor: 'rgb(255,255,255)', penColor: 'rgb(0,0,0)' });
        } catch {
          if (!cancelled) setFailed(true);
        }
      }, 50);
      return () => {
        cancelled = true;
        window.clearTimeout(timer);
        padRef.current?.off();
        padRef.current = null;
      };
    }, []);

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
