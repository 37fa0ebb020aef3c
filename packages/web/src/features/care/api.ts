import { keepPreviousData } from '@tanstack/react-query';
import { billingEndpoints, leasesEndpoints as le, tubesEndpoints as te, type EndpointInput } from '@rehab/shared';
import { useEndpointMutation, useEndpointQuery } from '../../lib/endpoints';

export type TubeQuery = EndpointInput<typeof te.page>['body'];
export type LeaseQuery = EndpointInput<typeof le.page>['body'];

export const useTubes = (body: TubeQuery) =>
  useEndpointQuery(te.page, { body }, { select: (r) => r.data, placeholderData: keepPreviousData });
export const useTube = (id: number) =>
  useEndpointQuery(te.info, { params: { id } }, { select: (r) => r.data, enabled: id > 0 });

const TUBES = [te.page, te.info];
export const useSaveTube = () => useEndpointMutation(te.save, { invalidates: TUBES });
export const useCareTube = () => useEndpointMutation(te.care, { invalidates: TUBES });
export const useRemoveTube = () => useEndpointMutation(te.remove, { invalidates: TUBES });

export const useLeases = (body: LeaseQuery) =>
  useEndpointQuery(le.page, { body }, { select: (r) => r.data, placeholderData: keepPreviousData });
export const useLeasableEquipment = (enabled: boolean) =>
  useEndpointQuery(le.equipment, {}, { select: (r) => r.data, enabled });
// a lease puts its deposit and rent on the patient's bill
const LEASES = [le.page, le.equipment, billingEndpoints.bill];
export const useSaveLease = () => useEndpointMutation(le.save, { invalidates: LEASES });
export const useReturnLease = () => useEndpointMutation(le.return, { invalidates: LEASES });

/** The patient picker of either screen: names matching what was typed (name, pinyin or initials). */
export const usePatientOptions = (kind: 'tubes' | 'leases', keyword: string, enabled: boolean) =>
  useEndpointQuery(
    kind === 'tubes' ? te.patients : le.patients,
    { query: { keyword } },
    { select: (r) => r.data, enabled, placeholderData: keepPreviousData },
  );
