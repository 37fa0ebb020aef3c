import dayjs from 'dayjs';

/** Spec section 9: exported columns are 20 wide and rows 32 high. */
export const EXPORT_COLUMN_WIDTH = 20;
export const EXPORT_ROW_HEIGHT = 32;

/** A file name safe on every system: the title and the time, `职务_20260115083005.xlsx`. */
export function exportFileName(title: string, now = new Date()): string {
  return `${title.replace(/[\\/:*?"<>|]/g, '_')}_${dayjs(now).format('YYYYMMDDHHmmss')}.xlsx`;
}

/** A cell: text, or a number (money as yuan: written with two decimals in the columns summed). */
export type ExportCell = string | number;

export type ExportOptions = {
  /** indexes of the columns a bold total row at the bottom sums (money in yuan: two decimals) */
  sumColumns?: number[];
  /** the total row's label in its first column (合计 / Total) */
  totalLabel?: string;
};

/** The sum of a column of yuan amounts, added as whole fen so that binary fractions do not creep in. */
export function sumYuan(rows: ExportCell[][], column: number): number {
  const fen = rows.reduce((sum, row) => {
    const v = row[column];
    return sum + (typeof v === 'number' ? Math.round(v * 100) : 0);
  }, 0);
  return fen / 100;
}

/**
 * Writes a table (headers and rows of text or numbers) to an .xlsx file and hands it to the browser; with
 * `sumColumns`, a bold total row sums those columns (their numbers shown with two decimals). exceljs is loaded here,
 * on the first export, so no screen carries it before a user asks for a file.
 */
export async function downloadExcel(
  sheetName: string,
  headers: string[],
  rows: ExportCell[][],
  fileName: string,
  options: ExportOptions = {},
) {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  // sheet names: at most 31 characters, none of []:*?/\
  const sheet = workbook.addWorksheet(sheetName.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet1', {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = headers.map((header) => ({ header, width: EXPORT_COLUMN_WIDTH }));
  sheet.addRows(rows);
  const sums = options.sumColumns ?? [];
  if (sums.length > 0) {
    const total: ExportCell[] = headers.map((_, i) => (sums.includes(i) ? sumYuan(rows, i) : ''));
    if (!sums.includes(0)) total[0] = options.totalLabel ?? 'Total';
    sheet.addRow(total).font = { bold: true };
    for (const i of sums) sheet.getColumn(i + 1).numFmt = '0.00';
  }
  sheet.eachRow({ includeEmpty: true }, (row, index) => {
    row.height = EXPORT_ROW_HEIGHT;
    row.alignment = { vertical: 'middle', wrapText: true };
    if (index === 1) {
      row.font = { bold: true };
      row.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF0F2F5' } };
    }
  });
  const buffer = await workbook.xlsx.writeBuffer();
  saveFile(new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), fileName);
}

/** Hands a file to the browser as a download under `fileName` (not a new tab). */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
