import { classifyIsncsci, isncsciExamOf } from './isncsci';
import type { ChoiceItem, ScaleAnswers, ScaleBand, ScaleDefinition, ScaleItem, ScaleScore, ScaleShape } from './types';

/** Why a set of answers was refused; `key` names the item. */
export type AnswerIssue = { kind: 'missing' | 'unknown' | 'outOfRange'; key: string };

/** The band whose half-open interval [min, max) holds the total. */
export function findBand(bands: ScaleBand[] | undefined, total: number | null): ScaleBand | null {
  if (total === null || !bands) return null;
  return bands.find((b) => total >= b.min && total < b.max) ?? null;
}

const optionOf = (item: ChoiceItem, value: string | number) =>
  item.options.find((o) => String(o.value) === String(value));

/**
 * Checks answers against the definition: every required item present, no unknown item, every value one of the
 * item's options or a number within its range. Returns the answers with values in their canonical type.
 */
export function checkAnswers(
  def: ScaleDefinition,
  answers: Record<string, unknown>,
): { ok: true; answers: ScaleAnswers } | { ok: false; issue: AnswerIssue } {
  const byKey = new Map(def.items.map((i) => [i.key, i]));
  for (const key of Object.keys(answers)) {
    if (!byKey.has(key)) return { ok: false, issue: { kind: 'unknown', key } };
  }
  const out: ScaleAnswers = {};
  for (const item of def.items) {
    const raw = answers[item.key];
    if (raw === undefined || raw === null || raw === '') {
      if (item.optional) continue;
      return { ok: false, issue: { kind: 'missing', key: item.key } };
    }
    const value = normalize(item, raw);
    if (value === undefined) return { ok: false, issue: { kind: 'outOfRange', key: item.key } };
    out[item.key] = value;
  }
  return { ok: true, answers: out };
}

function normalize(item: ScaleItem, raw: unknown): string | number | undefined {
  if (item.kind === 'choice') {
    if (typeof raw !== 'string' && typeof raw !== 'number') return undefined;
    return optionOf(item, raw)?.value;
  }
  if (item.kind === 'text') return typeof raw === 'string' && raw.length <= item.maxLength ? raw : undefined;
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
  if (!Number.isFinite(n) || n < item.min || n > item.max) return undefined;
  // whole multiples of the step (tolerating floating point noise)
  const steps = (n - item.min) / item.step;
  if (Math.abs(steps - Math.round(steps)) > 1e-6) return undefined;
  return n;
}

/** Points of one answered item: a number, `null` for an untestable answer, `undefined` when not answered. */
function pointsOf(item: ScaleItem, answers: ScaleAnswers): number | null | undefined {
  const value = answers[item.key];
  if (value === undefined) return undefined;
  if (item.kind === 'choice') return optionOf(item, value)?.score ?? null;
  if (item.kind === 'number') return typeof value === 'number' ? value : Number(value);
  return undefined;
}

const maxPoints = (item: ScaleItem): number =>
  item.kind === 'choice'
    ? Math.max(...item.options.map((o) => o.score ?? -Infinity))
    : item.kind === 'number'
      ? item.max
      : 0;

const round2 = (n: number) => Math.round(n * 100) / 100;
const itemsOf = (def: ScaleDefinition, group?: string) =>
  def.items.filter((i) => i.kind !== 'text' && (group === undefined || i.group === group));

