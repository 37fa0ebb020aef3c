import { useEffect, useState, type ReactNode } from 'react';

export const STAGE_WIDTH = 1920;
export const STAGE_HEIGHT = 1080;

/** The scale that fits the 1920x1080 stage into the window, keeping its proportions (letterboxed). */
export function fitScale(width: number, height: number) {
  return Math.min(width / STAGE_WIDTH, height / STAGE_HEIGHT);
}

/**
 * A fixed 1920x1080 canvas scaled with CSS `transform` to any screen (a 1366 laptop, a 4K TV), centred on black:
 * the text and charts keep their proportions instead of stretching.
 */
export function Stage({ children }: { children: ReactNode }) {
  const [scale, setScale] = useState(() => fitScale(window.innerWidth, window.innerHeight));
  useEffect(() => {
    let frame = 0;
    const onResize = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setScale(fitScale(window.innerWidth, window.innerHeight)));
    };
    window.addEventListener('resize', onResize);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', onResize);
    };
  }, []);
  return (
    <div className="bs-viewport">
      <div
        className="bs-stage"
        data-testid="big-screen-stage"
        style={{ width: STAGE_WIDTH, height: STAGE_HEIGHT, transform: `translate(-50%, -50%) scale(${scale})` }}
      >
        {children}
      </div>
    </div>
  );
}
