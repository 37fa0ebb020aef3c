import { useState } from 'react';
import { Select } from 'antd';
import { useDiagnosisSearch } from './api';

type Props = {
  kind: 'disease' | 'functioning';
  /** the field's id from Form.Item, which its label points at */
  id?: string;
  value?: number;
  onChange?: (v: number | undefined) => void;
  placeholder?: string;
  testId?: string;
  /** the name of the current value, shown before the search answers */
  currentName?: string | null;
  style?: React.CSSProperties;
};

/** Searchable disease or function diagnosis: Chinese text, pinyin or initials (the server matches all three). */
export function DiagnosisSelect({ kind, id, value, onChange, placeholder, testId, currentName, style }: Props) {
  const [keyword, setKeyword] = useState('');
  const list = useDiagnosisSearch(kind, keyword);
  const options = (list.data ?? []).map((d) => ({ value: d.id, label: d.code ? `${d.name}（${d.code}）` : d.name }));
  if (value && currentName && !options.some((o) => o.value === value)) options.unshift({ value, label: currentName });
  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      allowClear
      value={value}
      onChange={(v) => onChange?.(v)}
      options={options}
      loading={list.isFetching}
      placeholder={placeholder}
      style={style}
      data-testid={testId}
    />
  );
}
