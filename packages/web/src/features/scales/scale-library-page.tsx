import { useMemo, useState } from 'react';
import { Alert, Button, Card, Input, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { SearchOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SCALE_CATEGORIES, type ScaleCategory, type ScaleSummary } from '@rehab/shared';
import { useScaleCatalogue } from '../../lib/queries/scales';
import { scalePath } from './scale-paths';
import { LicenceTag } from './licence-tag';
import './scales.css';

/** Whether a scale matches the search text (code, abbreviation or name in either language, case-insensitive). */
export function matchesScale(s: ScaleSummary, text: string) {
  const q = text.trim().toLowerCase();
  if (!q) return true;
  return [s.code, s.abbr, s.nameZh, s.nameEn].some((v) => v.toLowerCase().includes(q));
}

/**
 * The scale library (/SubFirsScale/platFormTemplate): the platform catalogue of assessment scales, searchable by
 * name or code, each opening a form that scores live. Clinicians use it to look up and try a scale.
 */
export function ScaleLibraryPage() {
  const { t, i18n } = useTranslation('scales');
  const en = i18n.language === 'en';
  const catalogue = useScaleCatalogue();
  const [text, setText] = useState('');
  const [category, setCategory] = useState<ScaleCategory | 'all'>('all');
  const rows = useMemo(
    () =>
      (catalogue.data ?? []).filter((s) => matchesScale(s, text) && (category === 'all' || s.category === category)),
    [catalogue.data, text, category],
  );

  const columns: ColumnsType<ScaleSummary> = [
    {
      key: 'abbr',
      title: t('library.columns.abbr'),
      dataIndex: 'abbr',
      width: 130,
      render: (v: string, row) => (
        <Link to={scalePath(row.code)} data-testid={`scale-link-${row.code}`}>
          <b>{v}</b>
        </Link>
      ),
    },
    {
      key: 'name',
      title: t('library.columns.name'),
      render: (_, row) => (
        <Space orientation="vertical" size={0}>
          <span>{en ? row.nameEn : row.nameZh}</span>
          <Typography.Text type="secondary" className="scales-other-name">
            {en ? row.nameZh : row.nameEn}
          </Typography.Text>
        </Space>
      ),
    },
    {
      key: 'category',
      title: t('library.columns.category'),
      dataIndex: 'category',
      width: 150,
      render: (v: ScaleCategory) => <Tag>{t(`category.${v}`)}</Tag>,
    },
    {
      key: 'shape',
      title: t('library.columns.shape'),
      dataIndex: 'shape',
      width: 150,
      render: (v: string) => t(`shape.${v}`),
    },
    { key: 'items', title: t('library.columns.items'), dataIndex: 'itemCount', width: 90, align: 'right' },
    {
      key: 'range',
      title: t('library.columns.range'),
      dataIndex: 'totalRange',
      width: 110,
      render: (v: ScaleSummary['totalRange']) => (v ? `${v.min}-${v.max}` : '—'),
    },
    {
      key: 'licence',
      title: t('library.columns.licence'),
      dataIndex: 'licence',
      width: 120,
      render: (v: ScaleSummary['licence']) => <LicenceTag licence={v} />,
    },
    {
      key: 'action',
      title: t('library.columns.action'),
      width: 110,
      render: (_, row) => (
        <Link to={scalePath(row.code)}>
          <Button type="link" size="small">
            {t('library.open')}
          </Button>
        </Link>
      ),
    },
  ];

  return (
    <div className="scales-page" data-testid="scale-library">
      <Typography.Title level={4} className="scales-title">
        {t('library.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" className="scales-intro">
        {t('library.intro')}
      </Typography.Paragraph>
      <Card size="small" className="scales-search-card">
        <Space wrap>
          <Input
            allowClear
            prefix={<SearchOutlined />}
            maxLength={50}
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={t('library.searchPlaceholder')}
            className="scales-search-input"
            data-testid="scale-search"
          />
          <Select
            value={category}
            aria-label={t('library.columns.category')}
            onChange={setCategory}
            className="scales-category-select"
            data-testid="scale-category"
            options={[
              { value: 'all', label: t('category.all') },
              ...SCALE_CATEGORIES.map((c) => ({ value: c, label: t(`category.${c}`) })),
            ]}
          />
        </Space>
      </Card>
      {catalogue.isError ? <Alert type="error" showIcon title={t('library.loadFailed')} /> : null}
      <Card title={t('library.tableTitle')}>
        <Table
          rowKey="code"
          size="middle"
          loading={catalogue.isLoading}
          columns={columns}
          dataSource={rows}
          data-testid="scale-table"
          locale={{ emptyText: text || category !== 'all' ? t('library.noMatch') : t('common:status.empty') }}
          pagination={{
            defaultPageSize: 20,
            showSizeChanger: true,
            pageSizeOptions: [10, 20, 50, 100],
            showTotal: (total) => t('library.total', { total }),
          }}
          scroll={{ x: 960 }}
        />
      </Card>
    </div>
  );
}
