import { describe, expect, it } from 'vitest';
import {
  classifyIsncsci,
  ISNCSCI_DERMATOMES,
  ISNCSCI_KEY_MUSCLES,
  isncsciExamOf,
  type IsncsciExam,
  type IsncsciSideExam,
} from './isncsci';
import { getScale } from './registry';
import { checkAnswers, scorePartial, scoreScale } from './scoring';
import type { ScaleAnswers } from './types';

/**
 * A side written compactly: key muscle grades C5-T1, L2-S1 (10 characters), light touch and pin prick C2 ... S4-5
 * (28 characters each); `N` is NT.
 */
type SideText = { m: string; lt: string; pp: string; nk?: string };
const cell = (c: string) => (c === 'N' ? null : Number(c));
function side(t: SideText): IsncsciSideExam {
  expect(t.m).toHaveLength(10);
  expect(t.lt).toHaveLength(28);
  expect(t.pp).toHaveLength(28);
  const out: IsncsciSideExam = { motor: {}, lt: {}, pp: {}, lowestNonKeyMuscle: t.nk ?? null };
  ISNCSCI_KEY_MUSCLES.forEach(([l], i) => (out.motor[l] = cell(t.m[i]!)));
  ISNCSCI_DERMATOMES.forEach((d, i) => {
    out.lt[d] = cell(t.lt[i]!);
    out.pp[d] = cell(t.pp[i]!);
  });
  return out;
}
const exam = (R: SideText, L: SideText, vac: boolean | null, dap: boolean | null): IsncsciExam => ({
  R: side(R),
  L: side(L),
  vac,
  dap,
});
const rep = (c: string, n: number) => c.repeat(n);
const NORMAL: SideText = { m: rep('5', 10), lt: rep('2', 28), pp: rep('2', 28) };

// The InStep module 5 assessment cases A-E of the Rick Hansen Institute ISNCSCI algorithm validation set (S4a:
// expected levels, NLI and AIS). Their ZPPs were computed with the pre-2019 scope; the expectations below apply the
// 2019 scope (motor ZPP only without VAC; sensory ZPP on a side only without DAP and without S4-5 LT/PP there).
const CASE_A = exam(
  { m: '5322100000', lt: '222222110011' + rep('0', 16), pp: '222221' + rep('0', 22) },
  { m: '4440000000', lt: '22222' + rep('0', 23), pp: '22222' + rep('0', 23) },
  false,
  false,
);
const CASE_B = exam(
  { m: '5555500000', lt: rep('2', 19) + rep('0', 9), pp: rep('2', 19) + rep('0', 9) },
  { m: '5555500000', lt: rep('2', 18) + '1' + rep('0', 9), pp: rep('2', 18) + '0' + rep('0', 9) },
  false,
  false,
);
const CASE_C = exam(
  { m: '5555530000', lt: rep('2', 19) + '111000011', pp: rep('2', 19) + '110000011' },
  { m: '5555540000', lt: rep('2', 19) + '211000011', pp: rep('2', 19) + '211000012' },
  false,
  false,
);
const CASE_D = exam(
  { m: '4121123113', lt: '222' + '00000' + rep('1', 11) + rep('0', 9), pp: '222' + '00000' + '2' + rep('0', 19) },
  {
    m: '4311143444',
    lt: '222' + '11' + '000' + '0' + rep('1', 9) + '0' + '0' + '0000' + '0' + '0' + '11',
    pp: '222' + '000000' + '000' + '1111' + '0' + '11' + rep('0', 9),
  },
  true,
  true,
);
const E_SIDE = rep('2', 19) + '11' + rep('0', 7);
const CASE_E = exam(
  { m: '5555510000', lt: E_SIDE, pp: E_SIDE },
  { m: '5555531000', lt: E_SIDE, pp: E_SIDE },
  false,
  true,
);

