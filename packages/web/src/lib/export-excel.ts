import dayjs from 'dayjs';

/** Spec section 9: exported columns are 20 wide and rows 32 high. */
export const EXPORT_COLUMN_WIDTH = 20;
export const EXPORT_ROW_HEIGHT = 32;

/** A file name safe on every system: the title and the time, `职务_20260115083005.xlsx`. */
export function exportFileName(title: string, now = new Date()): string {
  return `${title.replace(/[\\/:*?"<>|]/g, '_')}_${dayjs(now).format('YYYYMMDDHHmmss')}.xlsx`;
}

/**
 * Writes a table (headers and rows of text) to an .xlsx file and hands it to the browser. exceljs is loaded here,
 * on the first export, so no screen carries it before a user asks for a file.
 */
export async function downloadExcel(sheetName: string, headers: string[], rows: string[][], fileName: string) {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  // sheet names: at most 31 characters, none of []:*?/\
  const sheet = workbook.addWorksheet(sheetName.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet1', {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = headers.map((header) => ({ header, width: EXPORT_COLUMN_WIDTH }));
  sheet.addRows(rows);
  sheet.eachRow({ includeEmpty: true }, (row, index) => {
    row.height = EXPORT_ROW_HEIGHT;
    row.alignment = { vertical: 'middle', wrapText: true };
    if (index === 1) {
      row.font = { bold: true };
      row.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF0F2F5' } };
    }
  });
  const buffer = await workbook.xlsx.writeBuffer();
  const blob = new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
