import { describe, expect, it } from 'vitest';
import {
  checkAnswers,
  findBand,
  getScale,
  scorePartial,
  scoreScale,
  SCALES,
  toFhirQuestionnaire,
  type ScaleAnswers,
  type ScaleDefinition,
  type ScaleItem,
} from './index';

const scale = (code: string) => {
  const def = getScale(code);
  if (!def) throw new Error(`no scale ${code}`);
  return def;
};
const choiceScores = (item: ScaleItem) =>
  item.kind === 'choice' ? item.options.map((o) => o.score).filter((s): s is number => s !== null) : [];
const counted = (def: ScaleDefinition) =>
  def.items.filter(
    (i) => i.kind !== 'text' && (!def.totalGroups || (i.group !== undefined && def.totalGroups.includes(i.group))),
  );

/** Every raw total the items can reach (choice items only), each with one set of answers reaching it. */
function reachable(def: ScaleDefinition): Map<number, ScaleAnswers> {
  let sums = new Map<number, ScaleAnswers>([[0, {}]]);
  for (const item of counted(def)) {
    if (item.kind !== 'choice') throw new Error('choice items only');
    const next = new Map<number, ScaleAnswers>();
    for (const [sum, answers] of sums) {
      for (const o of item.options) {
        if (o.score === null) continue;
        const s = sum + o.score;
        if (!next.has(s)) next.set(s, { ...answers, [item.key]: o.value });
      }
    }
    sums = next;
  }
  return sums;
}

/** Answers giving every required item its lowest-scoring option (or the minimum number). */
function lowest(def: ScaleDefinition): ScaleAnswers {
  const out: ScaleAnswers = {};
  for (const i of def.items) {
    if (i.optional) continue;
    if (i.kind === 'choice') {
      const min =
        [...i.options].filter((o) => o.score !== null).sort((a, b) => a.score! - b.score!)[0] ?? i.options[0]!;
      out[i.key] = min.value;
    } else if (i.kind === 'number') out[i.key] = i.min;
  }
  return out;
}
const withAll = (def: ScaleDefinition, value: string | number, group?: string): ScaleAnswers =>
  Object.fromEntries(def.items.filter((i) => !group || i.group === group).map((i) => [i.key, value]));

const EXPECTED_CODES = [
  'barthel',
  'mbi',
  'fim',
  'iadl',
  'mrs',
  'gos',
  'sf36',
  'comprehensive-evaluation',
  'mas',
  'mmt',
  'rom',
  'fugl-meyer',
  'brunnstrom',
  'arat',
  'wmft',
  'carroll',
  'constant',
  'bbs',
  'tinetti',
  'tug',
  'holden',
  'fac',
  'hoffer',
  'balance-grade',
  'static-balance-of-straight-leg-sitting-position',
  'attitude-evaluation',
  '6mwt',
  'morse',
  'glasgow',
  'pgcs',
  'glasgow-pittsburgh',
  'nihss',
  'css',
  'crs-r',
  'rancho',
  'hoehn-yahr',
  'gmfcs',
  'gmfm',
  'asia',
  'mmse',
  'moca',
  'hamd',
  'hama',
  'sds',
  'sas',
  'gds',
  'phq9',
  'vas',
  'nrs',
  'kubota',
  'ssa',
  'frenchay',
  'wab',
  'abc',
  'braden',
  'dhi',
  'borg',
  'mmrc',
  'odi',
  'joa-lumbar',
  'joa-cervical',
  'harris',
  'lysholm',
];

describe('scale catalogue', () => {
  it('defines every scale page of the reference catalogue except the ones listed as missing', () => {
    expect(SCALES.map((s) => s.code).sort()).toEqual([...EXPECTED_CODES].sort());
  });
  it('has unique codes', () => {
    expect(new Set(SCALES.map((s) => s.code)).size).toBe(SCALES.length);
  });
});

