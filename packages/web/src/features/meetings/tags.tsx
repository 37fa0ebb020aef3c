import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Attendance, MeetingStatus, ReportStatus } from '@rehab/shared';

const MEETING_COLORS: Record<number, string> = {
  [MeetingStatus.arranged]: 'blue',
  [MeetingStatus.finished]: 'green',
  [MeetingStatus.cancelled]: 'default',
};
const REPORT_COLORS: Record<number, string> = {
  [ReportStatus.none]: 'default',
  [ReportStatus.draft]: 'gold',
  [ReportStatus.submitted]: 'orange',
  [ReportStatus.reviewed]: 'green',
};
const ATTENDANCE_COLORS: Record<number, string> = {
  [Attendance.invited]: 'default',
  [Attendance.confirmed]: 'blue',
  [Attendance.leave]: 'orange',
  [Attendance.present]: 'green',
  [Attendance.absent]: 'red',
};

export function MeetingStatusTag({ status }: { status: number }) {
  const { t } = useTranslation('meetings');
  return (
    <Tag color={MEETING_COLORS[status]} data-testid="meeting-status">
      {t(`status.${status}`)}
    </Tag>
  );
}

export function ReportStatusTag({ status }: { status: number }) {
  const { t } = useTranslation('meetings');
  return (
    <Tag color={REPORT_COLORS[status]} data-testid="meeting-report-status">
      {t(`reportStatus.${status}`)}
    </Tag>
  );
}

export function AttendanceTag({ value, testId }: { value: number; testId?: string }) {
  const { t } = useTranslation('meetings');
  return (
    <Tag color={ATTENDANCE_COLORS[value]} data-testid={testId}>
      {t(`attendance.${value}`)}
    </Tag>
  );
}
