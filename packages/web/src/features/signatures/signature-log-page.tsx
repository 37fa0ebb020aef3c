import { useState } from 'react';
import { App, Button, Card, DatePicker, Input, Space, Table, Tabs, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DownloadOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { SIGNATURE_METHODS, SIGNED_RECORD_KINDS, SignaturePerm, type SignatureRow } from '@rehab/shared';
import { downloadExcel, exportFileName } from '../../lib/export-excel';
import { showApiError } from '../../lib/form-errors';
import { usePermission } from '../../lib/session';
import { useTablePaging } from '../../components/use-table-paging';
import { fetchAllSignatures, useSignatures, type SignatureQuery } from './api';
import { CertificatesCard, ProviderCard } from './provider-cards';
import { FilterSelect } from '../../components/filter-select';

const time = (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss');

/** A signature's state in the log: intact or broken, and whether a later one replaced it. */
function StateTag({ row }: { row: SignatureRow }) {
  const { t } = useTranslation('signatures');
  return (
    <Space size={4}>
      {row.intact ? (
        <Tag color="green" data-testid="sig-intact">
          {t('state.intact')}
        </Tag>
      ) : (
        <Tag color="red" data-testid="sig-broken">
          {t('state.broken')}
        </Tag>
      )}
      {row.superseded && <Tag data-testid="sig-superseded">{t('state.superseded')}</Tag>}
    </Space>
  );
}

/** The organization's signature log: who signed which record when, verified; filterable, exported to Excel. */
function SignatureLog() {
  const { t } = useTranslation('signatures');
  const { message } = App.useApp();
  const { page, limit, setPage, pagination } = useTablePaging();
  const [kind, setKind] = useState<SignatureRow['kind'] | undefined>();
  const [method, setMethod] = useState<SignatureRow['method'] | undefined>();
  const [signerName, setSignerName] = useState('');
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [exporting, setExporting] = useState(false);
  const filters: SignatureQuery = {
    ...(kind ? { kind } : {}),
    ...(method ? { method } : {}),
    ...(signerName ? { signerName } : {}),
    ...(range?.[0] ? { from: range[0].format('YYYY-MM-DD') } : {}),
    ...(range?.[1] ? { to: range[1].format('YYYY-MM-DD') } : {}),
  };
  const list = useSignatures({ page, limit, ...filters });

  const columns: ColumnsType<SignatureRow> = [
    { key: 'signedAt', title: t('col.signedAt'), width: 170, render: (_, r) => time(r.signedAt) },
    { key: 'signer', title: t('col.signer'), width: 110, dataIndex: 'signerName' },
    { key: 'kind', title: t('col.kind'), width: 140, render: (_, r) => t(`kind.${r.kind}`) },
    { key: 'label', title: t('col.record'), ellipsis: true, dataIndex: 'label' },
    { key: 'patient', title: t('col.patient'), width: 100, render: (_, r) => r.patientName ?? '—' },
    {
      key: 'method',
      title: t('col.method'),
      width: 150,
      render: (_, r) =>
        r.method === 'ca' ? (
          <Tooltip title={r.certSerial}>
            <span>{t('method.ca')}</span>
          </Tooltip>
        ) : (
          t('method.pad')
        ),
    },
    {
      key: 'hash',
      title: t('col.hash'),
      width: 120,
      render: (_, r) => (
        <Typography.Text copyable={{ text: r.hash }} style={{ fontFamily: 'monospace', fontSize: 12 }}>
          {r.hash.slice(0, 8)}
        </Typography.Text>
      ),
    },
    { key: 'state', title: t('col.state'), width: 170, render: (_, r) => <StateTag row={r} /> },
  ];

  const handleExport = async () => {
    setExporting(true);
    try {
      const rows = await fetchAllSignatures({ limit: 10, ...filters });
      if (rows.length === 0) {
        message.info(t('export.empty'));
        return;
      }
      const headers = columns.map((c) => String(c.title));
      await downloadExcel(
        t('title'),
        headers,
        rows.map((r) => [
          time(r.signedAt),
          r.signerName,
          t(`kind.${r.kind}`),
          r.label,
          r.patientName ?? '',
          r.method === 'ca' ? `${t('method.ca')} ${r.certSerial ?? ''}`.trim() : t('method.pad'),
          r.hash,
          [r.intact ? t('state.intact') : t('state.broken'), r.superseded ? t('state.superseded') : '']
            .filter(Boolean)
            .join(' · '),
        ]),
        exportFileName(t('title')),
      );
    } catch (error) {
      showApiError(error, t('export.failed'), message.error);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Card size="small">
      <Space wrap style={{ marginBottom: 12 }}>
        <FilterSelect
          allowClear
          placeholder={t('col.kind')}
          style={{ width: 170 }}
          value={kind}
          onChange={(v) => {
            setKind(v);
            setPage(1);
          }}
          options={SIGNED_RECORD_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
          data-testid="sig-filter-kind"
        />
        <FilterSelect
          allowClear
          placeholder={t('col.method')}
          style={{ width: 150 }}
          value={method}
          onChange={(v) => {
            setMethod(v);
            setPage(1);
          }}
          options={SIGNATURE_METHODS.map((m) => ({ value: m, label: t(`method.${m}`) }))}
        />
        <Input.Search
          allowClear
          placeholder={t('col.signer')}
          style={{ width: 180 }}
          onSearch={(v) => {
            setSignerName(v.trim());
            setPage(1);
          }}
        />
        <DatePicker.RangePicker
          value={range}
          onChange={(v) => {
            setRange(v);
            setPage(1);
          }}
        />
        <Button icon={<DownloadOutlined />} loading={exporting} onClick={handleExport} data-testid="sig-export">
          {t('export.button')}
        </Button>
      </Space>
      <Table<SignatureRow>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data?.list ?? []}
        pagination={pagination(list.data?.totalCount ?? 0, (n) => t('total', { n }))}
        scroll={{ x: 1100 }}
        data-testid="signature-log"
      />
    </Card>
  );
}

/**
 * /signature/log (menu under 患者签名, shown with the organization's CA integration on): the signature log, and for
 * administrators the CA provider setting and the members' certificates.
 */
export function SignatureLogPage() {
  const { t } = useTranslation('signatures');
  const can = usePermission();
  const admin = can(SignaturePerm.provider);
  return (
    <div data-testid="signature-log-page">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        <SafetyCertificateOutlined /> {t('title')}
      </Typography.Title>
      <Tabs
        items={[
          { key: 'log', label: t('tab.log'), children: <SignatureLog /> },
          ...(admin
            ? [
                { key: 'provider', label: t('tab.provider'), children: <ProviderCard /> },
                { key: 'certs', label: t('tab.certs'), children: <CertificatesCard /> },
              ]
            : []),
        ]}
      />
    </div>
  );
}
