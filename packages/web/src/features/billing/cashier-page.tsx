import { useState } from 'react';
import { Card, Empty, Space, Typography } from 'antd';
import { keepPreviousData } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { billingEndpoints, patientsEndpoints, type PatientRow } from '@rehab/shared';
import { useBill, useBillingStatus } from '../../components/billing/api';
import { BillPanel } from '../../components/billing/bill-panel';
import { LoadError } from '../../components/billing/billing-kit';
import { useEndpointQuery } from '../../lib/endpoints';
import { useSession } from '../../lib/session';
import { AdaptersNote, BillingHeader } from './billing-common';
import { RefundRequestsTable } from './refund-parts';
import { ShiftCard } from './shift-parts';
import './billing.css';
import { FilterSelect } from '../../components/filter-select';

/** Patients whose name, pinyin or ID number matches (the outpatient list's endpoint), one option a patient. */
function usePatientSearch(keyword: string) {
  const { organization } = useSession();
  return useEndpointQuery(
    patientsEndpoints.page,
    { body: { keyword, page: 1, limit: 20, courseStatus: 0 } },
    {
      select: (r) => {
        const seen = new Set<number>();
        return r.data.list.filter((p) => !seen.has(p.patientId) && seen.add(p.patientId));
      },
      enabled: keyword.trim().length > 0,
      placeholderData: keepPreviousData,
      keySuffix: [organization?.id],
    },
  );
}

const optionLabel = (p: PatientRow) =>
  [p.name, p.outpatientNo ?? p.inpatientNo, p.phone, dayjs(p.registerTime).format('YYYY-MM-DD')]
    .filter(Boolean)
    .join(' · ');

/**
 * The cashier workbench (/outpatient/cashier): the shift on top (open with a float; the live X report and Close),
 * a patient search with the chosen patient's bill, and approved refunds waiting to be paid out. The chosen patient
 * is in the address (?patientId=), so coming back from the payment screen shows the same bill.
 */
export function CashierPage() {
  const { t } = useTranslation('billing');
  const [search, setSearch] = useSearchParams();
  const patientId = Number(search.get('patientId')) || 0;
  const [keyword, setKeyword] = useState('');
  const patients = usePatientSearch(keyword);
  const status = useBillingStatus();
  // the chosen patient's name when the search does not list it (a reload, the way back from payment)
  const chosen = useBill(patientId);
  const options = (patients.data ?? []).map((p) => ({ value: p.patientId, label: optionLabel(p) }));
  if (patientId && chosen.data && !options.some((o) => o.value === patientId))
    options.unshift({ value: patientId, label: chosen.data.patient.name });
  const { organization } = useSession();
  const approved = useEndpointQuery(
    billingEndpoints.refundList,
    { body: { status: 'approved', page: 1, limit: 50 } },
    { select: (r) => r.data, keySuffix: [organization?.id] },
  );

  return (
    <div className="billing-page" data-testid="cashier-page">
      <BillingHeader title={t('cashier.title')} extra={<AdaptersNote status={status.data} />} />
      <ShiftCard />
      <Card
        size="small"
        title={t('cashier.patient')}
        extra={
          <FilterSelect
            showSearch={{ filterOption: false, onSearch: setKeyword }}
            style={{ width: 360 }}
            placeholder={t('cashier.searchPatient')}
            value={patientId || undefined}
            loading={patients.isFetching}
            notFoundContent={t(keyword ? 'cashier.noPatient' : 'cashier.typeToSearch')}
            options={options}
            onChange={(id: number) => setSearch(id ? { patientId: String(id) } : {})}
            data-testid="cashier-patient"
          />
        }
      >
        {patientId ? (
          <BillPanel key={patientId} patientId={patientId} />
        ) : (
          <Empty description={t('cashier.pickPatient')} />
        )}
      </Card>
      <Card
        size="small"
        title={
          <Space>
            {t('cashier.payouts')}
            <Typography.Text type="secondary">{approved.data?.totalCount ?? 0}</Typography.Text>
          </Space>
        }
        data-testid="cashier-payouts"
      >
        {approved.isError ? (
          <LoadError error={approved.error} onRetry={() => void approved.refetch()} />
        ) : (
          <RefundRequestsTable rows={approved.data?.list ?? []} loading={approved.isLoading} compact />
        )}
      </Card>
    </div>
  );
}
