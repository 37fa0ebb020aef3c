import type { AppContext } from '../../context';
import { unreadCount } from '../messages/messages.service';
import { unassignedCount } from '../patients/patients.service';
import { myTodayCount } from '../work-orders/work-orders.service';
import { WorkOrderStatus } from '@rehab/shared';
import { unfinishedCount } from '../assessments/assessments.service';

/**
 * Registers the home dashboard counters of the features that exist. Messages, work orders, assessments and
 * therapist assignment add theirs here as they land; until then their fields count 0 (no feature, no rows).
 */
export function registerDashboardCounters(app: AppContext) {
  app.dashboardCounters.length = 0;
  app.dashboardCounters.push({
    field: 'msgCount',
    count: (db, scope) => unreadCount({ db }, { userId: scope.userId, organizationId: scope.organizationId }),
  });
  // projects in progress without a therapist, in the whole organization (the home card of spec section 2)
  app.dashboardCounters.push({
    field: 'unAssignedCount',
    count: (db, scope) => unassignedCount(db, scope.organizationId),
  });
  // today's work orders of the user: unfinished and finished (spec section 2, home cards)
  app.dashboardCounters.push({
    field: 'undoneTotal',
    count: (db, scope) => myTodayCount(db, { ...scope, locale: 'zh-CN' }, WorkOrderStatus.unfinished),
  });
  app.dashboardCounters.push({
    field: 'doneTotal',
    count: (db, scope) => myTodayCount(db, { ...scope, locale: 'zh-CN' }, WorkOrderStatus.completed),
  });
  // assessments still to be evaluated by the user: as assessor (not handed on) or authorized evaluator
  app.dashboardCounters.push({
    field: 'asCount',
    count: (db, scope) => unfinishedCount(db, scope.organizationId, scope.userId),
  });
}
