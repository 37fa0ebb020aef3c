// The public face of the work-orders module: what other modules may use of it. Never its tables; import only this file
// from another module (eslint.config.js, server module boundaries).

export { workOrderExpireJob, workOrderGenerateJob } from './work-orders.jobs';
export { myTodayCount } from './work-orders.service';
export { recordHistory, type HistoryEntry } from './work-orders.history';
// a transfer of treatment (issue 17): the sending course's future orders invalidated with a reason
export { invalidateFutureOrdersOfCourse } from './course-transfer';
export { cardColumns, workOrderCards } from './work-orders.cards';
export {
  completedWorkOrdersOfPatient,
  executedSessionsByProject,
  isExecuted,
  workOrderFact,
  workOrderFactsByIds,
  type WorkOrderFact,
} from './billing-facts';
export {
  dayEquipmentInUse,
  dayQueue,
  dayTherapists,
  dayThroughput,
  qualityFacts,
  type DayThroughput,
  type DayTherapist,
  type QualityFacts,
  type QueueEntry,
} from './screen-facts';
export {
  countedWorkOrders,
  newPatientsByOffice,
  waitingToFirstSession,
  workFigures,
  type WorkFigureRow,
  type WorkGrouping,
  type WorkStatisticsFilter,
} from './statistics-facts';
export {
  completedSessionsOfDay,
  organizationsWithSessions,
  sessionLabels,
  type CompletedSessionFact,
} from './performance-facts';
// its events (declared in work-orders.events.ts), to subscribe to in a manifest
export { WORK_ORDER_EVENTS } from './work-orders.events';
export { orderIdsWithStatus, ordersOfOrganization, workOrderRows, type BookableOrder } from './scheduling-facts';
