import { useState } from 'react';
import { App, Button, Drawer, Segmented, Select, Space, Table, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  BillingPerm,
  RefundRequestStatus,
  billingEndpoints,
  formatFen,
  rolesEndpoints,
  type RefundRequestStatusCode,
} from '@rehab/shared';
import { useBillingMutation } from '../../components/billing/api';
import { LoadError, errorText, fenOf } from '../../components/billing/billing-kit';
import { MoneyInput } from '../../components/billing/top-up-modal';
import { ListPage, TableCard } from '../../components/list-page';
import { useTablePaging } from '../../components/use-table-paging';
import { useEndpointQuery } from '../../lib/endpoints';
import { currentLocale } from '../../lib/locale';
import { usePermission, useSession } from '../../lib/session';
import { RefundRequestsTable } from './refund-parts';
import './billing.css';

const STATUSES = Object.values(RefundRequestStatus);

/**
 * Refund approval (/outpatient/refundApproval): the requests by status (pending first), approve or reject those the
 * caller may decide, cancel one's own, pay out approved ones; the amount rules in a drawer for holders of the rules
 * permission.
 */
export function RefundApprovalPage() {
  const { t } = useTranslation('billing');
  const can = usePermission();
  const { organization } = useSession();
  const [status, setStatus] = useState<RefundRequestStatusCode | 'all'>('pending');
  const [rulesOpen, setRulesOpen] = useState(false);
  const { page, limit, setPage, pagination } = useTablePaging();
  const list = useEndpointQuery(
    billingEndpoints.refundList,
    { body: { page, limit, ...(status === 'all' ? {} : { status }) } },
    { select: (r) => r.data, keySuffix: [organization?.id] },
  );
  return (
    <ListPage
      title={t('approval.title')}
      testId="refund-approval-page"
      extra={
        can(BillingPerm.rules) && (
          <Button icon={<SettingOutlined />} onClick={() => setRulesOpen(true)} data-testid="rules-open">
            {t('rules.title')}
          </Button>
        )
      }
    >
      <TableCard
        lead={
          <Segmented
            style={{ marginBottom: 12 }}
            value={status}
            onChange={(v) => {
              setPage(1);
              setStatus(v as RefundRequestStatusCode | 'all');
            }}
            options={[
              ...STATUSES.map((s) => ({ value: s, label: t(`requestStatus.${s}`) })),
              { value: 'all', label: t('approval.all') },
            ]}
            data-testid="approval-status"
          />
        }
        error={list.error}
        errorTitle={t('loadFailed')}
      >
        <RefundRequestsTable
          rows={list.data?.list ?? []}
          loading={list.isFetching}
          pagination={pagination(list.data?.totalCount ?? 0, (n) => t('totalCount', { total: n }))}
        />
      </TableCard>
      {rulesOpen && <RulesDrawer onClose={() => setRulesOpen(false)} />}
    </ListPage>
  );
}

type Rule = { id: number; minAmount: string; roleId?: number };
let ruleId = 1;

/** Who approves refunds, by amount: "from ¥X → role", lowest first. */
function RulesDrawer({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('billing');
  const { message } = App.useApp();
  const { organization } = useSession();
  const rules = useEndpointQuery(billingEndpoints.refundRules, {}, { select: (r) => r.data });
  const roles = useEndpointQuery(
    rolesEndpoints.select,
    { query: { organizationId: organization?.id } },
    { select: (r) => r.data, staleTime: 30_000 },
  );
  const save = useBillingMutation(billingEndpoints.refundRulesSave);
  const locale = currentLocale();
  const [edited, setEdited] = useState<Rule[] | null>(null);
  const rows: Rule[] =
    edited ??
    (rules.data ?? []).map((r) => ({
      id: ruleId++,
      minAmount: formatFen(r.minAmountFen, { grouping: false }),
      roleId: r.roleId,
    }));
  const set = (id: number, patch: Partial<Rule>) => setEdited(rows.map((r) => (r.id === id ? { ...r, ...patch } : r)));
  const incomplete = rows.length === 0 || rows.some((r) => r.roleId === undefined || r.minAmount === '');
  const submit = async () => {
    try {
      const sorted = [...rows].sort((a, b) => fenOf(a.minAmount) - fenOf(b.minAmount));
      await save.mutateAsync({ body: { rules: sorted.map((r) => ({ minAmount: r.minAmount, roleId: r.roleId! })) } });
      message.success(t('done', { action: t('rules.save') }));
      onClose();
    } catch (error) {
      message.error(errorText(error, t('failed', { action: t('rules.save') })));
    }
  };
  return (
    <Drawer
      open
      size={560}
      title={t('rules.title')}
      onClose={onClose}
      extra={
        <Button type="primary" disabled={incomplete} loading={save.isPending} onClick={submit} data-testid="rules-save">
          {t('rules.save')}
        </Button>
      }
      data-testid="rules-drawer"
    >
      {rules.isError ? (
        <LoadError error={rules.error} onRetry={() => void rules.refetch()} />
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Typography.Paragraph type="secondary">{t('rules.intro')}</Typography.Paragraph>
          <Table<Rule>
            rowKey="id"
            size="small"
            loading={rules.isLoading}
            pagination={false}
            dataSource={rows}
            columns={[
              {
                key: 'min',
                title: t('rules.from'),
                width: 170,
                render: (_, r) => (
                  <MoneyInput value={r.minAmount} onChange={(e) => set(r.id, { minAmount: e.target.value })} />
                ),
              },
              {
                key: 'role',
                title: t('rules.role'),
                render: (_, r) => (
                  <Select
                    style={{ width: '100%' }}
                    value={r.roleId}
                    loading={roles.isLoading}
                    onChange={(v) => set(r.id, { roleId: v })}
                    options={(roles.data ?? []).map((o) => ({
                      value: o.roleId,
                      label: o.roleNameLang[locale] || o.roleName,
                    }))}
                  />
                ),
              },
              {
                key: 'remove',
                width: 48,
                render: (_, r) => (
                  <Button
                    type="text"
                    icon={<DeleteOutlined />}
                    aria-label={t('rules.remove')}
                    onClick={() => setEdited(rows.filter((x) => x.id !== r.id))}
                  />
                ),
              },
            ]}
          />
          <Button
            type="dashed"
            block
            icon={<PlusOutlined />}
            disabled={rows.length >= 10}
            onClick={() => setEdited([...rows, { id: ruleId++, minAmount: '' }])}
          >
            {t('rules.add')}
          </Button>
        </Space>
      )}
    </Drawer>
  );
}