/** `sum`: item points added up; groups are sub-sums; untestable answers per the definition's rule. */
export function scoreSum(def: ScaleDefinition, answers: ScaleAnswers): ScaleScore {
  const policy = def.untestable ?? 'exclude';
  const add = (items: ScaleItem[], mean = false): number | null => {
    let total = 0;
    let count = 0;
    for (const item of items) {
      const p = pointsOf(item, answers);
      if (p === undefined) continue;
      if (p === null) {
        if (policy === 'voidTotal') return null;
        if (policy === 'zero') count++;
        continue; // 'zero' and 'exclude' both add nothing
      }
      total += p;
      count++;
    }
    if (!mean) return total;
    return count ? round2(total / count) : null;
  };
  const subscores: Record<string, number | null> = {};
  for (const g of def.groups ?? []) subscores[g.key] = add(itemsOf(def, g.key), g.aggregate === 'mean');
  const counted = def.totalGroups
    ? itemsOf(def).filter((i) => i.group !== undefined && def.totalGroups!.includes(i.group))
    : itemsOf(def);
  let total = add(counted);
  if (total !== null && def.factor) {
    total = def.factor.rounding === 'floor' ? Math.floor(total * def.factor.by + 1e-9) : round2(total * def.factor.by);
  }
  if (total !== null && def.cap !== undefined) total = Math.min(total, def.cap);
  return { total, subscores, band: findBand(def.bands, total) };
}

/** `percentAnswered`: points as a percentage of the maximum of the answered items (Oswestry). */
export function scorePercentAnswered(def: ScaleDefinition, answers: ScaleAnswers): ScaleScore {
  let points = 0;
  let max = 0;
  for (const item of itemsOf(def)) {
    const p = pointsOf(item, answers);
    if (p === undefined || p === null) continue;
    points += p;
    max += maxPoints(item);
  }
  const total = max === 0 ? null : round2((points / max) * 100);
  return { total, subscores: {}, band: findBand(def.bands, total) };
}

/** `dimensionMean`: each group as a percentage of its maximum; the total is their mean (GMFM-88; NT counts 0). */
export function scoreDimensionMean(def: ScaleDefinition, answers: ScaleAnswers): ScaleScore {
  const subscores: Record<string, number | null> = {};
  const percents: number[] = [];
  for (const g of def.groups ?? []) {
    const items = itemsOf(def, g.key);
    const points = items.reduce((s, i) => s + (pointsOf(i, answers) ?? 0), 0);
    const max = items.reduce((s, i) => s + maxPoints(i), 0);
    const pct = (points / max) * 100;
    subscores[g.key] = round2(pct);
    percents.push(pct);
  }
  const total = percents.length ? round2(percents.reduce((a, b) => a + b, 0) / percents.length) : null;
  return { total, subscores, band: findBand(def.bands, total) };
}

/** `domainMean`: each group is the mean of its answered items' 0-100 points; no total (RAND-36). */
export function scoreDomainMean(def: ScaleDefinition, answers: ScaleAnswers): ScaleScore {
  const subscores: Record<string, number | null> = {};
  for (const g of def.groups ?? []) {
    const values = itemsOf(def, g.key)
      .map((i) => pointsOf(i, answers))
      .filter((p): p is number => typeof p === 'number');
    subscores[g.key] = values.length ? round2(values.reduce((a, b) => a + b, 0) / values.length) : null;
  }
  return { total: null, subscores, band: null };
}

/** `stages`: the stage or grade recorded per segment; not summed. */
export function scoreStages(def: ScaleDefinition, answers: ScaleAnswers): ScaleScore {
  return { total: null, subscores: {}, band: null, levels: { ...answers } };
}

/** `measure`: recorded measurements; the primary measure (if any) is the total and is banded. */
export function scoreMeasure(def: ScaleDefinition, answers: ScaleAnswers): ScaleScore {
  const v = def.primary === undefined ? undefined : answers[def.primary];
  const total = typeof v === 'number' ? v : null;
  return { total, subscores: {}, band: findBand(def.bands, total), levels: { ...answers } };
}

/**
 * `kubota`: the total is the grade (1-5); grade I is normal only within 5 seconds, so grade I over 5 s is judged
 * with grade II (suspicious).
 */
