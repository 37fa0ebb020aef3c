import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AssessBand } from '@rehab/shared';

const COLORS: Record<number, string> = { 1: 'default', 2: 'processing', 3: 'success', 4: 'warning', 5: 'error' };

/** The status of spec section 4 with its rated / not rated reading. */
export function AssessStatusTag({ status }: { status: number }) {
  const { t } = useTranslation('assessments');
  return (
    <Tag color={COLORS[status]} data-testid="assess-status">
      {t(`status.${status}`)}
    </Tag>
  );
}

/** The band of a total in the reader's language. */
export function BandText({ band }: { band: AssessBand | null }) {
  const { i18n } = useTranslation();
  if (!band) return <>-</>;
  return <>{i18n.language === 'en' ? band.labelEn : band.labelZh}</>;
}