describe.each(SCALES.map((s) => [s.code, s] as const))('definition %s', (_code, def) => {
  it('has names, unique well-formed item keys and labels in both languages', () => {
    expect(def.code).toMatch(/^[a-z0-9-]+$/);
    expect(def.name.zh && def.name.en && def.description.zh && def.description.en).toBeTruthy();
    expect(def.items.length).toBeGreaterThan(0);
    const keys = def.items.map((i) => i.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const item of def.items) {
      expect(item.key).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(item.label.zh.length * item.label.en.length).toBeGreaterThan(0);
    }
  });

  it('has options with unique values and labels, numbers with a valid range, groups that exist', () => {
    const groupKeys = new Set((def.groups ?? []).map((g) => g.key));
    for (const item of def.items) {
      if (item.group !== undefined && def.groups) expect(groupKeys.has(item.group), item.key).toBe(true);
      if (item.kind === 'choice') {
        expect(item.options.length, item.key).toBeGreaterThan(1);
        const values = item.options.map((o) => String(o.value));
        expect(new Set(values).size, item.key).toBe(values.length);
        for (const o of item.options) {
          expect(o.label.zh && o.label.en, `${item.key}=${o.value}`).toBeTruthy();
          if (o.untestable) expect(o.score).toBeNull();
          else if (o.score !== null) expect(Number.isFinite(o.score)).toBe(true);
        }
      }
      if (item.kind === 'number') {
        expect(item.min).toBeLessThan(item.max);
        expect(item.step).toBeGreaterThan(0);
      }
    }
  });

  it('has a total range matching its items and group maxima matching their items (sum scales)', () => {
    if (def.shape !== 'sum') return;
    const lo = counted(def).reduce((s, i) => s + (i.kind === 'number' ? i.min : Math.min(...choiceScores(i))), 0);
    const hi = counted(def).reduce((s, i) => s + (i.kind === 'number' ? i.max : Math.max(...choiceScores(i))), 0);
    const f = (n: number) => {
      let v = def.factor ? (def.factor.rounding === 'floor' ? Math.floor(n * def.factor.by) : n * def.factor.by) : n;
      if (def.cap !== undefined) v = Math.min(v, def.cap);
      return v;
    };
    expect(def.totalRange).toEqual({ min: f(lo), max: f(hi) });
    for (const g of def.groups ?? []) {
      if (g.max === undefined || g.aggregate === 'mean') continue;
      const items = def.items.filter((i) => i.group === g.key);
      const max = items.reduce((s, i) => s + (i.kind === 'number' ? i.max : Math.max(...choiceScores(i))), 0);
      expect(max, g.key).toBe(g.max);
    }
  });

  it('has bands that are contiguous half-open intervals covering the total range', () => {
    if (!def.bands) return;
    expect(def.totalRange).toBeDefined();
    const { min, max } = def.totalRange!;
    expect(def.bands[0]!.min).toBe(min);
    def.bands.forEach((b, i) => {
      expect(b.min).toBeLessThan(b.max);
      expect(b.labelZh && b.labelEn).toBeTruthy();
      if (i > 0) expect(b.min).toBe(def.bands![i - 1]!.max);
    });
    const end = def.bands.at(-1)!.max;
    expect(end).toBeGreaterThan(max);
    expect(end).toBeLessThanOrEqual(max + 1);
  });

  it('gives every reachable total a band (sum scales of choice items)', () => {
    if (def.shape !== 'sum' || !def.bands || counted(def).some((i) => i.kind !== 'choice')) return;
    for (const [, answers] of reachable(def)) {
      const full = { ...lowest(def), ...answers };
      const result = scoreScale(def, full);
      expect(result.band, `total ${result.total}`).not.toBeNull();
      expect(result.band!.min).toBeLessThanOrEqual(result.total!);
      expect(result.total!).toBeLessThan(result.band!.max);
    }
  });

  it('stores only short item names for copyrighted scales', () => {
    if (def.licence !== 'COPYRIGHT') return;
    for (const item of def.items) {
      expect(item.label.zh.length, item.key).toBeLessThanOrEqual(30);
      expect(item.label.en.length, item.key).toBeLessThanOrEqual(60);
      expect(item.hint).toBeUndefined();
    }
  });

  it('accepts its lowest answers and refuses a missing, unknown or out-of-range item', () => {
    const answers = lowest(def);
    expect(checkAnswers(def, answers).ok).toBe(true);
    const required = def.items.find((i) => !i.optional);
    if (required) {
      const { [required.key]: _, ...rest } = answers;
      expect(checkAnswers(def, rest)).toEqual({ ok: false, issue: { kind: 'missing', key: required.key } });
      expect(checkAnswers(def, { ...answers, [required.key]: 'no-such-value' })).toEqual({
        ok: false,
        issue: { kind: 'outOfRange', key: required.key },
      });
    }
    expect(checkAnswers(def, { ...answers, zzz: 1 })).toEqual({ ok: false, issue: { kind: 'unknown', key: 'zzz' } });
  });

  it('is a structurally valid FHIR R4 Questionnaire in both languages', () => {
    for (const locale of ['zh-CN', 'en'] as const) {
      const q = toFhirQuestionnaire(def, locale);
      expect(q.resourceType).toBe('Questionnaire');
      expect(q.id).toMatch(/^[A-Za-z0-9\-.]{1,64}$/);
      expect(q.name).toMatch(/^[A-Z][A-Za-z0-9_]{0,254}$/);
      expect(q.status).toBe('active');
      expect(q.url).toMatch(/^urn:/);
      expect(q.title).toBe(locale === 'en' ? def.name.en : def.name.zh);
      expect(q.item.map((i) => i.linkId)).toEqual(def.items.map((i) => i.key));
      for (const item of q.item) {
        expect(['choice', 'integer', 'decimal', 'text']).toContain(item.type);
        expect(typeof item.required).toBe('boolean');
        if (item.type === 'choice') {
          expect(item.answerOption!.length).toBeGreaterThan(1);
          for (const o of item.answerOption!) expect(o.valueCoding.code && o.valueCoding.display).toBeTruthy();
        } else expect(item.answerOption).toBeUndefined();
      }
      expect(JSON.parse(JSON.stringify(q))).toEqual(q);
    }
  });
});

