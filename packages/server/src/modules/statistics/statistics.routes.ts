import { statisticsEndpoints as endpoints, type Locale } from '@rehab/shared';
import { scopedRoutes } from '../../http/scoped-routes';
import type { SessionContext } from '../../http/session';
import {
  equipmentUse,
  officeWorkload,
  operationalData,
  projectAnalysis,
  therapistWorkload,
  treatmentCost,
  turnover,
  turnoverDetail,
  workOrderDetail,
  type StatisticsScope,
} from './statistics.service';

const r = scopedRoutes((session: SessionContext, locale: Locale): StatisticsScope => ({
  organizationId: session.organizationId!,
  locale,
}));

/**
 * The statistics screens' reads (/sys/statistics/*). The figures carry no patient; the details list patients and are
 * written to the access log (who looked at which rows, with the filters).
 */
export const statisticsRoutes = [
  r.data(endpoints.officeWorkLoad, officeWorkload),
  r.data(endpoints.therapistWorkLoad, therapistWorkload),
  r.page(endpoints.workOrderDetail, workOrderDetail, { patientRows: true }),
  r.data(endpoints.projectAnalysisLoad, projectAnalysis),
  r.data(endpoints.equipmentUseLoad, equipmentUse),
  r.data(endpoints.turnOver, turnover),
  r.page(endpoints.turnOverDetail, turnoverDetail, { patientRows: true }),
  r.data(endpoints.treatmentCostLoad, treatmentCost),
  r.data(endpoints.operationalData, operationalData),
];
