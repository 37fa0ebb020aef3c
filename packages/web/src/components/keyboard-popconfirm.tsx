import { useEffect, useId, useRef, useState } from 'react';
import { Popconfirm, type PopconfirmProps } from 'antd';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The first focusable element after `el` in the page's order (the Tab key's next stop), if any. */
function nextFocusable(el: HTMLElement): HTMLElement | undefined {
  return Array.from(document.querySelectorAll<HTMLElement>(FOCUSABLE)).find(
    (c) => el.compareDocumentPosition(c) & Node.DOCUMENT_POSITION_FOLLOWING && c.offsetParent !== null,
  );
}

/**
 * Ant Design's Popconfirm made usable from the keyboard (issue 24, WCAG 2.1.1 and 2.4.3): the bubble is drawn at the
 * end of the page, out of the Tab order of the button that opened it, so a keyboard user could open it with Enter
 * but never reach its buttons. Here, when it opens, the focus moves to its OK button (Tab reaches Cancel); Escape
 * closes it (without closing a dialog around it); when it closes, the focus goes back to the button that opened it.
 * Same props as Popconfirm.
 */
export function KeyboardPopconfirm({ okButtonProps, onOpenChange, ...props }: PopconfirmProps) {
  const okId = useId();
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const change = (next: boolean) => {
    if (next) opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setOpen(next);
    onOpenChange?.(next);
  };
  const changeRef = useRef(change);
  useEffect(() => {
    changeRef.current = change;
  });

  useEffect(() => {
    if (!open) {
      // back to the opener when the focus was in the bubble (now gone) or nowhere; an action that turns its own
      // button off (execute, check in) disables the opener a moment later: then the next control after it
      const back = opener.current;
      opener.current = null;
      if (!back) return;
      let tries = 0;
      const restore = () => {
        const active = document.activeElement;
        if (active && active !== document.body && !active.closest('.ant-popover')) return true;
        if (!back.isConnected) return true;
        if (!(back as HTMLButtonElement).disabled) back.focus();
        else nextFocusable(back)?.focus();
        return false;
      };
      restore();
      // watch a little while: the opener may be disabled (and lose the focus) once the action's data arrives
      const timer = window.setInterval(() => {
        if (++tries > 60 || (restore() && tries > 20)) window.clearInterval(timer);
      }, 50);
      return () => window.clearInterval(timer);
    }
    // the bubble renders (and animates in) after the state change: try until its OK button takes the focus
    let tries = 0;
    const timer = window.setInterval(() => {
      const ok = document.getElementById(okId);
      if (ok) ok.focus();
      if (document.activeElement === ok || ++tries > 30) window.clearInterval(timer);
    }, 30);
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.stopPropagation();
      changeRef.current?.(false);
    };
    document.addEventListener('keydown', onKey, true);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('keydown', onKey, true);
    };
  }, [open, okId]);

  return (
    <Popconfirm
      {...props}
      open={open}
      onOpenChange={change}
      okButtonProps={{ ...okButtonProps, id: okId } as PopconfirmProps['okButtonProps']}
    />
  );
}
