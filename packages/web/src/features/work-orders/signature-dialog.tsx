import { useEffect, useId, useRef, useState } from 'react';
import { Alert, App, Button, Input, Modal, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSignaturePad } from '../../components/use-signature-pad';
import { showApiError } from '../../lib/form-errors';
import { useUpload, type OrderRow } from './api';

type Props = { orders: OrderRow[]; open: boolean; onClose: () => void; onDone?: () => void };

/** The typed name as the pad shows it: a brush-like face, centred, scaled down to fit the pad's width. */
function drawTypedName(canvas: HTMLCanvasElement, text: string) {
  const ctx = canvas.getContext('2d');
  if (!ctx || !text) return;
  const width = canvas.offsetWidth;
  const height = canvas.offsetHeight;
  let size = 64;
  const font = (px: number) => `italic ${px}px "KaiTi", "STKaiti", "Kaiti SC", "Segoe Script", cursive, serif`;
  ctx.font = font(size);
  while (size > 16 && ctx.measureText(text).width > width - 48) ctx.font = font((size -= 4));
  ctx.fillStyle = 'rgb(0,0,0)';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, width / 2, height / 2);
}

/**
 * The patient signs on a signature pad (signature_pad on a canvas: mouse, pen or finger); the drawing is sent as a
 * PNG for the selected orders of one patient. A patient who cannot draw (or a keyboard user: WCAG 2.1.1 and 2.5.1)
 * types their name instead: it is drawn on the pad and sent as the same PNG. Drawing replaces a typed name and
 * typing replaces a drawing. If the pad cannot start, the spec's message says so instead.
 */
export function SignatureDialog({ orders, open, onClose, onDone }: Props) {
  const { t } = useTranslation('orders');
  const { message } = App.useApp();
  const [typed, setTyped] = useState('');
  const typedNow = useRef('');
  useEffect(() => {
    typedNow.current = typed;
  });
  // a stroke on the pad replaces a typed name (the text drawn on the pad goes with it)
  const { canvasRef, padRef, failed, setFailed } = useSignaturePad(open, (pad) => {
    if (!typedNow.current) return;
    pad.clear();
    setTyped('');
  });
  const upload = useUpload();
  const hintId = useId();
  const typedId = useId();

  // a dialog opened again starts empty
  const close = () => {
    setTyped('');
    onClose();
  };

  const type = (text: string) => {
    setTyped(text);
    const pad = padRef.current;
    if (!pad || !canvasRef.current) return;
    pad.clear();
    drawTypedName(canvasRef.current, text.trim());
  };
  const clear = () => {
    padRef.current?.clear();
    setTyped('');
  };

  const submit = async () => {
    const pad = padRef.current;
    if (!pad) {
      setFailed(true);
      return;
    }
    if (pad.isEmpty() && !typed.trim()) {
      message.warning(t('sign.empty'));
      return;
    }
    // the pad (the drawing or the typed name on it) as a PNG for the upload; toBlob, not a fetch of its data: URL,
    // which the Content-Security-Policy's connect-src refuses
    const blob = await new Promise<Blob | null>((resolve) => canvasRef.current!.toBlob(resolve, 'image/png'));
    if (!blob) {
      setFailed(true);
      return;
    }
    try {
      await upload.mutateAsync({ ids: orders.map((o) => o.id), kind: 1, file: blob, name: 'signature.png' });
      message.success(t('done', { action: t('action.sign') }));
      close();
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
      onCancel={close}
      destroyOnHidden
      mask={{ closable: false }}
      footer={
        <Space>
          <Button onClick={clear} disabled={failed} data-testid="signature-clear">
            {t('sign.clear')}
          </Button>
          <Button onClick={close}>{t('common:action.cancel')}</Button>
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
          <Typography.Text id={hintId}>{t('sign.hint')}</Typography.Text>
          <canvas
            ref={canvasRef}
            className="wo-signature-canvas"
            role="img"
            aria-label={t('sign.pad')}
            aria-describedby={hintId}
            data-testid="signature-canvas"
          />
          <div className="wo-signature-typed">
            <label htmlFor={typedId}>{t('sign.typed')}</label>
            <Input
              id={typedId}
              value={typed}
              maxLength={30}
              autoComplete="off"
              placeholder={orders[0]?.patientName}
              onChange={(e) => type(e.target.value)}
              onPressEnter={() => void submit()}
              data-testid="signature-typed"
            />
          </div>
        </>
      )}
    </Modal>
  );
}
