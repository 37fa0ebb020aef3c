import { keepPreviousData } from '@tanstack/react-query';
import { billingEndpoints, type Endpoint } from '@rehab/shared';
import { useEndpointMutation, useEndpointQuery } from '../../lib/endpoints';
import { useSession } from '../../lib/session';
import { BILLING_QUERIES } from './billing-kit';

const b = billingEndpoints;

/** A patient's bill (of one course when given): charges, billable items, settlements, refunds, balance. */
export function useBill(patientId: number, treatmentId?: number) {
  const { organization } = useSession();
  return useEndpointQuery(
    b.bill,
    { body: { patientId, ...(treatmentId ? { treatmentId } : {}) } },
    { select: (r) => r.data, enabled: patientId > 0, keySuffix: [organization?.id] },
  );
}

/** One page of the prepaid ledger and the balance. */
export function useAccount(patientId: number, page: number, limit = 10) {
  return useEndpointQuery(
    b.account,
    { body: { patientId, page, limit } },
    { placeholderData: keepPreviousData, enabled: patientId > 0 },
  );
}

/** Whether the e-receipt and payment terminal adapters are set up. */
export const useBillingStatus = () => useEndpointQuery(b.status, {}, { select: (r) => r.data, staleTime: 5 * 60_000 });

export const useSettlementInfo = (id: number) =>
  useEndpointQuery(b.settlementInfo, { params: { id } }, { select: (r) => r.data, enabled: id > 0 });

/** A billing change: every billing query refreshes after it. */
export const useBillingMutation = <E extends Endpoint>(e: E) =>
  useEndpointMutation(e, { invalidates: BILLING_QUERIES });