export function scoreKubota(def: ScaleDefinition, answers: ScaleAnswers): ScaleScore {
  const grade = Number(answers.grade);
  const seconds = answers.seconds === undefined ? undefined : Number(answers.seconds);
  const judged = grade === 1 && seconds !== undefined && seconds > 5 ? 2 : grade;
  return { total: grade, subscores: {}, band: findBand(def.bands, judged), levels: { ...answers } };
}

/**
 * `asia`: ISNCSCI totals. Motor per side for the upper (C5-T1) and lower (L2-S1) key muscles, light touch and pin
 * prick per side; a sum with any NT is not determinable (null). The total is the motor score (0-100). `isncsci` is
 * the classification derived from the worksheet (levels, AIS, ZPP), null until every motor, sensory and anorectal
 * answer is given, and it does not wait for the examiner's own grade (`ais`, optional). `levels` keeps the examiner's
 * grade beside the derived values (`derived_ais`, `derived_nli`...).
 */
export function scoreAsia(def: ScaleDefinition, answers: ScaleAnswers): ScaleScore {
  const sumOf = (prefix: string): number | null => {
    let total = 0;
    for (const item of def.items) {
      if (!item.key.startsWith(prefix)) continue;
      const p = pointsOf(item, answers);
      if (p === null || p === undefined) return null;
      total += p;
    }
    return total;
  };
  const plus = (a: number | null, b: number | null) => (a === null || b === null ? null : a + b);
  const s: Record<string, number | null> = {
    uemsR: sumOf('motorR_upper_'),
    uemsL: sumOf('motorL_upper_'),
    lemsR: sumOf('motorR_lower_'),
    lemsL: sumOf('motorL_lower_'),
    ltR: sumOf('ltR_'),
    ltL: sumOf('ltL_'),
    ppR: sumOf('ppR_'),
    ppL: sumOf('ppL_'),
  };
  s.uems = plus(s.uemsR!, s.uemsL!);
  s.lems = plus(s.lemsR!, s.lemsL!);
  s.lt = plus(s.ltR!, s.ltL!);
  s.pp = plus(s.ppR!, s.ppL!);
  const total = plus(s.uems, s.lems);
  const levels: Record<string, string | number> = {};
  for (const key of ['ais', 'vac', 'dap']) if (answers[key] !== undefined) levels[key] = answers[key]!;
  const exam = isncsciExamOf(answers);
  const isncsci = exam ? classifyIsncsci(exam) : null;
  // the derived classification is kept beside the examiner's own (ais...), so the record holds both
  if (isncsci) {
    for (const [key, value] of Object.entries(isncsci)) if (key !== 'range') levels[`derived_${key}`] = value as string;
  }
  return { total, subscores: s, band: null, levels, isncsci };
}

const SCORERS: Record<ScaleShape, (def: ScaleDefinition, answers: ScaleAnswers) => ScaleScore> = {
  sum: scoreSum,
  percentAnswered: scorePercentAnswered,
  dimensionMean: scoreDimensionMean,
  domainMean: scoreDomainMean,
  stages: scoreStages,
  measure: scoreMeasure,
  kubota: scoreKubota,
  asia: scoreAsia,
};

/** Scores checked answers with the function of the definition's shape. */
export function scoreScale(def: ScaleDefinition, answers: ScaleAnswers): ScaleScore {
  return SCORERS[def.shape](def, answers);
}

/** A live score for a form being filled in: only the answers given so far, unchecked values ignored. */
export function scorePartial(def: ScaleDefinition, answers: Record<string, unknown>): ScaleScore {
  const clean: ScaleAnswers = {};
  for (const item of def.items) {
    const raw = answers[item.key];
    if (raw === undefined || raw === null || raw === '') continue;
    const v = normalize(item, raw);
    if (v !== undefined) clean[item.key] = v;
  }
  return scoreScale(def, clean);
}

/** Whether every required item has an answer. */
export function isComplete(def: ScaleDefinition, answers: Record<string, unknown>): boolean {
  return checkAnswers(def, answers).ok;
}
