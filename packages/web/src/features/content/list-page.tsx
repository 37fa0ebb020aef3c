import { useState } from 'react';
import { Button, Card, Input, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CONTENT_STATUSES, ContentPerm, type ContentStatus } from '@rehab/shared';
import { href, paths } from '../../lib/paths';
import { usePermission } from '../../lib/session';
import { useTablePaging } from '../../components/use-table-paging';
import { useCategories, useContentPage } from './api';
import { StatusTag } from './common';
import { FilterSelect } from '../../components/filter-select';

type Row = NonNullable<ReturnType<typeof useContentPage>['data']>['list'][number];

/**
 * Knowledge articles (/frisApplet/knowledge) or education items (/frisApplet/educationDetail): the organization's
 * items of that kind with their state, filtered by state, category and title; a new one and each item's editor.
 */
function ContentListPage({ kind }: { kind: 'article' | 'education' }) {
  const { t, i18n } = useTranslation('content');
  const can = usePermission();
  const [status, setStatus] = useState<ContentStatus | undefined>();
  const [categoryId, setCategoryId] = useState<number | undefined>();
  const [keyword, setKeyword] = useState('');
  const { page, limit, setPage, pagination } = useTablePaging();
  const list = useContentPage({
    kind,
    page,
    limit,
    ...(status ? { status } : {}),
    ...(categoryId ? { categoryId } : {}),
    ...(keyword ? { keyword } : {}),
  });
  const categories = useCategories();
  const en = i18n.language === 'en';
  const categoryName = (id: number | null) => {
    const c = categories.data?.find((x) => x.id === id);
    return c ? (en && c.nameEn ? c.nameEn : c.nameZh) : '—';
  };
  const open = (id: number | 'new') => `${href(paths.frisKnowledgeDetail, { id: String(id) })}?kind=${kind}`;

  const columns: ColumnsType<Row> = [
    {
      key: 'title',
      title: t('col.title'),
      render: (_, r) => (
        <Link to={open(r.id)} data-testid={`content-open-${r.id}`}>
          {en && r.titleEn ? r.titleEn : r.titleZh}
        </Link>
      ),
    },
    { key: 'category', title: t('col.category'), width: 140, render: (_, r) => categoryName(r.categoryId) },
    { key: 'status', title: t('col.status'), width: 110, render: (_, r) => <StatusTag status={r.status} /> },
    {
      key: 'version',
      title: t('col.version'),
      width: 120,
      render: (_, r) => t('versionShort', { version: r.version, published: r.publishedVersion ?? '—' }),
    },
    { key: 'author', title: t('col.author'), width: 110, render: (_, r) => r.authorName ?? '—' },
    {
      key: 'updated',
      title: t('col.updated'),
      width: 160,
      render: (_, r) =>
        r.status === 'scheduled' && r.publishAt
          ? t('publishAtShort', { at: dayjs(r.publishAt).format('YYYY-MM-DD HH:mm') })
          : dayjs(r.updatedAt).format('YYYY-MM-DD HH:mm'),
    },
  ];

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }} data-testid={`content-list-${kind}`}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t(`title.${kind}`)}
      </Typography.Title>
      <Card
        extra={
          can(ContentPerm.save) && (
            <Link to={open('new')}>
              <Button type="primary" icon={<PlusOutlined />} data-testid="content-new">
                {t(`new_${kind}`)}
              </Button>
            </Link>
          )
        }
        title={
          <Space wrap>
            <Input.Search
              allowClear
              placeholder={t('col.title')}
              style={{ width: 220 }}
              onSearch={(v) => {
                setKeyword(v.trim());
                setPage(1);
              }}
            />
            <FilterSelect
              allowClear
              style={{ width: 140 }}
              placeholder={t('col.status')}
              value={status}
              onChange={(v) => {
                setStatus(v);
                setPage(1);
              }}
              options={CONTENT_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
            />
            <FilterSelect
              allowClear
              style={{ width: 160 }}
              placeholder={t('col.category')}
              value={categoryId}
              onChange={(v) => {
                setCategoryId(v);
                setPage(1);
              }}
              options={(categories.data ?? []).map((c) => ({
                value: c.id,
                label: en && c.nameEn ? c.nameEn : c.nameZh,
              }))}
            />
          </Space>
        }
      >
        <Table<Row>
          rowKey="id"
          size="middle"
          columns={columns}
          loading={list.isFetching}
          dataSource={list.data?.list ?? []}
          pagination={pagination(list.data?.totalCount ?? 0, (n) => t('total', { count: n }))}
        />
      </Card>
    </div>
  );
}

export const KnowledgePage = () => <ContentListPage kind="article" />;
export const EducationPage = () => <ContentListPage kind="education" />;
