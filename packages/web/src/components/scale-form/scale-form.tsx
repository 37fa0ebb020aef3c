import { Alert, Card, Input, InputNumber, Radio, Select, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  isComplete,
  scorePartial,
  type Bi,
  type ChoiceItem,
  type ScaleDefinition,
  type ScaleItem,
  type ScaleScore,
} from '@rehab/shared';
import { layoutScale } from './scale-layout';
import { ApplyDerivedButton, IsncsciSummary } from './isncsci-summary';
import './scale-form.css';

export type ScaleAnswersDraft = Record<string, string | number | undefined>;

type Props = {
  definition: ScaleDefinition;
  value: ScaleAnswersDraft;
  onChange: (next: ScaleAnswersDraft) => void;
  readOnly?: boolean;
};

/** The text of a bilingual label in the current language. */
export function useBi() {
  const { i18n } = useTranslation();
  return (b: Bi) => (i18n.language === 'en' ? b.en : b.zh);
}

/** Live score of the answers given so far, with the same shared function the server uses. */
export function useLiveScore(definition: ScaleDefinition, value: ScaleAnswersDraft) {
  const score: ScaleScore = scorePartial(definition, value);
  const complete = isComplete(definition, value);
  const required = definition.items.filter((i) => !i.optional);
  const given = (i: ScaleItem) => value[i.key] !== undefined && value[i.key] !== '';
  const answered = required.filter(given).length;
  return { score, complete, answered, required: required.length, recorded: definition.items.filter(given).length };
}

const SHORT = 14;

/** An option's label, led by its points when the label does not show them already (GCS "4 · 自动睁眼"). */
function optionLabel(label: string, score: number | null, showScore: boolean) {
  if (!showScore || score === null) return label;
  if (label.startsWith(String(score)) || label.includes(`(${score})`)) return label;
  return `${score} · ${label}`;
}

function ChoiceInput({ item, value, onChange, disabled, showScore, asSelect }: InputProps & { item: ChoiceItem }) {
  const bi = useBi();
  const { t } = useTranslation('scales');
  const labels = item.options.map((o) => optionLabel(bi(o.label), o.score, Boolean(showScore)));
  const compact = labels.every((l) => l.length <= SHORT);
  const current = value === undefined ? undefined : String(value);
  const pick = (v: string) => onChange(item.options.find((o) => String(o.value) === v)?.value);
  if (asSelect || item.options.length > 8) {
    return (
      <Select
        className="scale-select"
        value={current}
        disabled={disabled}
        allowClear
        placeholder={t('form.select')}
        onChange={(v?: string) => (v === undefined ? onChange(undefined) : pick(v))}
        options={item.options.map((o, i) => ({ value: String(o.value), label: labels[i], title: labels[i] }))}
        // a narrow cell shows the grade alone ("4+"); the list and the tooltip keep the criterion
        labelRender={({ value: v }) => {
          const i = item.options.findIndex((o) => String(o.value) === String(v));
          const label = labels[i] ?? String(v);
          return (
            <span title={label}>{asSelect && label.length > SHORT ? String(item.options[i]?.value ?? v) : label}</span>
          );
        }}
        data-testid={`scale-item-${item.key}`}
        popupMatchSelectWidth={false}
      />
    );
  }
  // short labels as buttons, two or three moderate ones in a row, worded criteria one per line (the items of one
  // scale then read the same way, whatever the length of their wording)
  const inline = !compact && item.options.length <= 3 && labels.reduce((n, l) => n + l.length, 0) <= 64;
  return (
    <Radio.Group
      value={current}
      disabled={disabled}
      onChange={(e) => pick(e.target.value as string)}
      optionType={compact ? 'button' : 'default'}
      buttonStyle="solid"
      size={compact ? 'small' : 'middle'}
      className={compact ? 'scale-radio-buttons' : inline ? 'scale-radio-inline' : 'scale-radio-list'}
      data-testid={`scale-item-${item.key}`}
      options={item.options.map((o, i) => ({
        value: String(o.value),
        label: labels[i],
        title: labels[i],
      }))}
    />
  );
}

type InputProps = {
  value: string | number | undefined;
  onChange: (v: string | number | undefined) => void;
  disabled?: boolean;
  /** lead option labels with their points (scales whose points add up) */
  showScore?: boolean;
  /** a drop-down whatever the number of options (cells of the per-side and ISNCSCI tables) */
  asSelect?: boolean;
};

function ItemInput({ item, ...props }: InputProps & { item: ScaleItem }) {
  const bi = useBi();
  const { t } = useTranslation('scales');
  if (item.kind === 'choice') return <ChoiceInput item={item} {...props} />;
  if (item.kind === 'text') {
    return (
      <Input.TextArea
        value={props.value as string | undefined}
        disabled={props.disabled}
        maxLength={item.maxLength}
        autoSize={{ minRows: 2, maxRows: 8 }}
        placeholder={t('form.input')}
        onChange={(e) => props.onChange(e.target.value === '' ? undefined : e.target.value)}
        data-testid={`scale-item-${item.key}`}
      />
    );
  }
  const decimals = item.step < 1 ? String(item.step).split('.')[1]!.length : 0;
  return (
    <InputNumber
      className="scale-number"
      value={props.value as number | undefined}
      disabled={props.disabled}
      min={item.min}
      max={item.max}
      step={item.step}
      precision={decimals}
      suffix={item.unit ? bi(item.unit) : undefined}
      placeholder={`${item.min}-${item.max}`}
      onChange={(v) => props.onChange(v === null ? undefined : v)}
      data-testid={`scale-item-${item.key}`}
    />
  );
}