describe('ISNCSCI worked examples (RHI validation set, InStep module 5)', () => {
  it('the sensory totals of the transcribed cases match the published totals', () => {
    const sum = (s: IsncsciSideExam, k: 'lt' | 'pp' | 'motor') =>
      Object.values(s[k]).reduce<number>((a, b) => a + (b ?? 0), 0);
    expect([sum(CASE_A.R, 'lt'), sum(CASE_A.L, 'lt'), sum(CASE_A.R, 'pp'), sum(CASE_A.R, 'motor')]).toEqual([
      16, 10, 11, 13,
    ]);
    expect([sum(CASE_C.R, 'lt'), sum(CASE_C.L, 'lt'), sum(CASE_C.R, 'pp'), sum(CASE_C.L, 'pp')]).toEqual([
      43, 44, 42, 45,
    ]);
    expect([sum(CASE_D.R, 'lt'), sum(CASE_D.L, 'lt'), sum(CASE_D.R, 'pp'), sum(CASE_D.L, 'pp')]).toEqual([
      17, 19, 8, 12,
    ]);
    expect([sum(CASE_D.R, 'motor'), sum(CASE_D.L, 'motor'), sum(CASE_E.L, 'lt')]).toEqual([19, 29, 40]);
  });

  it('case A: C5 AIS A, sensory C6/C6, motor C6/C5, ZPP sensory T5/C6, motor T1/C7', () => {
    expect(classifyIsncsci(CASE_A)).toEqual({
      sensoryLevelR: 'C6',
      sensoryLevelL: 'C6',
      motorLevelR: 'C6',
      motorLevelL: 'C5',
      nli: 'C5',
      ais: 'A',
      zppSensoryR: 'T5',
      zppSensoryL: 'C6',
      zppMotorR: 'T1',
      zppMotorL: 'C7',
    });
  });

  it('case B: T11 AIS A; in non-key-muscle segments the motor level follows the sensory level', () => {
    expect(classifyIsncsci(CASE_B)).toEqual({
      sensoryLevelR: 'T12',
      sensoryLevelL: 'T11',
      motorLevelR: 'T12',
      motorLevelL: 'T11',
      nli: 'T11',
      ais: 'A',
      zppSensoryR: 'T12',
      zppSensoryL: 'T12',
      zppMotorR: 'T12',
      zppMotorL: 'T11',
    });
  });

  it('case C: T12 AIS B (sacral sensation, no motor function more than three levels below); motor ZPP without VAC', () => {
    expect(classifyIsncsci(CASE_C)).toEqual({
      sensoryLevelR: 'T12',
      sensoryLevelL: 'L1',
      motorLevelR: 'T12',
      motorLevelL: 'L2',
      nli: 'T12',
      ais: 'B',
      zppSensoryR: 'NA',
      zppSensoryL: 'NA',
      zppMotorR: 'L2',
      zppMotorL: 'L2',
    });
  });

  it('case D: C4 AIS D (VAC; 10 of the 20 key muscles below the NLI at grade 3 or more); no ZPP with VAC and DAP', () => {
    expect(classifyIsncsci(CASE_D)).toEqual({
      sensoryLevelR: 'C4',
      sensoryLevelL: 'C4',
      motorLevelR: 'C5',
      motorLevelL: 'C5',
      nli: 'C4',
      ais: 'D',
      zppSensoryR: 'NA',
      zppSensoryL: 'NA',
      zppMotorR: 'NA',
      zppMotorL: 'NA',
    });
  });

  it('case E: T12 AIS B (DAP only); motor ZPP L2/L3 without VAC, sensory ZPP NA with DAP', () => {
    expect(classifyIsncsci(CASE_E)).toEqual({
      sensoryLevelR: 'T12',
      sensoryLevelL: 'T12',
      motorLevelR: 'T12',
      motorLevelL: 'T12',
      nli: 'T12',
      ais: 'B',
      zppSensoryR: 'NA',
      zppSensoryL: 'NA',
      zppMotorR: 'L2',
      zppMotorL: 'L3',
    });
  });
});

