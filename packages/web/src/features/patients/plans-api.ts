import { keepPreviousData } from '@tanstack/react-query';
import {
  plansEndpoints,
  type CaseTemplateSaveInput,
  type Endpoint,
  type LinkageSaveInput,
  type PrescriptionTemplateSaveInput,
} from '@rehab/shared';
import { callEndpoint, useEndpointQuery } from '../../lib/endpoints';
import { PATIENT_QUERIES, usePatientMutation } from './api';

export type {
  CaseTemplateRow,
  LinkageRow,
  PrescriptionTemplateRow,
  RecommendedPlan,
  RecommendedProject,
} from '@rehab/shared';

const e = plansEndpoints;

/** A mutation of templates or linkages: their own queries refresh, and the patients' (a template may change a course). */
const usePlanMutation = <V, R = unknown>(list: Endpoint, fn: (v: V) => Promise<R>) =>
  usePatientMutation(fn, [list, ...PATIENT_QUERIES]);

export const useLinkages = (params: { diseaseId?: number; functioningId?: number }, page: number, limit: number) =>
  useEndpointQuery(
    e.linkagePage,
    { body: { ...params, page, limit } },
    { select: (r) => r.data, placeholderData: keepPreviousData },
  );

export const useSaveLinkage = () =>
  usePlanMutation(e.linkagePage, async (body: LinkageSaveInput) => (await callEndpoint(e.linkageSave, { body })).data);
export const useDeleteLinkages = () =>
  usePlanMutation(e.linkagePage, (ids: number[]) => callEndpoint(e.linkageDelete, { body: { ids } }));

/** The recommended plan of a course (under the patient queries: prescribing refreshes what is in progress). */
export const useRecommendedPlan = (patientId: number, treatmentId: number) =>
  useEndpointQuery(e.recommend, { body: { patientId, treatmentId } }, { select: (r) => r.data });

/** Case templates (the spec's dictionary list fetches them with page 1, limit 9999). */
export const useCaseTemplates = (enabled = true) =>
  useEndpointQuery(e.casePage, { body: { page: 1, limit: 9999 } }, { select: (r) => r.data.list, enabled });

export const usePrescriptionTemplates = (enabled = true) =>
  useEndpointQuery(e.prescriptionPage, { body: { page: 1, limit: 9999 } }, { select: (r) => r.data.list, enabled });

export const useSaveCaseTemplate = () =>
  usePlanMutation(e.casePage, (body: CaseTemplateSaveInput) => callEndpoint(e.caseSave, { body }));
export const useDeleteCaseTemplates = () =>
  usePlanMutation(e.casePage, (ids: number[]) => callEndpoint(e.caseDelete, { body: { ids } }));
export const useApplyCaseTemplate = () =>
  usePlanMutation(e.casePage, (body: { id: number; treatmentId: number }) => callEndpoint(e.caseApply, { body }));
export const useSavePrescriptionTemplate = () =>
  usePlanMutation(e.prescriptionPage, (body: PrescriptionTemplateSaveInput) =>
    callEndpoint(e.prescriptionSave, { body }),
  );
export const useDeletePrescriptionTemplates = () =>
  usePlanMutation(e.prescriptionPage, (ids: number[]) => callEndpoint(e.prescriptionDelete, { body: { ids } }));

/** One page of a patient's visits (courses). */
export const useVisits = (patientId: number, page: number) =>
  useEndpointQuery(
    e.visitPage,
    { body: { patientId, page, limit: 10 } },
    { select: (r) => r.data, placeholderData: keepPreviousData },
  );