/** Answers of a sum scale reaching exactly `total` (raw), or throws when it cannot be reached. */
function answersFor(def: ScaleDefinition, raw: number): ScaleAnswers {
  const a = reachable(def).get(raw);
  if (!a) throw new Error(`${def.code}: ${raw} not reachable`);
  return { ...lowest(def), ...a };
}
const bandOf = (code: string, raw: number) => scoreScale(scale(code), answersFor(scale(code), raw));

describe('shape sum', () => {
  it('BBS: band boundaries 20/21 and 40/41, total 56', () => {
    expect(bandOf('bbs', 20).band!.labelEn).toMatch(/^High/);
    expect(bandOf('bbs', 21).band!.labelEn).toMatch(/^Medium/);
    expect(bandOf('bbs', 40).band!.labelEn).toMatch(/^Medium/);
    expect(bandOf('bbs', 41).band!.labelEn).toMatch(/^Low/);
    const all4 = scoreScale(scale('bbs'), withAll(scale('bbs'), 4));
    expect(all4.total).toBe(56);
    expect(all4.band).toEqual({
      min: 41,
      max: 57,
      labelZh: '低跌倒风险（可独立步行）',
      labelEn: 'Low fall risk (independent)',
    });
  });

  it('Barthel: 40 severe, 45 moderate, 60 moderate, 65 mild, 95 mild, 100 independent', () => {
    const label = (t: number) => bandOf('barthel', t).band!.labelEn;
    expect([40, 45, 60, 65, 95, 100].map(label)).toEqual([
      'Severe dependence',
      'Moderate dependence',
      'Moderate dependence',
      'Mild dependence',
      'Mild dependence',
      'Independent',
    ]);
  });

  it('Barthel worked example: feeding 10, bathing 0, grooming 5, dressing 5, continent, toilet 5, transfers 10, mobility 10, stairs 5 = 70', () => {
    const r = scoreScale(scale('barthel'), {
      feeding: 10,
      bathing: 0,
      grooming: 5,
      dressing: 5,
      bowels: 10,
      bladder: 10,
      toilet: 5,
      transfers: 10,
      mobility: 10,
      stairs: 5,
    });
    expect(r.total).toBe(70);
    expect(r.band!.labelZh).toBe('轻度依赖');
  });

  it('HAMD-17 (CN): 6 none, 7 and 16 possible, 17 and 24 definite, 25 severe', () => {
    const l = (t: number) => bandOf('hamd', t).band!.labelZh;
    expect([6, 7, 16, 17, 24, 25].map(l)).toEqual([
      '无抑郁',
      '可能有抑郁（轻度）',
      '可能有抑郁（轻度）',
      '肯定有抑郁（中度）',
      '肯定有抑郁（中度）',
      '严重抑郁',
    ]);
  });

  it('Fugl-Meyer: sub-scores UE/LE and the 49/50, 84/85, 95/96, 99/100 boundaries', () => {
    const def = scale('fugl-meyer');
    const all2 = scoreScale(def, withAll(def, 2));
    expect(all2).toMatchObject({ total: 100, subscores: { ue: 66, le: 34 } });
    expect(all2.band!.labelEn).toBe('No impairment');
    const l = (t: number) => bandOf('fugl-meyer', t).band!.labelEn.slice(0, 9);
    expect([49, 50, 84, 85, 95, 96, 99].map(l)).toEqual([
      'Grade I: ',
      'Grade II:',
      'Grade II:',
      'Grade III',
      'Grade III',
      'Grade IV:',
      'Grade IV:',
    ]);
  });

  it('Fugl-Meyer: a reflex item accepts only 0 or 2', () => {
    const def = scale('fugl-meyer');
    expect(checkAnswers(def, { ...withAll(def, 2), ue1: 1 })).toEqual({
      ok: false,
      issue: { kind: 'outOfRange', key: 'ue1' },
    });
  });

  it('GCS: E3V4M5 = 12 moderate; 8 severe, 9 moderate, 12/13; V=T leaves no total', () => {
    const def = scale('glasgow');
    expect(scoreScale(def, { eye: 3, verbal: 4, motor: 5 })).toMatchObject({
      total: 12,
      band: { labelEn: 'Moderate' },
    });
    expect(scoreScale(def, { eye: 2, verbal: 1, motor: 5 }).band!.labelEn).toBe('Severe (coma)');
    expect(scoreScale(def, { eye: 2, verbal: 2, motor: 5 }).band!.labelEn).toBe('Moderate');
    expect(scoreScale(def, { eye: 4, verbal: 4, motor: 5 }).band!.labelEn).toBe('Mild');
    expect(scoreScale(def, { eye: 2, verbal: 'T', motor: 4 })).toEqual({ total: null, subscores: {}, band: null });
  });

  it('NIHSS: UN is left out of the total', () => {
    const def = scale('nihss');
    const answers = { ...lowest(def), armL: 4, legL: 'UN', language: 2 };
    expect(scoreScale(def, answers)).toMatchObject({ total: 6, band: { labelEn: 'Moderate stroke' } });
    expect(scoreScale(def, { ...answers, armL: 2 })).toMatchObject({ total: 4, band: { labelEn: 'Minor stroke' } });
  });

  it('SDS: standard score = int(raw × 1.25) with reverse items; 52 normal, 53 mild', () => {
    const def = scale('sds');
    // every answer "none or a little of the time" (1): forward items 1 point, reverse items 4 points → 10 + 40 = 50
    expect(scoreScale(def, withAll(def, 1))).toMatchObject({ total: 62, band: { labelEn: 'Mild depression' } });
    expect(bandOf('sds', 42)).toMatchObject({ total: 52, band: { labelEn: 'Normal' } });
    expect(bandOf('sds', 43)).toMatchObject({ total: 53, band: { labelEn: 'Mild depression' } });
    expect(bandOf('sds', 58)).toMatchObject({ total: 72, band: { labelEn: 'Moderate depression' } });
    expect(bandOf('sds', 59)).toMatchObject({ total: 73, band: { labelEn: 'Severe depression' } });
  });

  it('MoCA: the education point never lifts the total above 30; 25 possible impairment, 26 normal', () => {
    const def = scale('moca');
    const full = { visuospatial: 5, naming: 3, attention: 6, language: 3, abstraction: 2, recall: 5, orientation: 6 };
    expect(scoreScale(def, { ...full, education: 1 }).total).toBe(30);
    expect(scoreScale(def, { ...full, recall: 1, education: 1 })).toMatchObject({
      total: 27,
      band: { labelEn: 'Normal' },
    });
    expect(scoreScale(def, { ...full, recall: 0, education: 0 })).toMatchObject({
      total: 25,
      band: { labelEn: 'Possible cognitive impairment' },
    });
  });

  it('JOA lumbar: the bladder item subtracts; -6 is the lowest total', () => {
    const def = scale('joa-lumbar');
    expect(scoreScale(def, { ...lowest(def) })).toMatchObject({ total: -6, band: { labelEn: 'Poor' } });
    expect(bandOf('joa-lumbar', 25).band!.labelEn).toBe('Excellent');
    expect(bandOf('joa-lumbar', 24).band!.labelEn).toBe('Good');
  });

  it('WAB: AQ = 2 × sum of subtests; 93.8 is within normal limits, 93.6 mild', () => {
    const def = scale('wab');
    const base = { information: 10, fluency: 10, comprehension: 9, repetition: 9.9, naming: 8 };
    expect(scoreScale(def, base)).toMatchObject({ total: 93.8, band: { labelEn: 'Within normal limits' } });
    expect(scoreScale(def, { ...base, naming: 7.9 })).toMatchObject({ total: 93.6, band: { labelEn: 'Mild' } });
  });

  it('Frenchay: the score counts the "a" grades per section', () => {
    const def = scale('frenchay');
    const r = scoreScale(def, { ...withAll(def, 'a'), tongue_rest: 'c', tongue_speech: 'b' });
    expect(r.total).toBe(26);
    expect(r.subscores.tongue).toBe(4);
    expect(r.band!.labelEn).toBe('Mild');
    expect(scoreScale(def, withAll(def, 'a')).band!.labelEn).toBe('Normal');
  });

  it('VAS: decimal values; 0.9 no pain, 1 mild, 3.9 mild, 4 moderate, 7 severe, 10 severe', () => {
    const def = scale('vas');
    const l = (v: number) => scoreScale(def, { pain: v }).band!.labelEn;
    expect([0.9, 1, 3.9, 4, 6.9, 7, 10].map(l)).toEqual([
      'No pain',
      'Mild pain',
      'Mild pain',
      'Moderate pain',
      'Moderate pain',
      'Severe pain',
      'Severe pain',
    ]);
    expect(checkAnswers(def, { pain: 10.1 }).ok).toBe(false);
    expect(checkAnswers(def, { pain: 3.25 }).ok).toBe(false);
    expect(checkAnswers(def, { pain: '3.2' })).toEqual({ ok: true, answers: { pain: 3.2 } });
  });

  it('WMFT: the total counts the functional ability items, times are a mean sub-score', () => {
    const def = scale('wmft');
    const fas = Object.fromEntries(def.items.filter((i) => i.group === 'fas').map((i) => [i.key, 3]));
    const r = scoreScale(def, { ...fas, time_t1: 2.5, time_t2: 3.5 });
    expect(r.total).toBe(45);
    expect(r.subscores).toEqual({ fas: 45, time: 3 });
  });
});

