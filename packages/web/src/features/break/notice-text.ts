import type { TFunction } from 'i18next';
import type { CurrentBreak } from '@rehab/shared';

/** The browser's own time zone, to say which clock the times are on when it is not the clinic's. */
const browserZone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return '';
  }
};

/**
 * The words of the maintenance notice (login page and shell banner): upcoming, when it runs and why; active, the
 * message and when service returns. Times are on the clinic's clock; its zone is named when the browser is on another one.
 */
export function breakNoticeText(t: TFunction<'break'>, current: CurrentBreak) {
  const zone = current.timezone !== browserZone() ? t('break:notice.zone', { zone: current.timezone }) : '';
  const range = { start: current.startTime, end: current.endTime, zone };
  // upcoming: when it runs, then what it is; active: what is going on, then when service returns
  if (current.state === 'active') {
    return {
      title: t('break:notice.activeTitle'),
      lines: [current.message, t('break:notice.activeWhen', range)],
      signIn: current.blockSignIn ? t('break:notice.signInPaused') : '',
    };
  }
  return {
    title: t('break:notice.upcomingTitle'),
    lines: [t('break:notice.upcomingWhen', range), current.message],
    signIn: current.blockSignIn ? t('break:notice.signInWillPause') : '',
  };
}
