import { translate, type AssessProjectRow, type Locale } from '@rehab/shared';
import { xlsxOf, xlsxTime, type XlsxColumn } from '../../http/xlsx';

/** The assessment list (all, mine, authorized to me) as an Excel file, in the caller's language. */
export function assessListXlsx(rows: AssessProjectRow[], locale: Locale) {
  const t = (key: string) => translate(locale, `listExport.${key}`);
  const columns: XlsxColumn<AssessProjectRow>[] = [
    { header: t('patient'), value: (r) => r.patientName },
    { header: t('report'), value: (r) => r.reportName },
    { header: t('scale'), value: (r) => r.methodName },
    { header: t('phase'), value: (r) => t(`phase${r.phase}`) },
    { header: t('assessor'), value: (r) => r.assessorName },
    { header: t('authorized'), value: (r) => r.authorizedName },
    { header: t('plannedTime'), value: (r) => xlsxTime(r.plannedTime) },
    { header: t('status'), value: (r) => t(`assessStatus${r.status}`) },
    { header: t('score'), value: (r) => r.total },
    { header: t('submittedAt'), value: (r) => xlsxTime(r.submittedAt) },
  ];
  return xlsxOf(t('assessTitle'), columns, rows);
}
