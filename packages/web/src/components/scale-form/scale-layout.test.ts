import { describe, expect, it } from 'vitest';
import { getScale } from '@rehab/shared';
import { layoutScale } from './scale-layout';

const scale = (code: string) => getScale(code)!;

describe('layoutScale', () => {
  it('lays a per-side scale out as one table with a row per muscle and both sides', () => {
    const [block] = layoutScale(scale('mas'));
    expect(block!.kind).toBe('sides');
    if (block!.kind !== 'sides') return;
    expect(block.rows).toHaveLength(8);
    expect(block.rows[0]).toMatchObject({
      key: 'elbowFlexors',
      label: { zh: '屈肘肌', en: 'Elbow flexors' },
      R: { key: 'elbowFlexors_R' },
      L: { key: 'elbowFlexors_L' },
    });
  });

  it('keeps published order, one titled block per run of a group', () => {
    const blocks = layoutScale(scale('hama'));
    expect(blocks.map((b) => (b.kind === 'list' ? [b.groupKey, b.items.length] : null))).toEqual([
      ['psychic', 6],
      ['somatic', 7],
      ['psychic', 1],
    ]);
    const fma = layoutScale(scale('fugl-meyer'));
    expect(fma.map((b) => (b.kind === 'list' ? b.title?.en : null))).toEqual(['Upper extremity', 'Lower extremity']);
  });

  it('puts interleaved groups (SF-36) in one list tagged by group', () => {
    const blocks = layoutScale(scale('sf36'));
    expect(blocks).toHaveLength(1);
    expect(blocks[0]).toMatchObject({ kind: 'list', tagGroups: true });
  });

  it('puts a scale without groups in one list', () => {
    const blocks = layoutScale(scale('bbs'));
    expect(blocks).toHaveLength(1);
    expect(blocks[0]!.kind === 'list' && blocks[0]!.items.map((i) => i.key)).toEqual(
      scale('bbs').items.map((i) => i.key),
    );
  });
});
