import { dateTimeFormat } from '@rehab/shared';
import type { FastifyReply } from 'fastify';
import { clinicTimeZone, clockNow } from '../kernel/clock';

/** A cell: text, a number, or nothing. */
export type XlsxCell = string | number | null;

/** A column of an exported list: its header (in the caller's language), its value of a row, summed or not. */
export type XlsxColumn<R> = {
  header: string;
  value: (row: R) => XlsxCell;
  /** a bold total row at the bottom sums this column (counts; amounts keep their decimals) */
  sum?: boolean;
};

/** An instant as the clinic's wall-clock time, `2026-01-15 08:30`; empty for none. */
export function xlsxTime(iso: string | Date | null): string {
  if (!iso) return '';
  return dateTimeFormat('sv-SE', {
    timeZone: clinicTimeZone(),
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(new Date(iso));
}

/** Spec section 9: exported columns are 20 wide and rows 32 high. */
const COLUMN_WIDTH = 20;
const ROW_HEIGHT = 32;

/**
 * The one server-side Excel writer of the exports (work orders, workload, therapists, assessments, meetings): a sheet
 * with a bold, frozen header row, the rows, and, when a column is marked `sum`, a bold total row whose first cell is
 * `totalLabel` (合计 / Total). exceljs is loaded on the first export only.
 */
export async function xlsxOf<R>(
  sheetName: string,
  columns: XlsxColumn<R>[],
  rows: readonly R[],
  totalLabel?: string,
): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.created = clockNow();
  // sheet names: at most 31 characters, none of []:*?/\
  const sheet = workbook.addWorksheet(sheetName.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet1', {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = columns.map((c) => ({ header: c.header, width: COLUMN_WIDTH }));
  for (const r of rows) sheet.addRow(columns.map((c) => c.value(r) ?? ''));
  if (columns.some((c) => c.sum)) {
    // added as whole hundredths, so that binary fractions do not creep into a sum of amounts
    const total: XlsxCell[] = columns.map((c) =>
      c.sum
        ? rows.reduce((n, r) => {
            const v = c.value(r);
            return n + (typeof v === 'number' ? Math.round(v * 100) : 0);
          }, 0) / 100
        : '',
    );
    if (!columns[0]?.sum) total[0] = totalLabel ?? 'Total';
    sheet.addRow(total).font = { bold: true };
  }
  sheet.eachRow((row, index) => {
    row.height = ROW_HEIGHT;
    row.alignment = { vertical: 'middle', wrapText: true };
    if (index === 1) row.font = { bold: true };
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * Sends a workbook as a download: `<title>_<yyyyMMddHHmmss>.xlsx` in the caller's language (RFC 5987), with an ASCII
 * fallback name `<asciiName>-<stamp>.xlsx` for clients that read only `filename`.
 */
export async function sendXlsx(reply: FastifyReply, buffer: Buffer, title: string, asciiName: string) {
  const stamp = clockNow().toISOString().replace(/[-:T]/g, '').slice(0, 14);
  const file = `${title.replace(/[\\/:*?"<>|]/g, '_')}_${stamp}.xlsx`;
  await reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header(
      'content-disposition',
      `attachment; filename="${asciiName}-${stamp}.xlsx"; filename*=UTF-8''${encodeURIComponent(file)}`,
    )
    .header('cache-control', 'no-store')
    .send(buffer);
}
