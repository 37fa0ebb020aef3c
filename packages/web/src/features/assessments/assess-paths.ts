import { href, paths } from '../../lib/paths';

/** Screen paths of the assessment feature (spec section 2: /recovery, /gauge, /patient/assess-project, /patient/report). */
export const assessPaths = {
  /** the list of a type; `all` has no segment */
  list: (type?: string) => href(paths.recoveryList, { type: type && type !== 'all' ? type : null }),
  project: (projectId: number) => href(paths.recoveryProject, { projectId }),
  detail: (projectId: number, scope?: 'one' | 'all') =>
    href(paths.recoveryDetail, { projectId, oneAndAllType: scope ?? null }),
  viewReport: (projectId: number) => href(paths.recoveryViewReport, {}, { id: projectId }),
  /** :projectId of /patient/assess-project is the treatment course's id */
  patientAssess: (treatmentId: number) => href(paths.patientAssessProject, { projectId: treatmentId }),
  patientReport: (patientId: number, patientName: string) => href(paths.patientReport, { patientId, patientName }),
  gauge: (p: { id: number; methodId: number; patientId: number; treatmentId: number }) =>
    href(paths.gauge, { projectId: p.id, methodId: p.methodId, patientId: p.patientId, treatmentId: p.treatmentId }),
} as const;
