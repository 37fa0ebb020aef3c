import { ADL_SCALES } from './defs/adl';
import { BALANCE_SCALES } from './defs/balance';
import { COGNITION_SCALES } from './defs/cognition';
import { MOTOR_SCALES } from './defs/motor';
import { NEURO_SCALES } from './defs/neuro';
import { OTHER_SCALES } from './defs/other';
import type { ScaleCategory, ScaleDefinition, ScaleLicence, ScaleShape } from './types';

/** Every scale page of the /gauge route list, in catalogue order. */
export const SCALES: readonly ScaleDefinition[] = [
  ...ADL_SCALES,
  ...MOTOR_SCALES,
  ...BALANCE_SCALES,
  ...NEURO_SCALES,
  ...COGNITION_SCALES,
  ...OTHER_SCALES,
];

const BY_CODE = new Map(SCALES.map((s) => [s.code, s]));

export const getScale = (code: string): ScaleDefinition | undefined => BY_CODE.get(code);

export const SCALE_CATEGORIES: readonly ScaleCategory[] = [
  'adl',
  'motor',
  'balance',
  'neuro',
  'cognition',
  'pain',
  'swallowSpeech',
  'other',
];

/** One line of the catalogue: what a list needs without the items. */
export type ScaleSummary = {
  code: string;
  abbr: string;
  nameZh: string;
  nameEn: string;
  category: ScaleCategory;
  shape: ScaleShape;
  licence: ScaleLicence;
  itemCount: number;
  totalRange: { min: number; max: number } | null;
  hasBands: boolean;
};

export const summarizeScale = (s: ScaleDefinition): ScaleSummary => ({
  code: s.code,
  abbr: s.abbr,
  nameZh: s.name.zh,
  nameEn: s.name.en,
  category: s.category,
  shape: s.shape,
  licence: s.licence,
  itemCount: s.items.length,
  totalRange: s.totalRange ?? null,
  hasBands: Boolean(s.bands?.length),
});

/** Scale page codes listed in the reference catalogue that have no definition yet (see docs/decisions.md). */
export const SCALES_NOT_DEFINED = ['lindmark'] as const;
