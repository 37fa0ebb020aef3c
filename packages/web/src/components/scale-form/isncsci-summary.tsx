import { Button, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { IsncsciResult, ScaleDefinition } from '@rehab/shared';

/** A derived value as shown: levels as they are, INT / NA / ND translated. */
function useValue() {
  const { t } = useTranslation('scales');
  return (v: string) => (v === 'INT' || v === 'NA' || v === 'ND' ? t(`isncsci.value.${v}`) : v);
}

/**
 * The ISNCSCI classification derived live from the worksheet (2019 rules, shared `classifyIsncsci`): sensory and
 * motor levels per side, NLI, AIS and the zones of partial preservation.
 */
export function IsncsciSummary({ result }: { result: IsncsciResult | null | undefined }) {
  const { t } = useTranslation('scales');
  const show = useValue();
  if (!result) {
    return (
      <Typography.Text type="secondary" data-testid="isncsci-pending">
        {t('isncsci.pending')}
      </Typography.Text>
    );
  }
  const rows: [string, keyof IsncsciResult, keyof IsncsciResult][] = [
    ['sensory', 'sensoryLevelR', 'sensoryLevelL'],
    ['motor', 'motorLevelR', 'motorLevelL'],
    ['zppSensory', 'zppSensoryR', 'zppSensoryL'],
    ['zppMotor', 'zppMotorR', 'zppMotorL'],
  ];
  const cell = (key: keyof IsncsciResult) => {
    const v = result[key] as string;
    const range = result.range?.[key as Exclude<keyof IsncsciResult, 'range'>];
    const text = <b data-testid={`isncsci-${key}`}>{show(v)}</b>;
    return range ? (
      <Tooltip title={t('isncsci.range', { worst: show(range[0]), best: show(range[1]) })}>{text}</Tooltip>
    ) : (
      text
    );
  };
  return (
    <div className="isncsci-summary" data-testid="isncsci-summary">
      <div className="isncsci-headline">
        <span>
          {t('isncsci.nli')}: {cell('nli')}
        </span>
        <span>
          {t('isncsci.ais')}:{' '}
          <Tag color={result.ais === 'ND' ? 'default' : 'blue'} className="isncsci-ais">
            {cell('ais')}
          </Tag>
        </span>
        <Typography.Text type="secondary" className="isncsci-source">
          {t('isncsci.source')}
        </Typography.Text>
      </div>
      <table className="isncsci-table">
        <thead>
          <tr>
            <th />
            <th>{t('form.sideR')}</th>
            <th>{t('form.sideL')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, r, l]) => (
            <tr key={label}>
              <th>{t(`isncsci.${label}`)}</th>
              <td>{cell(r)}</td>
              <td>{cell(l)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The recorded levels and grade as the derived ones, where those are definite and the form has such an option. */
export function derivedAnswers(definition: ScaleDefinition, result: IsncsciResult): Record<string, string> {
  const out: Record<string, string> = {};
  const pairs: [string, string][] = [
    ['sensoryLevelR', result.sensoryLevelR],
    ['sensoryLevelL', result.sensoryLevelL],
    ['motorLevelR', result.motorLevelR],
    ['motorLevelL', result.motorLevelL],
    ['nli', result.nli],
    ['ais', result.ais],
  ];
  for (const [key, value] of pairs) {
    const item = definition.items.find((i) => i.key === key);
    if (item?.kind === 'choice' && item.options.some((o) => String(o.value) === value)) out[key] = value;
  }
  return out;
}

/** "Record the derived values": fills the examiner's level and grade fields from the classification. */
export function ApplyDerivedButton({
  definition,
  result,
  onApply,
}: {
  definition: ScaleDefinition;
  result: IsncsciResult | null | undefined;
  onApply: (values: Record<string, string>) => void;
}) {
  const { t } = useTranslation('scales');
  const values = result ? derivedAnswers(definition, result) : {};
  return (
    <Button
      size="small"
      disabled={Object.keys(values).length === 0}
      onClick={() => onApply(values)}
      data-testid="isncsci-apply"
    >
      {t('isncsci.apply')}
    </Button>
  );
}