describe('shape percentAnswered (ODI)', () => {
  const def = scale('odi');
  it('divides by 5 × the answered sections: 20/50 = 40%, 16/40 = 40%', () => {
    const ten = Object.fromEntries(def.items.map((i) => [i.key, 2]));
    expect(scoreScale(def, ten)).toMatchObject({ total: 40, band: { labelEn: 'Moderate disability' } });
    const { sexLife: _a, travelling: _b, ...eight } = ten;
    expect(scoreScale(def, eight).total).toBe(40);
  });
  it('boundaries: 20% minimal, 22% moderate, 100% bed-bound, none answered → no total', () => {
    const answers = (points: number[]) => Object.fromEntries(points.map((p, i) => [def.items[i]!.key, p]));
    expect(scoreScale(def, answers([1, 1, 1, 1, 1, 1, 1, 1, 1, 1])).band!.labelEn).toBe('Minimal disability');
    expect(scoreScale(def, answers([2, 1, 1, 1, 1, 1, 1, 1, 1, 1]))).toMatchObject({
      total: 22,
      band: { labelEn: 'Moderate disability' },
    });
    expect(scoreScale(def, answers([5, 5, 5]))).toMatchObject({
      total: 100,
      band: { labelEn: 'Bed-bound or exaggerating' },
    });
    expect(scoreScale(def, {})).toEqual({ total: null, subscores: {}, band: null });
  });
});

