/**
 * Outpatient numbers (门诊号) from a per-organization counter and a format of the deployment (OUTPATIENT_NO_FORMAT):
 * literal text with the tokens {YYYY}, {YY}, {MM}, {DD} (the clinic day of the registration) and one {SEQ:n} (the
 * counter, zero-padded to n digits, 1-10). The counter runs per period: the date tokens the format names, so
 * `MZ{YYYY}{SEQ:6}` starts again at 1 each year and `{YY}{MM}{DD}{SEQ:4}` each day; a format without a date token
 * never starts again.
 */
export const DEFAULT_OUTPATIENT_NO_FORMAT = 'MZ{YYYY}{SEQ:6}';

const TOKEN = /\{(YYYY|YY|MM|DD|SEQ:(\d{1,2}))\}/g;

/** Why a format cannot number anything, or null when it can (also: the longest number fits the 30 characters). */
export function outpatientFormatProblem(format: string): string | null {
  const seqs = [...format.matchAll(TOKEN)].filter((m) => m[1]!.startsWith('SEQ'));
  if (seqs.length !== 1) return 'the format needs exactly one {SEQ:n} token';
  const digits = Number(seqs[0]![2]);
  if (digits < 1 || digits > 10) return '{SEQ:n} takes 1 to 10 digits';
  const longest = formatOutpatientNo(format, '2026-12-31', 10 ** digits - 1);
  if (longest.length > 30) return 'a number of this format is longer than 30 characters';
  if (/[{}]/.test(format.replace(TOKEN, ''))) return 'unknown token (known: {YYYY} {YY} {MM} {DD} {SEQ:n})';
  return null;
}

/** The counter's period of a clinic day (`YYYY-MM-DD`): the date tokens of the format, or 'all'. */
export function outpatientCounterPeriod(format: string, day: string): string {
  const parts = [...format.matchAll(TOKEN)].map((m) => m[1]!).filter((t) => !t.startsWith('SEQ'));
  if (!parts.length) return 'all';
  const [y, m, d] = day.split('-') as [string, string, string];
  const has = (t: string) => parts.includes(t);
  // a period is at least as fine as its finest token: a format with {DD} but no {MM} still counts per day
  return has('DD') ? `${y}${m}${d}` : has('MM') ? `${y}${m}` : y;
}

/** The number of counter value `seq` on clinic day `day` (`YYYY-MM-DD`). */
export function formatOutpatientNo(format: string, day: string, seq: number): string {
  const [y, m, d] = day.split('-') as [string, string, string];
  return format.replace(TOKEN, (_all, token: string, digits?: string) => {
    switch (token) {
      case 'YYYY':
        return y;
      case 'YY':
        return y.slice(2);
      case 'MM':
        return m;
      case 'DD':
        return d;
      default:
        return String(seq).padStart(Number(digits), '0');
    }
  });
}
