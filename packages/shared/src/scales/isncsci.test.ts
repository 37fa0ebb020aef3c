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
