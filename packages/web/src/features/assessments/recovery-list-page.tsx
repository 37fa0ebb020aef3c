import { useState } from 'react';
import { Input, Space, Tabs, Typography } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  ASSESS_LIST_TYPES,
  ASSESS_PHASES,
  ASSESS_STATUSES,
  assessmentsEndpoints,
  type AssessListType,
} from '@rehab/shared';
import { ExportButton } from '../../components/export-button';
import { downloadEndpoint } from '../../lib/endpoints';
import { useTablePaging } from '../../components/use-table-paging';
import { useAssessList } from './api';
import { assessPaths } from './assess-paths';
import { AssessTable } from './assess-table';
import './assessments.css';
import { FilterSelect } from '../../components/filter-select';

/** /recovery/list/:type?: every assessment of the organization, mine, or authorized to me (spec sections 2 and 4). */
export function RecoveryListPage() {
  const { t } = useTranslation('assessments');
  const navigate = useNavigate();
  const params = useParams();
  const type: AssessListType = (ASSESS_LIST_TYPES as readonly string[]).includes(params.type ?? '')
    ? (params.type as AssessListType)
    : 'all';
  const { page, limit, setPage, pagination } = useTablePaging();
  const [keyword, setKeyword] = useState<string>();
  const [status, setStatus] = useState<number | 'open'>();
  const [phase, setPhase] = useState<number>();
  const filters = { type, keyword, phase, ...(status === 'open' ? { unfinished: true } : { status }) };
  const list = useAssessList({ ...filters, page, limit });
  const filter =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };
  return (
    <div className="as-page" data-testid="recovery-list">
      <Typography.Title level={4} className="as-title">
        {t('title')}
      </Typography.Title>
      <Tabs
        activeKey={type}
        onChange={(k) => {
          setPage(1);
          navigate(assessPaths.list(k));
        }}
        items={ASSESS_LIST_TYPES.map((k) => ({
          key: k,
          label: <span data-testid={`assess-tab-${k}`}>{t(`type.${k}`)}</span>,
        }))}
      />
      <Space wrap className="as-filters">
        <Input.Search
          allowClear
          placeholder={t('filter.keyword')}
          onSearch={(v) => filter(setKeyword)(v.trim() || undefined)}
          className="as-search"
          id="assess-keyword"
        />
        <FilterSelect
          allowClear
          placeholder={t('filter.status')}
          value={status}
          onChange={filter(setStatus)}
          className="as-select"
          options={[
            { value: 'open', label: t('filter.unfinished') },
            ...ASSESS_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
          ]}
          data-testid="assess-status-filter"
        />
        <FilterSelect
          allowClear
          placeholder={t('filter.phase')}
          value={phase}
          onChange={filter(setPhase)}
          className="as-select"
          options={ASSESS_PHASES.map((p) => ({ value: p, label: t(`phase.${p}`) }))}
        />
        <ExportButton
          download={() => downloadEndpoint(assessmentsEndpoints.exportList, { body: filters })}
          fallbackName={`${t('title')}.xlsx`}
          testId="assess-export"
        />
      </Space>
      <AssessTable
        rows={list.data?.list ?? []}
        loading={list.isFetching}
        pagination={pagination(list.data?.totalCount ?? 0, (total) => t('total', { total }))}
      />
    </div>
  );
}