describe('shape dimensionMean (GMFM-88)', () => {
  const def = scale('gmfm');
  it('dimension % = raw / max × 100 and total = mean of the five; NT counts 0', () => {
    expect(scoreScale(def, withAll(def, 3)).total).toBe(100);
    const onlyA = { ...withAll(def, 0), ...withAll(def, 3, 'A') };
    expect(scoreScale(def, onlyA)).toEqual({ total: 20, subscores: { A: 100, B: 0, C: 0, D: 0, E: 0 }, band: null });
    const aNt = { ...withAll(def, 3), i1: 'NT' };
    // A: 48 / 51 = 94.12%; total (94.1176 + 400) / 5 = 98.82
    expect(scoreScale(def, aNt)).toMatchObject({ total: 98.82, subscores: { A: 94.12 } });
  });
});

describe('shape domainMean (RAND-36)', () => {
  const def = scale('sf36');
  it('recodes answers to 0-100 and averages each domain; no total', () => {
    const answers = { ...withAll(def, 1), q3: 3, q4: 2 };
    const r = scoreScale(def, answers);
    expect(r.total).toBeNull();
    expect(r.band).toBeNull();
    // PF: q3 100, q4 50, eight items 0 → 150 / 10
    expect(r.subscores.pf).toBe(15);
    // RP answered "yes" (limited) on all four → 0; GH q1 excellent 100, q33 definitely true 0, q34 100, q35 0, q36 100
    expect(r.subscores.rp).toBe(0);
    expect(r.subscores.gh).toBe(60);
    // MH: q24, q25, q28 negative at "all of the time" → 0; q26, q30 positive → 100
    expect(r.subscores.mh).toBe(40);
  });
});

