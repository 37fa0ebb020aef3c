import {
  TREATING_ROLE_IDS,
  translate,
  type DailyWorkload,
  type Locale,
  type TherapistRow,
  type WorkloadCounts,
} from '@rehab/shared';
import { xlsxOf, type XlsxColumn } from '../../http/xlsx';

const label = (locale: Locale) => (key: string) => translate(locale, `listExport.${key}`);

type CountRow = DailyWorkload['therapists'][number];

/**
 * The daily workload by therapist as an Excel file: the rows of the screen's "by therapist" table (with the group and
 * unassigned rows, so that they add up) and a total row of the counts, which equals the screen's summary.
 */
export function dailyWorkloadXlsx(d: DailyWorkload, locale: Locale) {
  const t = label(locale);
  const count = (key: keyof WorkloadCounts, header: string): XlsxColumn<CountRow> => ({
    header: t(header),
    value: (r) => r[key],
    sum: true,
  });
  const columns: XlsxColumn<CountRow>[] = [
    { header: t('therapist'), value: (r) => r.name },
    { header: t('daysWorked'), value: (r) => r.days },
    count('total', 'orders'),
    count('unfinished', 'unfinished'),
    count('completed', 'completed'),
    count('expired', 'expired'),
    count('invalidated', 'invalidated'),
    count('patients', 'patients'),
    count('minutes', 'minutes'),
    count('checkedIn', 'checkedIn'),
    {
      header: t('rate'),
      value: (r) =>
        r.completed + r.unfinished === 0 ? 0 : Math.round((r.completed * 100) / (r.completed + r.unfinished)),
    },
    { header: t('perDay'), value: (r) => (r.days ? Math.round((r.completed / r.days) * 10) / 10 : '') },
  ];
  return xlsxOf(`${t('workloadTitle')} ${d.startDate}~${d.endDate}`, columns, d.therapists, t('total'));
}

/** The therapist management list as an Excel file, today's counts summed. */
export function therapistsXlsx(rows: TherapistRow[], locale: Locale) {
  const t = label(locale);
  const columns: XlsxColumn<TherapistRow>[] = [
    { header: t('name'), value: (r) => r.name },
    { header: t('phone'), value: (r) => r.phone },
    {
      header: t('roles'),
      value: (r) =>
        r.roleIds
          .filter((id) => TREATING_ROLE_IDS.includes(id))
          .map((id) => t(`role${id}`))
          .join('、'),
    },
    { header: t('offices'), value: (r) => r.offices.join('、') },
    { header: t('teams'), value: (r) => r.teams.map((x) => x.name).join('、') },
    { header: t('clockIn'), value: (r) => r.clockIn?.teamName ?? t('notClockedIn') },
    { header: t('todayUnfinished'), value: (r) => r.today.unfinished, sum: true },
    { header: t('todayCompleted'), value: (r) => r.today.completed, sum: true },
  ];
  return xlsxOf(t('therapistsTitle'), columns, rows, t('total'));
}
