import type { IsncsciResult } from './isncsci';

/** A text in both languages of the product. */
export type Bi = { zh: string; en: string };

/** One answer of a choice item: the stored value, the points it adds (null: not counted, e.g. NT) and its label. */
export type ScaleOption = {
  value: string | number;
  /** points; null for "not testable" or "not applicable" answers, which do not add to a total */
  score: number | null;
  label: Bi;
  /** marks an untestable / not-applicable answer (NT, UN, T) */
  untestable?: boolean;
};

type ItemBase = {
  /** stable key, used in stored answers and in the API */
  key: string;
  label: Bi;
  /** the sub-score (group key) the item belongs to */
  group?: string;
  /** an optional item may be left out (e.g. muscles not tested); every other item is required */
  optional?: boolean;
  /** short help under the label (criteria, side) */
  hint?: Bi;
};

export type ChoiceItem = ItemBase & { kind: 'choice'; options: ScaleOption[] };
export type NumberItem = ItemBase & {
  kind: 'number';
  min: number;
  max: number;
  /** 1 for whole numbers; 0.1 for one decimal place */
  step: number;
  unit?: Bi;
};
export type TextItem = ItemBase & { kind: 'text'; maxLength: number };
export type ScaleItem = ChoiceItem | NumberItem | TextItem;

/** A half-open interval [min, max) of the total and what it means. */
export type ScaleBand = { min: number; max: number; labelZh: string; labelEn: string };

/** A sub-score: the sum of its items (or their mean, e.g. WMFT times). */
export type ScaleGroup = { key: string; label: Bi; max?: number; aggregate?: 'sum' | 'mean' };

/**
 * The scoring shapes. Each has one pure function in `scoring.ts`:
 * - `sum`: the total is the sum of the item points (optionally × factor, truncated, capped); groups are sub-sums.
 * - `percentAnswered`: sum / (max points of the answered items) × 100 (Oswestry).
 * - `dimensionMean`: each group as % of its maximum, total = mean of the group percentages (GMFM-88).
 * - `domainMean`: each group is the mean of its items' 0-100 points, no total (RAND-36).
 * - `stages`: a stage or grade per limb, side or segment; not summed, no total (Brunnstrom, MAS, MMT, Hoffer...).
 * - `measure`: measured values (seconds, metres, degrees); the total is the primary measure when there is one.
 * - `kubota`: grade I-V plus seconds, judged normal / suspicious / abnormal.
 * - `asia`: ISNCSCI motor and sensory totals per side and limb, and the levels, AIS grade and ZPP derived by the
 *   2019 ISNCSCI rules (`isncsci.ts`); the examiner also records the levels and grade as judged.
 */
export type ScaleShape =
  'sum' | 'percentAnswered' | 'dimensionMean' | 'domainMean' | 'stages' | 'measure' | 'kubota' | 'asia';

export type ScaleCategory = 'adl' | 'motor' | 'balance' | 'neuro' | 'cognition' | 'pain' | 'swallowSpeech' | 'other';

export type ScaleLicence = 'PD' | 'FREE' | 'COPYRIGHT' | 'NA';

export type ScaleDefinition = {
  /** the route page name without `table-` */
  code: string;
  name: Bi;
  /** short abbreviation shown in lists (BBS, MMSE...) */
  abbr: string;
  category: ScaleCategory;
  shape: ScaleShape;
  licence: ScaleLicence;
  /** what it measures, one line */
  description: Bi;
  /** published source(s), as keys of the reference catalogue and short citations */
  source: string;
  items: ScaleItem[];
  groups?: ScaleGroup[];
  /** the range of the total, when the scale has one */
  totalRange?: { min: number; max: number };
  /** bands of the total: half-open intervals, contiguous, covering the total range */
  bands?: ScaleBand[];
  /** unit of the total (%, s, m) */
  totalUnit?: Bi;
  /** `sum`: only the items of these groups make the total (others are recorded or sub-scores only) */
  totalGroups?: string[];
  /** `sum`: total × factor, then truncated (`floor`) or rounded to 2 places (`round2`) */
  factor?: { by: number; rounding: 'floor' | 'round2' };
  /** `sum`: the total never exceeds this (MoCA education point) */
  cap?: number;
  /** `sum`: what an untestable answer does: counts 0, is left out, or leaves the total undefined (GCS V=T) */
  untestable?: 'zero' | 'exclude' | 'voidTotal';
  /** `measure`: the item whose value is the total */
  primary?: string;
  /**
   * licence-controlled instruments (`COPYRIGHT`): what the licence allows the form to show (short names and neutral
   * anchors instead of the published wording), shown on the form and the report
   */
  licenceNote?: Bi;
  /** notes for the examiner: scoring rules, alternative cut-offs, unverified facts */
  notes?: Bi[];
};

export type ScaleAnswers = Record<string, string | number>;

export type ScaleScore = {
  total: number | null;
  subscores: Record<string, number | null>;
  band: ScaleBand | null;
  /** `stages` and `asia`: the recorded stage or grade per segment */
  levels?: Record<string, string | number>;
  /** `asia`: the ISNCSCI classification derived from the worksheet (null while the worksheet is incomplete) */
  isncsci?: IsncsciResult | null;
};
