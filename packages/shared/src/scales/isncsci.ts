import type { ScaleAnswers } from './types';

/**
 * ISNCSCI classification: the sensory and motor levels per side, the single neurological level of injury (NLI), the
 * ASIA Impairment Scale grade (AIS A-E) and the zones of partial preservation (ZPP), derived from the worksheet of the
 * `asia` scale definition.
 *
 * Rules followed: International Standards for Neurological Classification of Spinal Cord Injury, revised 2019
 * (ASIA/ISCoS; Rupp R, et al. Top Spinal Cord Inj Rehabil 2021;27(2):1-22), with the 2019 ZPP scope as explained in
 * Schuld C, et al. Spinal Cord 2024;62:79-87 ("The revised zone of partial preservation in the 2019 ISNCSCI").
 *
 * - Sensory level (per side): the most caudal dermatome with normal (2) light touch AND pin prick, all dermatomes
 *   rostral to it normal too. C2 not normal gives C1; all 28 dermatomes normal gives INT (intact).
 * - Motor level (per side): the most caudal key muscle graded >= 3 with every key muscle rostral to it graded 5.
 *   Where no key muscle can be tested (C1-C4, T2-L1, S2-S4-5) the motor function is taken to be normal when the
 *   dermatome of that segment is normal, i.e. the motor level follows the sensory level there, as long as the
 *   testable motor function above is normal. "Normal" includes the sensation of the segments of the key muscles above
 *   (2019 standard: "the motor level is presumed to be the same as the sensory level, if testable motor function above
 *   that level is also normal", as the RHI/Praxis algorithm reads it): with T1 (or S1) at 5, a sensory deficit anywhere
 *   in C5-T2 (or L2-S2) gives the motor level T1 (or S1), not a level taken from the dermatomes further down.
 *   Everything normal through S4-5 gives INT.
 * - NLI: the most rostral of the four levels.
 * - AIS: A when there is no sacral sparing (LT and PP at S4-5 absent on both sides, no DAP, no VAC). Otherwise
 *   motor incomplete when VAC is present, or when sensory sacral sparing is present and there is motor function more
 *   than three levels below the motor level of that side on either side (key muscles, or the lowest non-key muscle
 *   with motor function when it was recorded); sensory-only sparing without that is B. A motor incomplete injury is D
 *   when at least half of the key muscles below the single NLI are graded >= 3, otherwise C. E when every segment is
 *   normal (motor 5, LT and PP 2, VAC and DAP present); ISNCSCI gives E only to a person who had earlier deficits:
 *   the examiner judges that, the function cannot.
 * - ZPP (2019 scope): motor ZPPs on both sides only when VAC is absent: the most caudal key muscle with any motor
 *   function (> 0) on that side, at least the motor level; sensory ZPP on a side only when DAP is absent and LT and PP
 *   at S4-5 on that side are absent: the most caudal dermatome with any sensation (> 0), at least the sensory level.
 *   Otherwise NA (not applicable).
 * - NT (not testable): the classification is made twice, once reading every NT as normal and once as absent; a value
 *   both readings agree on is reported, any other is ND (not determinable), with the two readings in `range`.
 *
 * Acceptance tests: the InStep module 5 cases A-E of the Rick Hansen Institute ISNCSCI algorithm's validation set
 * (levels and grades; ZPP recomputed with the 2019 scope) and the examples in `isncsci.test.ts`.
 */

/** The 29 levels from C1 to S4-5 in rostro-caudal order (C1 has no dermatome of its own on the worksheet). */
export const ISNCSCI_LEVELS = [
  'C1',
  'C2',
  'C3',
  'C4',
  'C5',
  'C6',
  'C7',
  'C8',
  'T1',
  'T2',
  'T3',
  'T4',
  'T5',
  'T6',
  'T7',
  'T8',
  'T9',
  'T10',
  'T11',
  'T12',
  'L1',
  'L2',
  'L3',
  'L4',
  'L5',
  'S1',
  'S2',
  'S3',
  'S4-5',
] as const;
/** The worksheet's dermatomes, C2 to S4-5. */
export const ISNCSCI_DERMATOMES = ISNCSCI_LEVELS.slice(1);
/** The levels with a key muscle, in order, with the limb the `asia` item keys use. */
export const ISNCSCI_KEY_MUSCLES: readonly (readonly [string, 'upper' | 'lower'])[] = [
  ['C5', 'upper'],
  ['C6', 'upper'],
  ['C7', 'upper'],
  ['C8', 'upper'],
  ['T1', 'upper'],
  ['L2', 'lower'],
  ['L3', 'lower'],
  ['L4', 'lower'],
  ['L5', 'lower'],
  ['S1', 'lower'],
];

