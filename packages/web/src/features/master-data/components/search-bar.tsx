import { Button, Form, Input, Select, Space } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { entityField, type EntityDescriptor, type FieldDescriptor, type Locale } from '@rehab/shared';
import { useEntitySelect } from '../../../lib/queries/entity-select';

type Props = {
  entity: EntityDescriptor;
  locale: Locale;
  onSearch: (values: Record<string, unknown>) => void;
};

function SearchInput({
  field,
  locale,
  ...rest
}: {
  field: FieldDescriptor;
  locale: Locale;
  /** the field's id from Form.Item, which its label points at */
  id?: string;
  value?: unknown;
  onChange?: (v: unknown) => void;
}) {
  const { t } = useTranslation('master-data');
  const label = field.label[locale];
  const refs = useEntitySelect(field.type === 'ref' ? field.entity : '', field.type === 'ref');
  const testId = `search-${field.name}`;
  const select = (options: { value: number | boolean; label: string }[]) => (
    <Select
      id={rest.id}
      data-testid={testId}
      value={rest.value as number | undefined}
      onChange={(v) => rest.onChange?.(v)}
      allowClear
      showSearch={field.type === 'ref' ? { optionFilterProp: 'label' } : false}
      placeholder={t('common:form.pleaseSelect', { label })}
      options={options}
      loading={field.type === 'ref' && refs.isLoading}
      popupMatchSelectWidth={false}
    />
  );
  switch (field.type) {
    case 'enum':
      return select(field.options.map((o) => ({ value: o.value, label: o.label[locale] })));
    case 'ref':
      return select((refs.data ?? []).map((o) => ({ value: o.id, label: o.name })));
    case 'bool':
      return select([
        { value: true, label: t('bool.yes') },
        { value: false, label: t('bool.no') },
      ]);
    default:
      return (
        <Input
          id={rest.id}
          data-testid={testId}
          value={rest.value as string | undefined}
          onChange={(e) => rest.onChange?.(e.target.value)}
          allowClear
          maxLength={100}
          placeholder={t('common:form.pleaseInput', { label })}
        />
      );
  }
}

/** The search form of a list: one input per search field of the descriptor, search and reset. */
export function SearchBar({ entity, locale, onSearch }: Props) {
  const { t } = useTranslation('master-data');
  const [form] = Form.useForm();
  const fields = entity.search.map((name) => entityField(entity, name)!);

  const handleReset = () => {
    form.resetFields();
    onSearch({});
  };

  return (
    <Form form={form} layout="inline" className="md-search" onFinish={onSearch} data-testid="search-form">
      {fields.map((field) => (
        <Form.Item key={field.name} name={field.name} label={field.label[locale]}>
          <SearchInput field={field} locale={locale} />
        </Form.Item>
      ))}
      <Form.Item className="md-search-actions">
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="search-submit">
            {t('common:action.search')}
          </Button>
          <Button onClick={handleReset} icon={<ReloadOutlined />} data-testid="search-reset">
            {t('common:action.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