describe('ISNCSCI grades beyond the validation cases', () => {
  it('a normal examination is E with every level intact and no ZPP', () => {
    expect(classifyIsncsci(exam(NORMAL, NORMAL, true, true))).toEqual({
      sensoryLevelR: 'INT',
      sensoryLevelL: 'INT',
      motorLevelR: 'INT',
      motorLevelL: 'INT',
      nli: 'INT',
      ais: 'E',
      zppSensoryR: 'NA',
      zppSensoryL: 'NA',
      zppMotorR: 'NA',
      zppMotorL: 'NA',
    });
  });

  it('VAC makes an injury motor incomplete: case B with VAC is C (no key muscle below T11 at grade 3); the sensory ZPP stays without DAP', () => {
    const r = classifyIsncsci({ ...CASE_B, vac: true });
    expect(r).toMatchObject({ nli: 'T11', ais: 'C', zppMotorR: 'NA', zppSensoryR: 'T12' });
  });

  it('sensory sparing plus motor function more than three levels below the motor level is C', () => {
    // case E (T12 on both sides) with the left ankle plantar flexors (S1) at grade 1: S1 is more than 3 below T12
    const withS1 = classifyIsncsci({ ...CASE_E, L: { ...CASE_E.L, motor: { ...CASE_E.L.motor, S1: 1 } } });
    expect(withS1.ais).toBe('C');
    // L3 is exactly three levels below T12 (L1, L2, L3): still B
    const withL3 = classifyIsncsci({ ...CASE_E, R: { ...CASE_E.R, motor: { ...CASE_E.R.motor, L3: 1 } } });
    expect(withL3.ais).toBe('B');
  });

  it('2019: a non-key muscle more than three levels below the motor level turns B into C', () => {
    expect(classifyIsncsci({ ...CASE_E, R: { ...CASE_E.R, lowestNonKeyMuscle: 'L4' } }).ais).toBe('C');
    expect(classifyIsncsci({ ...CASE_E, R: { ...CASE_E.R, lowestNonKeyMuscle: 'L3' } }).ais).toBe('B');
  });

  it('D needs at least half of the key muscles below the NLI at grade 3 or more', () => {
    // T10 paraplegia with VAC: 10 key muscles below the NLI (L2-S1 both sides)
    const below = rep('2', 17) + rep('1', 11);
    const withLower = (m: string): SideText => ({ m: '55555' + m, lt: below, pp: below });
    expect(classifyIsncsci(exam(withLower('33333'), withLower('00000'), true, true)).ais).toBe('D'); // 5 of 10
    expect(classifyIsncsci(exam(withLower('33332'), withLower('00000'), true, true)).ais).toBe('C'); // 4 of 10
    expect(classifyIsncsci(exam(withLower('33333'), withLower('00000'), true, true)).nli).toBe('T10');
  });

  it('a key muscle below 3 puts the motor level above it, in the C1-C4 region following the sensory level', () => {
    const weakC5: SideText = { ...NORMAL, m: '2' + rep('5', 9) };
    expect(classifyIsncsci(exam(weakC5, NORMAL, true, true))).toMatchObject({ motorLevelR: 'C4', nli: 'C4', ais: 'D' });
    const c3: SideText = { ...NORMAL, lt: '22' + rep('0', 26), pp: '22' + rep('0', 26) };
    expect(classifyIsncsci(exam(c3, c3, false, false))).toMatchObject({ sensoryLevelR: 'C3', motorLevelR: 'C3' });
  });

  it('NT leaves a value undetermined (ND) only where reading it as normal or absent changes the result', () => {
    // NT below an abnormal dermatome changes nothing
    const ntLow: SideText = { m: '5322100000', lt: '222222110011' + rep('0', 15) + 'N', pp: '222221' + rep('0', 22) };
    const a = classifyIsncsci({ ...CASE_A, R: side(ntLow) });
    expect(a).toMatchObject({ sensoryLevelR: 'C6', ais: 'ND' });
    // ... except for the grade: S4-5 light touch NT on the right may be sacral sparing (A or B)
    expect(a.range?.ais).toEqual(['A', 'B']);
    // NT at C2 of an otherwise normal examination: the sensory level is C1 or INT
    const ntC2 = classifyIsncsci(exam({ ...NORMAL, lt: 'N' + rep('2', 27) }, NORMAL, true, true));
    expect(ntC2).toMatchObject({ sensoryLevelR: 'ND', range: { sensoryLevelR: ['C1', 'INT'] } });
    expect(ntC2.sensoryLevelL).toBe('INT');
  });
});

