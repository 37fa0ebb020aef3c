/** Screen paths of the assessment feature (spec section 2: /recovery, /gauge, /patient/assess-project, /patient/report). */
export const assessPaths = {
  list: (type?: string) => `/recovery/list${type && type !== 'all' ? `/${type}` : ''}`,
  project: (projectId: number) => `/recovery/project/${projectId}`,
  detail: (projectId: number, scope?: 'one' | 'all') =>
    `/recovery/recovery-detail/${projectId}${scope ? `/${scope}` : ''}`,
  viewReport: (projectId: number) => `/recovery/view-report?id=${projectId}`,
  /** :projectId of /patient/assess-project is the treatment course's id */
  patientAssess: (treatmentId: number) => `/patient/assess-project/${treatmentId}`,
  patientReport: (patientId: number, patientName: string) =>
    `/patient/report/${patientId}/${encodeURIComponent(patientName)}`,
  gauge: (p: { id: number; methodId: number; patientId: number; treatmentId: number }) =>
    `/gauge/${p.id}/${p.methodId}/${p.patientId}/${p.treatmentId}`,
} as const;
