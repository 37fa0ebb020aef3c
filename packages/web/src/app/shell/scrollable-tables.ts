import { useEffect } from 'react';

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * Tables wider than their card scroll sideways inside Ant Design's `.ant-table-content`; when no link or button in
 * them takes the focus, a keyboard user could not scroll them (WCAG 2.1.1, axe scrollable-region-focusable). Ant
 * Design offers no prop for that element, so the shell watches the page once (screens and their dialogs, which
 * Ant Design draws outside the content region) and makes each such scroll area a named, focusable region (arrow
 * keys then scroll it), and takes that back when it no longer scrolls or holds focusable content of its own.
 */
export function useScrollableTables(name: string) {
  useEffect(() => {
    const root = document.body;
    let frame = 0;
    const update = () => {
      frame = 0;
      for (const area of root.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body')) {
        const needs =
          area.scrollWidth > area.clientWidth + 1 && !area.querySelector(FOCUSABLE) && area.offsetParent !== null;
        if (needs && area.tabIndex !== 0) {
          area.tabIndex = 0;
          area.setAttribute('role', 'region');
          area.setAttribute('aria-label', name);
        } else if (!needs && area.getAttribute('role') === 'region') {
          area.removeAttribute('tabindex');
          area.removeAttribute('role');
          area.removeAttribute('aria-label');
        }
      }
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    const observer = new MutationObserver(schedule);
    observer.observe(root, { childList: true, subtree: true });
    window.addEventListener('resize', schedule);
    schedule();
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', schedule);
      cancelAnimationFrame(frame);
    };
  }, [name]);
}
