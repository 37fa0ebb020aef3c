import type { Locale } from '../i18n/locale';

// A scheduled job's cron expression in words, for the jobs list (the expression itself stays in a tooltip). The
// shapes the product's jobs use and administrators write are described: every N seconds / minutes / hours, hourly
// at a minute, daily / on weekdays / monthly at a time. Anything else answers null: the screen shows the expression.

const WEEKDAYS: Record<Locale, string[]> = {
  'zh-CN': ['周日', '周一', '周二', '周三', '周四', '周五', '周六'],
  en: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
};
const DAY_NAMES: Record<string, number> = { SUN: 0, MON: 1, TUE: 2, WED: 3, THU: 4, FRI: 5, SAT: 6 };

const num = (v: string) => (/^\d{1,2}$/.test(v) ? Number(v) : null);
const every = (v: string) => {
  if (v === '*') return 1;
  const m = /^(?:\*|0)\/(\d{1,2})$/.exec(v);
  return m ? Number(m[1]) : null;
};
const any = (v: string) => v === '*' || v === '?';
const pad = (n: number) => String(n).padStart(2, '0');

function weekday(v: string): number | null {
  const n = /^\d$/.test(v) ? Number(v) % 7 : DAY_NAMES[v.toUpperCase()];
  return n === undefined ? null : n;
}

/** The cron expression (5 fields, minute first, or 6-7, second first) in words of the locale; null when unusual. */
export function describeCron(expression: string, locale: Locale): string | null {
  const fields = expression.trim().split(/\s+/);
  if (fields.length === 5) fields.unshift('0');
  if (fields.length === 7 && any(fields[6]!)) fields.pop();
  if (fields.length !== 6) return null;
  const [sec, min, hour, dom, month, dow] = fields as [string, string, string, string, string, string];
  if (!any(month)) return null;
  const zh = locale === 'zh-CN';

  if (any(dom) && any(dow)) {
    // every N seconds, minutes, hours
    const s = every(sec);
    if (s !== null && any(min) && any(hour)) return zh ? `每 ${s} 秒` : s === 1 ? 'Every second' : `Every ${s} seconds`;
    if (num(sec) === 0) {
      const m = every(min);
      if (m !== null && any(hour)) return zh ? `每 ${m} 分钟` : m === 1 ? 'Every minute' : `Every ${m} minutes`;
      const h = every(hour);
      if (h !== null && num(min) !== null) {
        const at = num(min)!;
        if (h === 1) return zh ? `每小时第 ${at} 分` : `Every hour at minute ${at}`;
        return zh ? `每 ${h} 小时（第 ${at} 分）` : `Every ${h} hours at minute ${at}`;
      }
    }
  }
  const h = num(hour);
  const m = num(min);
  const s = num(sec);
  if (h === null || m === null || s === null || h > 23 || m > 59 || s > 59) return null;
  const time = s ? `${pad(h)}:${pad(m)}:${pad(s)}` : `${pad(h)}:${pad(m)}`;
  if (any(dom) && any(dow)) return zh ? `每天 ${time}` : `Daily at ${time}`;
  if (any(dom) && /^(1-5|MON-FRI)$/i.test(dow)) return zh ? `工作日 ${time}` : `Weekdays at ${time}`;
  if (any(dom)) {
    const d = weekday(dow);
    if (d === null) return null;
    return zh ? `每${WEEKDAYS[locale][d]} ${time}` : `Every ${WEEKDAYS[locale][d]} at ${time}`;
  }
  const day = num(dom);
  if (day !== null && day >= 1 && day <= 31 && any(dow))
    return zh ? `每月 ${day} 日 ${time}` : `Monthly on day ${day} at ${time}`;
  if (dom === 'L' && any(dow)) return zh ? `每月最后一天 ${time}` : `On the last day of each month at ${time}`;
  return null;
}