export type IsncsciSide = 'R' | 'L';
/** One side of an examination: grades per level, `null` for NT. */
export type IsncsciSideExam = {
  /** key muscle grade 0-5 by level (C5...S1) */
  motor: Record<string, number | null>;
  /** light touch 0-2 by dermatome (C2...S4-5) */
  lt: Record<string, number | null>;
  /** pin prick 0-2 by dermatome */
  pp: Record<string, number | null>;
  /** the level of the lowest non-key muscle with motor function (2019: may decide B versus C), if recorded */
  lowestNonKeyMuscle?: string | null;
};
export type IsncsciExam = {
  R: IsncsciSideExam;
  L: IsncsciSideExam;
  /** voluntary anal contraction; null for NT */
  vac: boolean | null;
  /** deep anal pressure; null for NT */
  dap: boolean | null;
};

export type AisGrade = 'A' | 'B' | 'C' | 'D' | 'E';
/** A level (C1...S4-5), INT (intact), NA (ZPP not applicable) or ND (not determinable because of NT). */
export type IsncsciValue = string;

export type IsncsciResult = {
  sensoryLevelR: IsncsciValue;
  sensoryLevelL: IsncsciValue;
  motorLevelR: IsncsciValue;
  motorLevelL: IsncsciValue;
  nli: IsncsciValue;
  ais: AisGrade | 'ND';
  zppSensoryR: IsncsciValue;
  zppSensoryL: IsncsciValue;
  zppMotorR: IsncsciValue;
  zppMotorL: IsncsciValue;
  /** for values that are ND: what the NT-as-absent and NT-as-normal readings gave */
  range?: Partial<Record<Exclude<keyof IsncsciResult, 'range'>, [string, string]>>;
};

type Fixed = { motor: number[]; lt: number[]; pp: number[]; nonKey: number | null };
type Definite = Omit<IsncsciResult, 'range'>;

const INT = ISNCSCI_LEVELS.length; // index meaning "intact"
const indexOf = (level: string) => ISNCSCI_LEVELS.indexOf(level as (typeof ISNCSCI_LEVELS)[number]);
const name = (index: number) => (index >= INT ? 'INT' : ISNCSCI_LEVELS[index]!);
const KEY_INDEX = ISNCSCI_KEY_MUSCLES.map(([l]) => indexOf(l));
/** The last key muscle of each limb (T1, S1) with the first segment of that limb's key muscles (C5, L2). */
const BLOCK_END = new Map([
  [indexOf('T1'), indexOf('C5')],
  [indexOf('S1'), indexOf('L2')],
]);

/** One side with NT read one way: grades by level index (dermatomes from 1, key muscles at their levels). */
function fixSide(side: IsncsciSideExam, best: boolean): Fixed {
  const pick = (v: number | null | undefined, normal: number) =>
    v === null || v === undefined ? (best ? normal : 0) : v;
  const lt: number[] = [2];
  const pp: number[] = [2];
  for (const d of ISNCSCI_DERMATOMES) {
    lt.push(pick(side.lt[d], 2));
    pp.push(pick(side.pp[d], 2));
  }
  const motor: number[] = [];
  ISNCSCI_KEY_MUSCLES.forEach(([l]) => (motor[indexOf(l)] = pick(side.motor[l], 5)));
  const nk = side.lowestNonKeyMuscle ? indexOf(side.lowestNonKeyMuscle) : -1;
  return { motor, lt, pp, nonKey: nk >= 0 ? nk : null };
}

/** Index of the sensory level: the last normal dermatome before the first one not normal. */
function sensoryLevel(s: Fixed): number {
  for (let i = 1; i < INT; i++) if (s.lt[i] !== 2 || s.pp[i] !== 2) return i - 1;
  return INT;
}

/** Index of the motor level (see the rules above). */
function motorLevel(s: Fixed): number {
  for (let i = 1; i < INT; i++) {
    const key = s.motor[i];
    if (key === undefined) {
      // no key muscle: normal when the dermatome is normal
      if (s.lt[i] !== 2 || s.pp[i] !== 2) return i - 1;
      continue;
    }
    if (key < 3) return i - 1;
    if (key < 5) return i;
    // the last key muscle of a limb (T1, S1) graded 5: below it no key muscle can be tested, so the motor level is
    // presumed to follow the sensory level only when sensation is normal across the limb's segments down to the next
    // one (C5-T2, L2-S2); any sensory deficit there leaves the motor level at this key muscle
    const block = BLOCK_END.get(i);
    if (block !== undefined) {
      for (let d = block; d <= i + 1; d++) if (s.lt[d] !== 2 || s.pp[d] !== 2) return i;
    }
  }
  return INT;
}