describe('shape stages', () => {
  it('Brunnstrom stores the stage per segment, with no total and no band', () => {
    const def = scale('brunnstrom');
    const answers = { side: 'L', upperLimb: 'III', hand: 'II', lowerLimb: 'IV' };
    expect(scoreScale(def, checkAnswers(def, answers).ok ? answers : {})).toEqual({
      total: null,
      subscores: {},
      band: null,
      levels: answers,
    });
    expect(checkAnswers(def, { ...answers, hand: 'VII' })).toEqual({
      ok: false,
      issue: { kind: 'outOfRange', key: 'hand' },
    });
  });
  it('MAS keeps "1+" as its own value per muscle and side; untested muscles may be left out', () => {
    const def = scale('mas');
    const checked = checkAnswers(def, { elbowFlexors_L: '1+', kneeExtensors_R: 2 });
    expect(checked).toEqual({ ok: true, answers: { elbowFlexors_L: '1+', kneeExtensors_R: '2' } });
    expect(scoreScale(def, { elbowFlexors_L: '1+' }).levels).toEqual({ elbowFlexors_L: '1+' });
  });
});

describe('shape measure', () => {
  it('TUG: seconds banded at 10, 20 and 30', () => {
    const def = scale('tug');
    const l = (s: number) => scoreScale(def, { seconds: s }).band!.labelEn;
    expect([9.9, 10, 19.9, 20, 29.9, 30].map(l)).toEqual([
      'Normal',
      'Mostly independent',
      'Mostly independent',
      'Limited mobility, needs assistance',
      'Limited mobility, needs assistance',
      'Dependent',
    ]);
  });
  it('6MWT: the distance is the total, without bands; ROM has no total', () => {
    expect(scoreScale(scale('6mwt'), { distance: 420, hrAfter: 110 })).toMatchObject({ total: 420, band: null });
    expect(scoreScale(scale('rom'), { kneeFlexion_L: 95 })).toMatchObject({
      total: null,
      levels: { kneeFlexion_L: 95 },
    });
  });
});

