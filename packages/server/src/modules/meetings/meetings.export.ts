import { translate, type Locale, type MeetingListRow } from '@rehab/shared';
import { xlsxOf, xlsxTime, type XlsxColumn } from '../../http/xlsx';

/** The assessment meeting list as an Excel file, in the caller's language; the attendance counts summed. */
export function meetingListXlsx(rows: MeetingListRow[], locale: Locale) {
  const t = (key: string) => translate(locale, `listExport.${key}`);
  const columns: XlsxColumn<MeetingListRow>[] = [
    { header: t('theme'), value: (r) => r.theme },
    { header: t('patient'), value: (r) => r.patientName },
    { header: t('startTime'), value: (r) => xlsxTime(r.startTime) },
    { header: t('location'), value: (r) => r.location },
    { header: t('host'), value: (r) => r.hostName },
    { header: t('applicant'), value: (r) => r.applicantName },
    { header: t('status'), value: (r) => t(`meetingStatus${r.status}`) },
    { header: t('reportStatus'), value: (r) => t(`reportStatus${r.reportStatus}`) },
    { header: t('participants'), value: (r) => r.participantCount, sum: true },
    { header: t('confirmed'), value: (r) => r.confirmedCount, sum: true },
    { header: t('onLeave'), value: (r) => r.leaveCount, sum: true },
  ];
  return xlsxOf(t('meetingTitle'), columns, rows, t('total'));
}
