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
 * The statistics screens' reads (/sys/statistics/*). The figures carry no patient; the detail lists patients and is
 * recorded in the operation log (its path is no read verb, so the log keeps who looked at which rows).
 */
export const statisticsRoutes = [
  r.data(endpoints.officeWorkLoad, officeWorkload),
  r.data(endpoints.therapistWorkLoad, therapistWorkload),
  r.page(endpoints.workOrderDetail, workOrderDetail),
  r.data(endpoints.projectAnalysisLoad, projectAnalysis),
  r.data(endpoints.equipmentUseLoad, equipmentUse),
  r.data(endpoints.turnOver, turnover),
  r.page(endpoints.turnOverDetail, turnoverDetail),
  r.data(endpoints.treatmentCostLoad, treatmentCost),
  r.data(endpoints.operationalData, operationalData),
];