function ItemRow({
  item,
  index,
  groupLabel,
  ...props
}: InputProps & { item: ScaleItem; index: number; groupLabel?: string }) {
  const bi = useBi();
  const { t } = useTranslation('scales');
  const missing = !item.optional && (props.value === undefined || props.value === '');
  return (
    <div className={`scale-row${missing ? ' scale-row-missing' : ''}`} data-testid={`scale-row-${item.key}`}>
      <div className="scale-row-label">
        <span className="scale-row-index">{index}</span>
        <span>
          {bi(item.label)}
          {groupLabel ? <Tag className="scale-group-tag">{groupLabel}</Tag> : null}
          {item.optional ? <span className="scale-optional">{t('form.optional')}</span> : null}
          {item.hint ? <div className="scale-hint">{bi(item.hint)}</div> : null}
        </span>
      </div>
      <div className="scale-row-input">
        <ItemInput item={item} {...props} />
      </div>
    </div>
  );
}

/** The live total, band and sub-scores of the form. */
export function ScaleScoreSummary({ definition, value }: { definition: ScaleDefinition; value: ScaleAnswersDraft }) {
  const { t } = useTranslation('scales');
  const bi = useBi();
  const { score, complete, answered, required, recorded } = useLiveScore(definition, value);
  const groups = definition.groups ?? [];
  const unit = definition.totalUnit ? bi(definition.totalUnit) : '';
  const hasTotal = definition.totalRange !== undefined || definition.shape === 'measure';
  return (
    <div className="scale-summary" data-testid="scale-summary">
      <div className="scale-summary-main">
        {hasTotal ? (
          <div className="scale-total">
            <span className="scale-total-label">{complete ? t('score.total') : t('score.partial')}</span>
            <span className="scale-total-value" data-testid="scale-total">
              {score.total === null ? '—' : `${score.total}${unit}`}
            </span>
            {definition.totalRange ? (
              <span className="scale-total-range">
                {t('score.range', { min: definition.totalRange.min, max: definition.totalRange.max })}
              </span>
            ) : null}
          </div>
        ) : (
          <div className="scale-total">
            <span className="scale-total-label">
              {definition.shape === 'domainMean' ? t('score.noTotalDomains') : t('score.noTotal')}
            </span>
          </div>
        )}
        <div className="scale-band" data-testid="scale-band">
          {complete && score.band ? (
            <Tag color="blue" className="scale-band-tag">
              {bi({ zh: score.band.labelZh, en: score.band.labelEn })}
            </Tag>
          ) : definition.bands?.length ? (
            <Typography.Text type="secondary">{t('score.bandWhenComplete')}</Typography.Text>
          ) : null}
        </div>
        {required === 0 ? (
          <Typography.Text type="secondary" data-testid="scale-progress">
            {t('score.recorded', { count: recorded, total: definition.items.length })}
          </Typography.Text>
        ) : (
          <Typography.Text type={complete ? 'success' : 'warning'} data-testid="scale-progress">
            {complete ? t('score.complete') : t('score.progress', { answered, required })}
          </Typography.Text>
        )}
      </div>
      {groups.length && definition.shape !== 'stages' && definition.shape !== 'measure' ? (
        <div className="scale-subscores" data-testid="scale-subscores">
          {groups
            .filter((g) => score.subscores[g.key] !== undefined)
            .map((g) => (
              <span key={g.key} className="scale-subscore">
                {bi(g.label)}: <b>{score.subscores[g.key] ?? '—'}</b>
                {g.max !== undefined && g.aggregate !== 'mean' ? ` / ${g.max}` : ''}
              </span>
            ))}
        </div>
      ) : null}
      {definition.shape === 'asia' ? (
        <div className="scale-subscores" data-testid="scale-subscores">
          {(['uems', 'lems', 'lt', 'pp'] as const).map((k) => (
            <span key={k} className="scale-subscore">
              {t(`asia.${k === 'lt' || k === 'pp' ? `${k}_total` : k}`)}: <b>{score.subscores[k] ?? '—'}</b>
            </span>
          ))}
        </div>
      ) : null}
      {definition.shape === 'asia' ? <IsncsciSummary result={score.isncsci} /> : null}
    </div>
  );
}

/**
 * Renders any scale definition as a form: radio groups or selects per item, number inputs with units, text for
 * findings, one table per side for scales recorded per muscle or joint, and a dermatome table for ISNCSCI.
 */
