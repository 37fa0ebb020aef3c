import type { Locale } from './locale';

/**
 * A configured duration as a sentence names it: whole hours as hours, whole minutes as minutes, else seconds
 * (`1 小时`, `30 minutes`, `6 seconds`). The idle-timeout message names the configured limit with it (issue 22).
 */
export function durationText(ms: number, locale: Locale): string {
  const zh = locale === 'zh-CN';
  const unit = (n: number, zhUnit: string, en: string) => (zh ? `${n} ${zhUnit}` : `${n} ${en}${n === 1 ? '' : 's'}`);
  if (ms >= 3_600_000 && ms % 3_600_000 === 0) return unit(ms / 3_600_000, '小时', 'hour');
  if (ms >= 60_000 && ms % 60_000 === 0) return unit(ms / 60_000, '分钟', 'minute');
  return unit(Math.max(1, Math.round(ms / 1000)), '秒', 'second');
}
