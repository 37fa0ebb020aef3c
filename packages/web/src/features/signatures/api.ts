import { keepPreviousData } from '@tanstack/react-query';
import { signaturesEndpoints as e, type EndpointInput } from '@rehab/shared';
import { callEndpoint, useEndpointMutation, useEndpointQuery } from '../../lib/endpoints';

export type SignatureQuery = EndpointInput<typeof e.list>['body'];

export const useSignatures = (body: SignatureQuery) =>
  useEndpointQuery(e.list, { body }, { select: (r) => r.data, placeholderData: keepPreviousData });

/** The whole filtered log for an Excel file (the server caps it and records the export). */
export const fetchAllSignatures = async (body: SignatureQuery) =>
  (await callEndpoint(e.list, { body: { ...body, page: 1, exportAll: true } })).data.list;

export const useProvider = (enabled: boolean) => useEndpointQuery(e.provider, {}, { select: (r) => r.data, enabled });
export const useCertificates = (enabled: boolean) => useEndpointQuery(e.certs, {}, { select: (r) => r.data, enabled });
export const useMembers = (enabled: boolean) =>
  useEndpointQuery(e.members, {}, { select: (r) => r.data, enabled, staleTime: 60_000 });

export const useSaveProvider = () => useEndpointMutation(e.providerSave, { invalidates: [e.provider] });
export const useBindCertificate = () => useEndpointMutation(e.certBind, { invalidates: [e.certs] });