export function ScaleForm({ definition, value, onChange, readOnly }: Props) {
  const bi = useBi();
  const { t } = useTranslation('scales');
  const set = (key: string) => (v: string | number | undefined) => onChange({ ...value, [key]: v });
  if (definition.shape === 'asia') return <AsiaForm {...{ definition, value, onChange, readOnly }} />;
  const showScore = !['stages', 'measure', 'kubota', 'domainMean'].includes(definition.shape);
  const licence = definition.licenceNote ? (
    <Alert
      type="warning"
      showIcon
      className="scale-licence"
      title={t('form.licence')}
      description={bi(definition.licenceNote)}
      data-testid="scale-licence"
    />
  ) : null;
  const groupName = (key?: string) => {
    const group = definition.groups?.find((g) => g.key === key);
    return group ? bi(group.label) : undefined;
  };
  let index = 0;
  return (
    <div className="scale-form" data-testid="scale-form">
      {licence}
      {layoutScale(definition).map((block) =>
        block.kind === 'sides' ? (
          <Table
            key={block.key}
            className="scale-side-table"
            size="small"
            pagination={false}
            rowKey="key"
            dataSource={block.rows}
            columns={[
              { key: 'label', title: t('form.segment'), render: (_, row) => bi(row.label) },
              ...(['R', 'L'] as const).map((side) => ({
                key: side,
                title: t(`form.side${side}`),
                width: '36%',
                render: (_: unknown, row: (typeof block.rows)[number]) => {
                  const item = row[side];
                  return item ? (
                    <ItemInput
                      item={item}
                      value={value[item.key]}
                      onChange={set(item.key)}
                      disabled={readOnly}
                      asSelect
                    />
                  ) : null;
                },
              })),
            ]}
          />
        ) : (
          <Card key={block.key} size="small" className="scale-block" title={block.title ? bi(block.title) : undefined}>
            {block.items.map((item) => (
              <ItemRow
                key={item.key}
                item={item}
                index={++index}
                value={value[item.key]}
                onChange={set(item.key)}
                disabled={readOnly}
                showScore={showScore}
                groupLabel={block.tagGroups ? groupName(item.group) : undefined}
              />
            ))}
          </Card>
        ),
      )}
    </div>
  );
}

/** ISNCSCI worksheet: a row per segment with motor (key muscles only), light touch and pin prick for each side. */
function AsiaForm({ definition, value, onChange, readOnly }: Props) {
  const bi = useBi();
  const { t } = useTranslation('scales');
  const byKey = new Map(definition.items.map((i) => [i.key, i]));
  const set = (key: string) => (v: string | number | undefined) => onChange({ ...value, [key]: v });
  const segments = definition.items.filter((i) => i.key.startsWith('ltR_')).map((i) => i.key.slice(4));
  const motorKey = (side: 'R' | 'L', seg: string) =>
    definition.items.find((i) => i.key.startsWith(`motor${side}_`) && i.key.endsWith(`_${seg}`))?.key;
  const cell = (key: string | undefined) => {
    const item = key ? byKey.get(key) : undefined;
    return item ? (
      <ItemInput item={item} value={value[item.key]} onChange={set(item.key)} disabled={readOnly} asSelect />
    ) : null;
  };
  const rest = definition.items.filter((i) => i.group === 'anorectal' || i.group === 'levels');
  return (
    <div className="scale-form" data-testid="scale-form">
      <Table
        className="scale-asia-table"
        size="small"
        pagination={false}
        rowKey={(seg) => seg}
        dataSource={segments}
        scroll={{ x: 900 }}
        columns={[
          { key: 'seg', title: t('asia.segment'), width: 70, fixed: 'left', render: (_, seg) => <b>{seg}</b> },
          ...(['R', 'L'] as const).flatMap((side) => [
            {
              key: `m${side}`,
              title: `${t(`form.side${side}`)} · ${t('asia.motor')}`,
              render: (_: unknown, seg: string) => {
                const key = motorKey(side, seg);
                return key ? (
                  <span title={bi(byKey.get(key)!.label)} className="scale-asia-motor">
                    {cell(key)}
                  </span>
                ) : null;
              },
            },
            {
              key: `lt${side}`,
              title: `${t(`form.side${side}`)} · ${t('asia.lt')}`,
              render: (_: unknown, seg: string) => cell(`lt${side}_${seg}`),
            },
            {
              key: `pp${side}`,
              title: `${t(`form.side${side}`)} · ${t('asia.pp')}`,
              render: (_: unknown, seg: string) => cell(`pp${side}_${seg}`),
            },
          ]),
        ]}
      />
      <Card
        size="small"
        className="scale-block"
        title={t('isncsci.recorded')}
        extra={
          readOnly ? null : (
            <ApplyDerivedButton
              definition={definition}
              result={scorePartial(definition, value).isncsci}
              onApply={(derived) => onChange({ ...value, ...derived })}
            />
          )
        }
      >
        {rest.map((item, i) => (
          <ItemRow
            key={item.key}
            item={item}
            index={i + 1}
            value={value[item.key]}
            onChange={set(item.key)}
            disabled={readOnly}
          />
        ))}
      </Card>
    </div>
  );
}
