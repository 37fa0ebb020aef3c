import { useState } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePatientOptions } from './api';

type Props = { kind: 'tubes' | 'leases'; value?: number; onChange?: (id: number) => void; open: boolean };

/** A searchable patient picker: the organization's patients whose name, pinyin or initials start with the input. */
export function PatientSelect({ kind, value, onChange, open }: Props) {
  const { t } = useTranslation('care');
  const [keyword, setKeyword] = useState('');
  const options = usePatientOptions(kind, keyword, open);
  return (
    <Select
      showSearch
      value={value}
      onChange={onChange}
      filterOption={false}
      onSearch={(v) => setKeyword(v.trim().slice(0, 30))}
      placeholder={t('patientSearch')}
      loading={options.isFetching}
      options={(options.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
      data-testid="patient-select"
    />
  );
}
