import { PATHS, type IconName } from '../../components/icons';
import styles from './components/toast.module.css';

type Tone = 'success' | 'error';

const GLYPHS: Record<Tone, IconName> = { success: 'checkCircle', error: 'closeCircle' };

let holder: HTMLDivElement | null = null;

/**
 * A short message at the top of the window, like Ant Design's message (3 s): plain DOM outside React, so it
 * stays while the app goes on to the next screen (the "login successful" of spec section 4 is read on the
 * checkout or home screen) and needs no antd on the login page.
 */
export function showToast(text: string, tone: Tone = 'success', seconds = 3) {
  if (!holder || !holder.isConnected) {
    holder = document.createElement('div');
    holder.className = styles.holder;
    holder.setAttribute('role', 'status');
    holder.setAttribute('aria-live', 'polite');
    document.body.appendChild(holder);
  }
  const notice = document.createElement('div');
  notice.className = styles.notice;
  notice.dataset.tone = tone;
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  const glyph = PATHS[GLYPHS[tone]];
  svg.setAttribute('viewBox', glyph.viewBox);
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('class', styles.icon!);
  for (const d of glyph.d) {
    const path = document.createElementNS(ns, 'path');
    path.setAttribute('d', d);
    svg.appendChild(path);
  }
  const label = document.createElement('span');
  label.textContent = text;
  notice.append(svg, label);
  holder.appendChild(notice);
  window.setTimeout(() => {
    notice.dataset.leaving = 'true';
    window.setTimeout(() => notice.remove(), 200);
  }, seconds * 1000);
}

/**
 * Removes the notices still shown: a sign-in clears the login page's own (issue 21: "verification code sent"
 * followed the user onto the home page); only the sign-in's own message goes on to the next screen.
 */
export function clearToasts() {
  holder?.replaceChildren();
}