describe('ISNCSCI 2019: the motor level where no key muscle can be tested', () => {
  // dermatome strings C2 ... S4-5: index 0 is C2, so C5 is 3, C7 is 5, T1 is 7, T2 is 8, L3 is 21
  const withDeficitAt = (index: number, value = '1'): string => rep('2', index) + value + rep('2', 27 - index);

  it('every key muscle at 5 with a sensory level above T1 gives the motor level T1, not intact', () => {
    // C7 altered on both sides only: sensory level C6; no key muscle is weak, but the sensory deficit lies within
    // the C5-T1 segments, so the motor level cannot follow the (normal) thoracic dermatomes down to INT
    const s: SideText = { m: rep('5', 10), lt: withDeficitAt(5), pp: withDeficitAt(5) };
    expect(classifyIsncsci(exam(s, s, true, true))).toMatchObject({
      sensoryLevelR: 'C6',
      sensoryLevelL: 'C6',
      motorLevelR: 'T1',
      motorLevelL: 'T1',
      nli: 'C6',
      ais: 'D',
    });
  });

  it('the same holds for the lower limb: a sensory deficit within L2-S2 with every key muscle at 5 gives S1', () => {
    const s: SideText = { m: rep('5', 10), lt: withDeficitAt(21), pp: withDeficitAt(21) };
    expect(classifyIsncsci(exam(s, s, true, true))).toMatchObject({
      sensoryLevelR: 'L2',
      motorLevelR: 'S1',
      motorLevelL: 'S1',
      nli: 'L2',
    });
  });

  it('with T1 at 5 and normal sensation down to T2, the motor level follows the sensory level into the thorax', () => {
    // sensory level T6 (T7 and below absent), upper limbs normal: motor T6 on both sides, T6 AIS A
    const t6 = rep('2', 13) + rep('0', 15);
    const s: SideText = { m: '5555500000', lt: t6, pp: t6 };
    expect(classifyIsncsci(exam(s, s, false, false))).toMatchObject({
      sensoryLevelR: 'T6',
      motorLevelR: 'T6',
      motorLevelL: 'T6',
      nli: 'T6',
      ais: 'A',
      zppSensoryR: 'T6',
      zppMotorR: 'T6',
    });
  });

  it('C5 complete tetraplegia: elbow flexors 5, wrist extensors 2, sensation to C5; ZPP C6 motor, C5 sensory', () => {
    const c5 = '222' + '2' + rep('0', 24); // C2-C5 normal
    const s: SideText = { m: '5200000000', lt: c5, pp: c5 };
    expect(classifyIsncsci(exam(s, s, false, false))).toEqual({
      sensoryLevelR: 'C5',
      sensoryLevelL: 'C5',
      motorLevelR: 'C5',
      motorLevelL: 'C5',
      nli: 'C5',
      ais: 'A',
      zppSensoryR: 'C5',
      zppSensoryL: 'C5',
      zppMotorR: 'C6',
      zppMotorL: 'C6',
    });
  });

  it('an incomplete injury: C6 with sacral sensation and most lower-limb key muscles at 3 or more is D', () => {
    // central cord pattern: weak hands (C7-T1 at 3-4), legs at 3-4, sensation altered from C7 down, S4-5 altered
    const below = rep('2', 5) + rep('1', 23);
    const s: SideText = { m: '5543343443', lt: below, pp: below };
    const r = classifyIsncsci(exam(s, s, true, true));
    expect(r).toMatchObject({ sensoryLevelR: 'C6', motorLevelR: 'C7', nli: 'C6', ais: 'D' });
    expect(r.zppMotorR).toBe('NA');
  });

  it('NT at T1 with a sensory deficit above it: the motor level is ND between C8 (NT as 0) and T1 (NT as 5)', () => {
    const s: SideText = { m: '5555N55555', lt: withDeficitAt(5), pp: withDeficitAt(5) };
    const r = classifyIsncsci(exam(s, NORMAL, true, true));
    expect(r.motorLevelR).toBe('ND');
    expect(r.range?.motorLevelR).toEqual(['C8', 'T1']);
    expect(r.motorLevelL).toBe('INT');
  });
});

describe('the asia scale answers and the scoring API shape', () => {
  const def = getScale('asia')!;
  const answersOf = (e: IsncsciExam): ScaleAnswers => {
    const a: ScaleAnswers = {};
    for (const k of ['R', 'L'] as const) {
      for (const [l, limb] of ISNCSCI_KEY_MUSCLES) a[`motor${k}_${limb}_${l}`] = e[k].motor[l] ?? 'NT';
      for (const d of ISNCSCI_DERMATOMES) {
        a[`lt${k}_${d}`] = e[k].lt[d] ?? 'NT';
        a[`pp${k}_${d}`] = e[k].pp[d] ?? 'NT';
      }
    }
    return { ...a, vac: e.vac ? 'yes' : 'no', dap: e.dap ? 'yes' : 'no', ais: 'A' };
  };

  it('the worksheet answers of case A give the same classification through scoreScale', () => {
    const answers = answersOf(CASE_A);
    expect(checkAnswers(def, answers).ok).toBe(true);
    const r = scoreScale(def, answers);
    expect(r.isncsci).toMatchObject({ nli: 'C5', ais: 'A', zppSensoryR: 'T5' });
    expect(r.subscores).toMatchObject({ uemsR: 13, uemsL: 12, ltR: 16, ltL: 10, ppR: 11, ppL: 10 });
  });

  it("derives the classification before the examiner's own grade is entered, and keeps both once it is", () => {
    const { ais: _examiner, ...withoutGrade } = answersOf(CASE_A);
    const checked = checkAnswers(def, withoutGrade);
    expect(checked.ok).toBe(true);
    const derived = scoreScale(def, withoutGrade);
    expect(derived.isncsci).toMatchObject({ nli: 'C5', ais: 'A' });
    expect(derived.levels).toMatchObject({ derived_ais: 'A', derived_nli: 'C5' });
    expect(derived.levels?.ais).toBeUndefined();
    // the examiner overrides the grade: the record keeps the examiner's B beside the derived A
    const overridden = scoreScale(def, { ...withoutGrade, ais: 'B' });
    expect(overridden.levels).toMatchObject({ ais: 'B', derived_ais: 'A' });
  });

  it('a worksheet still being filled in has no classification; the non-key muscle items are optional', () => {
    const answers = answersOf(CASE_E);
    delete answers.ltL_S3;
    expect(scorePartial(def, answers).isncsci).toBeNull();
    expect(isncsciExamOf(answers)).toBeNull();
    const full = { ...answersOf(CASE_E), nonKeyMuscleL: 'S1' };
    expect(checkAnswers(def, full).ok).toBe(true);
    expect(scoreScale(def, full).isncsci!.ais).toBe('C');
  });
});
