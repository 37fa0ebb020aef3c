import type { Bi, ChoiceItem, NumberItem, ScaleBand, ScaleItem, ScaleOption, TextItem } from '../types';

export const bi = (zh: string, en: string): Bi => ({ zh, en });

/** An option; `[value, score, zh, en]`. */
export const opt = (value: string | number, score: number | null, zh: string, en: string): ScaleOption => ({
  value,
  score,
  label: bi(zh, en),
});

/** Options from a table of `[score, zh, en]` rows; the score is also the stored value. */
export const scored = (rows: [number, string, string][]): ScaleOption[] =>
  rows.map(([score, zh, en]) => opt(score, score, zh, en));

/** An "not testable" answer that adds nothing to a total. */
export const NT = (value = 'NT', zh = '无法检查 (NT)', en = 'Not testable (NT)'): ScaleOption => ({
  value,
  score: null,
  label: bi(zh, en),
  untestable: true,
});

type Extra = Partial<Pick<ScaleItem, 'group' | 'optional' | 'hint'>>;

export const choice = (key: string, zh: string, en: string, options: ScaleOption[], extra: Extra = {}): ChoiceItem => ({
  kind: 'choice',
  key,
  label: bi(zh, en),
  options,
  ...extra,
});

export const num = (
  key: string,
  zh: string,
  en: string,
  range: { min: number; max: number; step?: number; unit?: Bi },
  extra: Extra = {},
): NumberItem => ({
  kind: 'number',
  key,
  label: bi(zh, en),
  min: range.min,
  max: range.max,
  step: range.step ?? 1,
  ...(range.unit ? { unit: range.unit } : {}),
  ...extra,
});

export const text = (key: string, zh: string, en: string, maxLength = 500, extra: Extra = {}): TextItem => ({
  kind: 'text',
  key,
  label: bi(zh, en),
  maxLength,
  optional: true,
  ...extra,
});

/**
 * Contiguous half-open bands from `[min, zh, en]` rows in ascending order: each band ends where the next starts, the
 * last ends at `end` (exclusive; one step above the maximum total).
 */
export const bands = (end: number, rows: [number, string, string][]): ScaleBand[] =>
  rows.map(([min, labelZh, labelEn], i) => ({
    min,
    max: i + 1 < rows.length ? rows[i + 1]![0] : end,
    labelZh,
    labelEn,
  }));

/** Items sharing an option list, from `[key, zh, en]` rows. */
export const sameOptions = (
  rows: [string, string, string][],
  options: ScaleOption[],
  extra: Extra = {},
): ChoiceItem[] => rows.map(([key, zh, en]) => choice(key, zh, en, options, extra));

/**
 * The note of a licence-controlled instrument (issue 21): the form keeps short item names and neutral anchors, never
 * the published questions or criteria.
 */
export const licenceNote = (ownerZh: string, ownerEn: string): Bi =>
  bi(
    `受版权保护的量表（${ownerZh}）：本系统仅显示项目简称、中性评分提示与得分，不复制原版题目与评分标准；请使用经授权的正式量表评定后录入得分。`,
    `Licence-controlled instrument (© ${ownerEn}): the form shows only short item names, neutral score anchors and the scores, not the published questions or criteria; assess with the authorised original form and record the scores here.`,
  );

/** Neutral anchors for a licence-controlled domain score 0..max: how many of the domain's points were obtained. */
export const domainPoints = (max: number): ScaleOption[] => {
  const out: ScaleOption[] = [];
  for (let n = 0; n <= max; n++) {
    if (n === 0) out.push(opt(n, n, '均未得分', 'No points obtained'));
    else if (n === max) out.push(opt(n, n, `满分（${max}/${max}）`, `Full marks (${max}/${max})`));
    else out.push(opt(n, n, `得${n}分（共${max}分）`, `${n} of ${max} points`));
  }
  return out;
};

export const SIDES = [
  { key: 'R', zh: '右', en: 'right' },
  { key: 'L', zh: '左', en: 'left' },
] as const;

export const UNIT = {
  s: bi('秒', 's'),
  m: bi('米', 'm'),
  deg: bi('度', '°'),
  pct: bi('%', '%'),
  cm: bi('厘米', 'cm'),
};