function classify(exam: IsncsciExam, best: boolean): Definite {
  const side = { R: fixSide(exam.R, best), L: fixSide(exam.L, best) };
  const vac = exam.vac ?? best;
  const dap = exam.dap ?? best;
  const sl = { R: sensoryLevel(side.R), L: sensoryLevel(side.L) };
  const ml = { R: motorLevel(side.R), L: motorLevel(side.L) };
  const nli = Math.min(sl.R, sl.L, ml.R, ml.L);
  const s45 = INT - 1;
  const sacralSensory = (x: Fixed) => x.lt[s45]! > 0 || x.pp[s45]! > 0;
  const sensorySparing = dap || sacralSensory(side.R) || sacralSensory(side.L);

  const allNormal = (['R', 'L'] as const).every(
    (k) =>
      side[k].lt.every((v) => v === 2) &&
      side[k].pp.every((v) => v === 2) &&
      KEY_INDEX.every((i) => side[k].motor[i] === 5),
  );
  let ais: AisGrade;
  if (allNormal && vac && dap) ais = 'E';
  else if (!sensorySparing && !vac) ais = 'A';
  else {
    // motor function more than three levels below the motor level of that side
    const farBelow = (k: IsncsciSide) => {
      const limit = ml[k] + 3;
      const key = KEY_INDEX.some((i) => i > limit && side[k].motor[i]! > 0);
      const nonKey = side[k].nonKey !== null && side[k].nonKey! > limit;
      return key || nonKey;
    };
    const motorIncomplete = vac || (sensorySparing && (farBelow('R') || farBelow('L')));
    if (!motorIncomplete) ais = 'B';
    else {
      const below = KEY_INDEX.filter((i) => i > nli);
      const strong = below.reduce((n, i) => n + (side.R.motor[i]! >= 3 ? 1 : 0) + (side.L.motor[i]! >= 3 ? 1 : 0), 0);
      const total = below.length * 2; // both sides
      ais = total > 0 && strong * 2 >= total ? 'D' : 'C';
    }
  }

  const motorZpp = (k: IsncsciSide) => {
    if (vac) return 'NA';
    const lowest = KEY_INDEX.filter((i) => side[k].motor[i]! > 0).at(-1) ?? -1;
    return name(Math.max(ml[k], lowest));
  };
  const sensoryZpp = (k: IsncsciSide) => {
    if (dap || sacralSensory(side[k])) return 'NA';
    let lowest = -1;
    for (let i = 1; i < INT; i++) if (side[k].lt[i]! > 0 || side[k].pp[i]! > 0) lowest = i;
    return name(Math.max(sl[k], lowest));
  };
  return {
    sensoryLevelR: name(sl.R),
    sensoryLevelL: name(sl.L),
    motorLevelR: name(ml.R),
    motorLevelL: name(ml.L),
    nli: name(nli),
    ais,
    zppSensoryR: sensoryZpp('R'),
    zppSensoryL: sensoryZpp('L'),
    zppMotorR: motorZpp('R'),
    zppMotorL: motorZpp('L'),
  };
}

/** Classifies an examination; values that NT leaves open are ND (see the module comment). */
export function classifyIsncsci(exam: IsncsciExam): IsncsciResult {
  const worst = classify(exam, false);
  const best = classify(exam, true);
  const out = { ...worst } as IsncsciResult;
  const range: IsncsciResult['range'] = {};
  for (const key of Object.keys(worst) as (keyof Definite)[]) {
    if (worst[key] !== best[key]) {
      (out as unknown as Record<string, string>)[key] = 'ND';
      range[key] = [worst[key], best[key]];
    }
  }
  if (Object.keys(range).length) out.range = range;
  return out;
}

const grade = (v: string | number | undefined): number | null | undefined => {
  if (v === undefined) return undefined;
  if (v === 'NT') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
};
const yesNo = (v: string | number | undefined): boolean | null | undefined =>
  v === undefined ? undefined : v === 'yes' ? true : v === 'no' ? false : null;

/**
 * The examination of the `asia` definition's answers (`motorR_upper_C5`, `ltL_T4`, `ppR_S4-5`, `vac`, `dap`,
 * `nonKeyMuscleR`...), or null while any motor, sensory or anorectal answer is still missing (NT is an answer).
 */
export function isncsciExamOf(answers: ScaleAnswers): IsncsciExam | null {
  const side = (k: IsncsciSide): IsncsciSideExam | null => {
    const out: IsncsciSideExam = { motor: {}, lt: {}, pp: {} };
    for (const [level, limb] of ISNCSCI_KEY_MUSCLES) {
      const g = grade(answers[`motor${k}_${limb}_${level}`]);
      if (g === undefined) return null;
      out.motor[level] = g;
    }
    for (const d of ISNCSCI_DERMATOMES) {
      const lt = grade(answers[`lt${k}_${d}`]);
      const pp = grade(answers[`pp${k}_${d}`]);
      if (lt === undefined || pp === undefined) return null;
      out.lt[d] = lt;
      out.pp[d] = pp;
    }
    const nk = answers[`nonKeyMuscle${k}`];
    if (typeof nk === 'string' && indexOf(nk) >= 0) out.lowestNonKeyMuscle = nk;
    return out;
  };
  const R = side('R');
  const L = side('L');
  const vac = yesNo(answers.vac);
  const dap = yesNo(answers.dap);
  if (!R || !L || vac === undefined || dap === undefined) return null;
  return { R, L, vac, dap };
}
