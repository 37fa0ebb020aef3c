import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';

const STATUS_COLORS: Record<string, string> = {
  draft: 'default',
  submitted: 'blue',
  approved: 'cyan',
  received: 'geekblue',
  accepted: 'purple',
  in_progress: 'orange',
  report_draft: 'gold',
  signed: 'green',
  closed: 'success',
  rejected: 'red',
  cancelled: 'default',
  expired: 'volcano',
};

export function StatusTag({ status }: { status: string }) {
  const { t } = useTranslation('telemedicine');
  return (
    <Tag color={STATUS_COLORS[status]} data-testid="remote-status">
      {t(`status.${status}`)}
    </Tag>
  );
}

export function UrgencyTag({ urgency }: { urgency: number }) {
  const { t } = useTranslation('telemedicine');
  return <Tag color={urgency === 3 ? 'red' : urgency === 2 ? 'orange' : 'default'}>{t(`urgency.${urgency}`)}</Tag>;
}

export const when = (v: string | null | undefined) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '—');
