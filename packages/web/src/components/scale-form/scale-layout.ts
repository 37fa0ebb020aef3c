import type { ScaleDefinition, ScaleItem } from '@rehab/shared';

/** A block of the form: a titled list of items, or a table of items per side (right / left). */
export type ScaleBlock =
  | {
      kind: 'list';
      key: string;
      title?: ScaleDefinition['name'];
      groupKey?: string;
      items: ScaleItem[];
      /** the items' groups interleave (SF-36, DHI): one list, each item tagged with its group */
      tagGroups?: boolean;
    }
  | { kind: 'sides'; key: string; rows: { key: string; label: ScaleItem['label']; R?: ScaleItem; L?: ScaleItem }[] };

const SIDE_SUFFIX = /^(.*)_([RL])$/;

/** The label of a per-side item without its side: "屈肘肌（右）" → "屈肘肌", "Elbow flexors (right)" → "Elbow flexors". */
const stripSide = (label: ScaleItem['label']): ScaleItem['label'] => ({
  zh: label.zh.replace(/（[左右]）$/, ''),
  en: label.en.replace(/ \((right|left)\)$/, ''),
});

/**
 * How a definition is laid out: scales recorded per side (MAS, MMT, ROM: keys ending in _R / _L) become one table
 * with a row per muscle or joint; scales with groups become one titled list per run of a group, in published order,
 * unless the groups interleave so much that one list with a group tag per item reads better; everything else is
 * one list.
 */
export function layoutScale(def: ScaleDefinition): ScaleBlock[] {
  const perSide = def.items.length > 1 && def.items.every((i) => SIDE_SUFFIX.test(i.key));
  if (perSide) {
    const rows = new Map<string, { key: string; label: ScaleItem['label']; R?: ScaleItem; L?: ScaleItem }>();
    for (const item of def.items) {
      const [, base, side] = SIDE_SUFFIX.exec(item.key)!;
      const row = rows.get(base!) ?? { key: base!, label: stripSide(item.label) };
      row[side as 'R' | 'L'] = item;
      rows.set(base!, row);
    }
    return [{ kind: 'sides', key: 'sides', rows: [...rows.values()] }];
  }
  if (!def.groups?.length) return [{ kind: 'list', key: 'all', items: def.items }];
  // consecutive items of the same group make one block (items outside any group get their own blocks)
  const blocks: ScaleBlock[] = [];
  for (const item of def.items) {
    const last = blocks.at(-1);
    if (last?.kind === 'list' && last.groupKey === item.group) last.items.push(item);
    else {
      const group = def.groups.find((g) => g.key === item.group);
      blocks.push({
        kind: 'list',
        key: `${item.group ?? 'none'}-${blocks.length}`,
        groupKey: item.group,
        title: group?.label,
        items: [item],
      });
    }
  }
  if (blocks.length > def.groups.length * 1.5) return [{ kind: 'list', key: 'all', items: def.items, tagGroups: true }];
  return blocks;
}
