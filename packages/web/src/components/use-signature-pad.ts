import { useEffect, useRef, useState } from 'react';
import type SignaturePad from 'signature_pad';

/**
 * A signature pad (signature_pad on a canvas: mouse, pen or finger) started while `active`: once the canvas is laid
 * out it is sized for the screen's pixel ratio; `failed` when the pad cannot start (the spec's "no signature board").
 * `onBeginStroke` runs when a stroke starts (the work-order dialog drops a typed name then).
 */
export function useSignaturePad(active = true, onBeginStroke?: (pad: SignaturePad) => void) {
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const onBegin = useRef(onBeginStroke);
  useEffect(() => {
    onBegin.current = onBeginStroke;
  });
  const padRef = useRef<SignaturePad | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!active) return;
    let cancelled = false;
    // wait for a dialog to lay out the canvas
    const timer = window.setTimeout(async () => {
      setFailed(false);
      try {
        const canvas = canvasRef.current;
        if (!canvas || !canvas.getContext('2d')) throw new Error('no canvas');
        const { default: Pad } = await import('signature_pad');
        if (cancelled) return;
        const ratio = Math.max(window.devicePixelRatio || 1, 1);
        canvas.width = canvas.offsetWidth * ratio;
        canvas.height = canvas.offsetHeight * ratio;
        canvas.getContext('2d')!.scale(ratio, ratio);
        padRef.current?.off();
        padRef.current = new Pad(canvas, { backgroundColor: 'rgb(255,255,255)', penColor: 'rgb(0,0,0)' });
        const pad = padRef.current;
        pad.addEventListener('beginStroke', () => onBegin.current?.(pad));
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
  }, [active]);

  return { canvasRef, padRef, failed, setFailed };
}