describe('shape kubota', () => {
  const def = scale('kubota');
  it('grade I within 5 s is normal, over 5 s suspicious; II suspicious; III-V abnormal', () => {
    expect(scoreScale(def, { grade: 1, seconds: 5 }).band!.labelEn).toMatch(/^Normal/);
    expect(scoreScale(def, { grade: 1, seconds: 5.1 }).band!.labelEn).toMatch(/^Suspicious/);
    expect(scoreScale(def, { grade: 2, seconds: 3 }).band!.labelEn).toMatch(/^Suspicious/);
    expect(scoreScale(def, { grade: 3 })).toMatchObject({ total: 3, band: { labelEn: 'Abnormal (grades III-V)' } });
  });
});

describe('shape asia', () => {
  const def = scale('asia');
  const normal = (): ScaleAnswers => {
    const a: ScaleAnswers = {};
    for (const i of def.items) {
      if (i.key.startsWith('motor') && !i.key.includes('Level')) a[i.key] = 5;
      else if (i.key.startsWith('lt') || i.key.startsWith('pp')) a[i.key] = 2;
    }
    return { ...a, vac: 'yes', dap: 'yes', ais: 'E' };
  };
  it('a normal examination gives motor 100 (UEMS 50, LEMS 50), LT 112, PP 112', () => {
    const answers = normal();
    expect(checkAnswers(def, answers).ok).toBe(true);
    const r = scoreScale(def, answers);
    expect(r.total).toBe(100);
    expect(r.subscores).toMatchObject({ uems: 50, lems: 50, uemsR: 25, lemsL: 25, lt: 112, pp: 112, ltR: 56 });
    expect(r.levels).toMatchObject({ ais: 'E', vac: 'yes', dap: 'yes', derived_ais: 'E', derived_nli: 'INT' });
  });
  it('a paraplegic example: lower key muscles 0, sensation absent below T10 → motor 50, LT/PP 36 per side; NT leaves the side undetermined', () => {
    const answers = normal();
    for (const k of Object.keys(answers)) {
      if (k.includes('_lower_')) answers[k] = 0;
      const d = k.split('_').at(-1)!;
      const below = ['T11', 'T12', 'L1', 'L2', 'L3', 'L4', 'L5', 'S1', 'S2', 'S3', 'S4-5'];
      if ((k.startsWith('lt') || k.startsWith('pp')) && below.includes(d)) answers[k] = 0;
    }
    const r = scoreScale(def, { ...answers, vac: 'no', dap: 'no', ais: 'A' });
    expect(r).toMatchObject({ total: 50, subscores: { uems: 50, lems: 0, ltR: 34, pp: 68 } });
    const nt = scoreScale(def, { ...answers, ltL_T4: 'NT' });
    expect(nt.subscores).toMatchObject({ ltL: null, lt: null, ltR: 34 });
  });
});

describe('live scoring of a form', () => {
  it('scores the answers given so far and ignores values not allowed', () => {
    const def = scale('bbs');
    expect(scorePartial(def, { sitToStand: 4, standUnsupported: '3', transfers: 9 }).total).toBe(7);
  });
  it('findBand is half-open', () => {
    const bands = [
      { min: 0, max: 10, labelZh: 'a', labelEn: 'a' },
      { min: 10, max: 20, labelZh: 'b', labelEn: 'b' },
    ];
    expect(findBand(bands, 10)!.labelEn).toBe('b');
    expect(findBand(bands, 20)).toBeNull();
    expect(findBand(bands, null)).toBeNull();
  });
});
