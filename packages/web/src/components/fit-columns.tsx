import { useLayoutEffect, useState, type ReactNode } from 'react';
import { Descriptions, Table, type TableProps } from 'antd';
import type { ColumnType } from 'antd/es/table';

/**
 * Column priorities of the list screens (issue 21): what a clinician needs stays visible without sideways scrolling
 * at 1366 px. Priority 1 (the default) always shows; when the table's room is too narrow, priority 3 columns fold
 * first, then priority 2, the rightmost of a priority first, into an expandable row under each record. Fixed columns
 * (the actions) never fold. Wide screens show everything.
 */
export type ColumnPriority = 1 | 2 | 3;

type Sized = { width?: number | string; priority?: ColumnPriority; fixed?: unknown };

/** A column without a numeric width counts as this wide. */
const DEFAULT_WIDTH = 120;
const widthOf = (c: Sized) => (typeof c.width === 'number' ? c.width : DEFAULT_WIDTH);

/** The columns that fit `available` pixels (shown, in their order) and those folded into the expandable row. */
export function fitColumns<C extends Sized>(columns: readonly C[], available: number): { shown: C[]; folded: C[] } {
  const folded = new Set<C>();
  let total = columns.reduce((sum, c) => sum + widthOf(c), 0);
  for (const priority of [3, 2] as const) {
    for (let i = columns.length - 1; i >= 0 && total > available; i--) {
      const c = columns[i]!;
      if ((c.priority ?? 1) !== priority || c.fixed) continue;
      folded.add(c);
      total -= widthOf(c);
    }
  }
  // the expand icon's column takes some room once something is folded
  return { shown: columns.filter((c) => !folded.has(c)), folded: columns.filter((c) => folded.has(c)) };
}

export type PriorityColumn<T> = ColumnType<T> & { priority?: ColumnPriority; key: string };

function cellOf<T>(c: PriorityColumn<T>, record: T, index: number): ReactNode {
  const path = c.dataIndex as keyof T | undefined;
  const value = path !== undefined ? record[path] : undefined;
  return c.render ? (c.render(value, record, index) as ReactNode) : (value as ReactNode);
}

/** The width of the Table's row selection column (a checkbox), which is not one of the columns. */
export const SELECTION_COLUMN_WIDTH = 34;

/**
 * Measures the table's container and fits the columns to it: spread `table` on the Table and give `ref` (a callback
 * ref) to a wrapper around it. Folded columns show in the expandable row as label / value pairs. `reserved` is room
 * the Table takes besides the columns (its selection column).
 */
export function useFitColumns<T>(columns: readonly PriorityColumn<T>[], reserved = 0) {
  const [el, ref] = useState<HTMLDivElement | null>(null);
  const [available, setAvailable] = useState<number>(Number.POSITIVE_INFINITY);
  useLayoutEffect(() => {
    if (!el) return;
    const measure = () => setAvailable(el.clientWidth || Number.POSITIVE_INFINITY);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [el]);
  const { shown, folded } = fitColumns(columns, available - (Number.isFinite(available) ? 48 + reserved : 0));
  const expandable = folded.length
    ? {
        columnWidth: 40,
        expandedRowRender: (record: T, index: number) => (
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2, lg: 3 }}
            items={folded.map((c) => ({ key: c.key, label: c.title as ReactNode, children: cellOf(c, record, index) }))}
            data-testid="folded-columns"
          />
        ),
      }
    : undefined;
  const width = shown.reduce((sum, c) => sum + widthOf(c), 0) + (folded.length ? 40 : 0);
  return { ref, table: { columns: shown, expandable, scroll: { x: width } } };
}

/** A Table whose columns fit its room by priority (see `fitColumns`); every other prop goes to the Table. */
export function FitTable<T extends object>({
  columns,
  ...props
}: Omit<TableProps<T>, 'columns' | 'scroll' | 'expandable'> & { columns: readonly PriorityColumn<T>[] }) {
  const { ref, table } = useFitColumns(columns, props.rowSelection ? SELECTION_COLUMN_WIDTH : 0);
  return (
    <div ref={ref} className="fit-table">
      <Table<T> {...props} {...table} />
    </div>
  );
}
