import { DatePicker, Input, InputNumber, Radio, Select, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { fitText, textWidth, type FieldDescriptor, type Locale } from '@rehab/shared';
import { clinicToday } from '../../../lib/clinic-day';
import { useEntitySelect } from '../../../lib/queries/entity-select';

type Props = {
  field: FieldDescriptor;
  locale: Locale;
  /** the referenced row's name when the dropdown does not list it (e.g. a disabled row) */
  currentRefName?: string | null;
  value?: unknown;
  onChange?: (value: unknown) => void;
  id?: string;
};

/** Spec section 5, Form widgets: the date picker is not typable and may refuse future or past dates. */
function disabledDate(mode: 'beforeToday' | 'afterToday' | undefined) {
  if (!mode) return undefined;
  return (d: Dayjs) => (mode === 'beforeToday' ? d.isAfter(clinicToday(), 'day') : d.isBefore(clinicToday(), 'day'));
}

/**
 * The limit a text input enforces as the user types: the field's rule itself (characters and, where the field has
 * one, display width), so the input never holds what the save refuses.
 */
export function textCount(field: { max: number; maxWidth?: number }) {
  const { max, maxWidth } = field;
  return maxWidth === undefined
    ? { max }
    : { max: maxWidth, strategy: textWidth, exceedFormatter: (v: string) => fitText(v, max, maxWidth) };
}

/** The input of one field, chosen by its type; placeholders are "please input / select" plus the label. */
export function FieldInput({ field, locale, currentRefName, value, onChange, id }: Props) {
  const { t } = useTranslation('master-data');
  const label = field.label[locale];
  const inputHint = t('common:form.pleaseInput', { label });
  const selectHint = t('common:form.pleaseSelect', { label });
  const refs = useEntitySelect(field.type === 'ref' ? field.entity : '', field.type === 'ref');
  const common = { id, 'data-testid': `field-${field.name}` };

  switch (field.type) {
    case 'string':
      return (
        <Input
          {...common}
          value={value as string | undefined}
          onChange={(e) => onChange?.(fitText(e.target.value, field.max, field.maxWidth))}
          count={textCount(field)}
          placeholder={inputHint}
          allowClear={!field.required}
        />
      );
    case 'text':
      return (
        <Input.TextArea
          {...common}
          value={value as string | undefined}
          onChange={(e) => onChange?.(fitText(e.target.value, field.max, field.maxWidth))}
          count={textCount(field)}
          autoSize={{ minRows: 2, maxRows: 5 }}
          placeholder={inputHint}
        />
      );
    case 'int':
    case 'decimal':
      return (
        <InputNumber<number>
          {...common}
          value={value as number | null | undefined}
          onChange={(v) => onChange?.(v)}
          step={field.type === 'decimal' ? 1 / 10 ** field.scale : 1}
          placeholder={inputHint}
          style={{ width: '100%' }}
        />
      );
    case 'bool':
      return (
        <Switch
          {...common}
          checked={Boolean(value)}
          onChange={(v) => onChange?.(v)}
          checkedChildren={t('bool.yes')}
          unCheckedChildren={t('bool.no')}
        />
      );
    case 'enum':
      if (field.options.length <= 3) {
        return (
          <Radio.Group
            {...common}
            value={value}
            onChange={(e) => onChange?.(e.target.value)}
            options={field.options.map((o) => ({ value: o.value, label: o.label[locale] }))}
          />
        );
      }
      return (
        <Select
          {...common}
          value={value as number | undefined}
          onChange={(v) => onChange?.(v)}
          placeholder={selectHint}
          allowClear={!field.required}
          options={field.options.map((o) => ({ value: o.value, label: o.label[locale] }))}
        />
      );
    case 'ref': {
      const options = (refs.data ?? []).map((o) => ({ value: o.id, label: o.name }));
      if (typeof value === 'number' && currentRefName && !options.some((o) => o.value === value)) {
        options.unshift({ value, label: currentRefName });
      }
      return (
        <Select
          {...common}
          value={value as number | undefined}
          onChange={(v) => onChange?.(v ?? null)}
          placeholder={selectHint}
          allowClear={!field.required}
          showSearch={{ optionFilterProp: 'label' }}
          loading={refs.isLoading}
          options={options}
          notFoundContent={refs.isError ? t('error.optionsFailed') : undefined}
        />
      );
    }
    case 'date':
      return (
        <DatePicker
          {...common}
          value={value ? dayjs(value as string | Dayjs) : null}
          onChange={(d) => onChange?.(d ? d.format('YYYY-MM-DD') : null)}
          inputReadOnly
          disabledDate={disabledDate(field.mode)}
          placeholder={selectHint}
          style={{ width: '100%' }}
        />
      );
  }
}
