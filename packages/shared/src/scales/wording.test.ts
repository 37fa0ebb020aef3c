import { describe, expect, it } from 'vitest';
import { scaleDefinitionSchema } from '../schemas/scale.schema';
import { SCALES } from './registry';
import type { ScaleDefinition, ScaleOption } from './types';

/**
 * Issue 21: every option of every choice item carries its wording in both languages, not a bare score. A label that
 * is only the stored value, a number, or a number with a unit ("3", "3 分", "3 points") is not a wording.
 */
const BARE = /^\s*[-+]?\d+(\.\d+)?\+?\s*(分|points?|pts?)?\s*$/i;
const bare = (o: ScaleOption, text: string) => text.trim() === '' || text.trim() === String(o.value) || BARE.test(text);

/**
 * Exemptions, each with its reason. Items whose options are names in their own right, not scores: the ISNCSCI
 * levels (C1 ... S4-5) the examiner records and the level of the lowest non-key muscle.
 */
const NAMED_OPTIONS: Record<string, (key: string) => boolean> = {
  asia: (key) => /^(sensoryLevel|motorLevel|nli|nonKeyMuscle)/.test(key),
};

const missing = (def: ScaleDefinition) =>
  def.items.flatMap((item) =>
    item.kind !== 'choice' || NAMED_OPTIONS[def.code]?.(item.key)
      ? []
      : item.options
          .filter((o) => bare(o, o.label.zh) || bare(o, o.label.en))
          .map((o) => `${item.key}=${String(o.value)} (${o.label.zh} / ${o.label.en})`),
  );

describe('scale option wording (issue 21)', () => {
  it('every option of every item of the 63 scales is worded in Chinese and English', () => {
    expect(SCALES.length).toBe(63);
    const report = Object.fromEntries(SCALES.map((d) => [d.code, missing(d)]).filter(([, m]) => m.length > 0));
    expect(report).toEqual({});
  });

  it('a Chinese wording is Chinese and an English wording has no Chinese characters', () => {
    const han = /[\u4e00-\u9fff]/;
    const wrong: string[] = [];
    for (const def of SCALES) {
      for (const item of def.items) {
        if (item.kind !== 'choice' || NAMED_OPTIONS[def.code]?.(item.key)) continue;
        for (const o of item.options) {
          if (han.test(o.label.en)) wrong.push(`${def.code}.${item.key}=${String(o.value)} en: ${o.label.en}`);
          if (!han.test(o.label.zh) && !/^[A-Za-z0-9 ()+\-.,/<>≥≤%°]+$/.test(o.label.zh))
            wrong.push(`${def.code}.${item.key}=${String(o.value)} zh: ${o.label.zh}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  /**
   * The exemption list: licence-controlled instruments whose published wording may not be reproduced. Their options
   * carry short neutral anchors (domain points, level names) instead, and the definition carries a licence note the
   * form and the report show. A scale joins this list only after its licence has been checked.
   */
  const LICENSED = [
    'fim', // UDSMR
    'iadl', // Lawton-Brody, GSA
    'mmse', // PAR / MiniMental LLC: domain points only
    'moca', // MoCA Test Inc.: domain points only
    'crs-r', // JFK Johnson Rehabilitation Institute
    'gmfm', // CanChild
    'frenchay', // Enderby / Pro-Ed
    'wab', // Kertesz / Pearson
    'abc', // Gao Surong
    'braden', // Braden & Bergstrom: level names only
    'odi', // Fairbank / Mapi: neutral anchors
  ];

  it('every definition, licence note included, passes the definition contract the API answers with', () => {
    const refused = SCALES.filter((d) => !scaleDefinitionSchema.safeParse(d).success).map((d) => d.code);
    expect(refused).toEqual([]);
  });

  it('the exemption list is exactly the licence-controlled scales', () => {
    expect(
      SCALES.filter((d) => d.licence === 'COPYRIGHT')
        .map((d) => d.code)
        .sort(),
    ).toEqual([...LICENSED].sort());
  });

  it('every licence-controlled scale says so on its form: a licence note in both languages', () => {
    const without = LICENSED.filter((code) => {
      const note = SCALES.find((d) => d.code === code)?.licenceNote;
      return !(note?.zh && note.en);
    });
    expect(without).toEqual([]);
    // and only they: a scale free to reproduce shows its wording, not a licence note
    expect(SCALES.filter((d) => d.licenceNote && !LICENSED.includes(d.code)).map((d) => d.code)).toEqual([]);
  });
});
