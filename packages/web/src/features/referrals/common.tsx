import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { ReferralKind } from '@rehab/shared';

const STATUS_COLORS: Record<string, string> = {
  requested: 'blue',
  received: 'geekblue',
  accepted: 'purple',
  rejected: 'red',
  arrived: 'orange',
  completed: 'success',
  cancelled: 'default',
};

export function ReferralStatusTag({ status }: { status: string }) {
  const { t } = useTranslation('referrals');
  return (
    <Tag color={STATUS_COLORS[status]} data-testid="referral-status">
      {t(`status.${status}`)}
    </Tag>
  );
}

export const when = (v: string | null | undefined) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '—');

/**
 * A text of the screen: a transfer of treatment has its own wording where a key exists under `transfer.`, else the
 * referral's (i18next takes the first key of the list that exists).
 */
export const kindKey = (kind: ReferralKind, key: string): string[] =>
  kind === 'transfer' ? [`transfer.${key}`, key] : [key];
