import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ScaleLicence } from '@rehab/shared';

const COLORS: Record<ScaleLicence, string> = { PD: 'green', FREE: 'blue', COPYRIGHT: 'orange', NA: 'default' };

/** The licence of a scale: public, free with attribution, or copyrighted (©: short item names and scores only). */
export function LicenceTag({ licence }: { licence: ScaleLicence }) {
  const { t } = useTranslation('scales');
  return (
    <Tooltip title={t(`licence.${licence}Hint`)}>
      <Tag color={COLORS[licence]} data-testid={`licence-${licence}`}>
        {t(`licence.${licence}`)}
      </Tag>
    </Tooltip>
  );
}
