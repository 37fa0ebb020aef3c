import { z } from 'zod';
import {
  StatisticsPerm,
  costQuerySchema,
  costStatisticsSchema,
  equipmentStatisticsSchema,
  operationalDataSchema,
  operationalFilterSchema,
  officeStatisticsSchema,
  projectStatisticsSchema,
  statisticsFilterSchema,
  statisticsWorkOrderRowSchema,
  statisticsWorkOrdersQuerySchema,
  therapistStatisticsSchema,
  turnoverDetailQuerySchema,
  turnoverFilterSchema,
  turnoverSettlementRowSchema,
  turnoverSchema,
} from '../statistics/statistics.schema';
import { defineEndpoint, pageSchema } from './endpoint';

/**
 * The statistics screens (spec section 2, /dataStatistical/*): read models over work orders and billing, each figure
 * one metric of the shared dictionary (statistics/metrics.ts). The spec names no API for them; they read with POST and
 * a filter body like the spec's other page queries. The organization is the session's.
 */
export const statisticsEndpoints = {
  officeWorkLoad: defineEndpoint({
    method: 'POST',
    path: '/sys/statistics/officeWorkLoad',
    access: { permission: StatisticsPerm.workload },
    body: statisticsFilterSchema,
    response: z.strictObject({ data: officeStatisticsSchema }),
    summary: {
      'zh-CN': '科室工作量：各执行科室的治疗人数、人次、次数与新患者',
      en: 'Department workload: patients, visits, sessions and new patients per department',
    },
  }),
  therapistWorkLoad: defineEndpoint({
    method: 'POST',
    path: '/sys/statistics/therapistWorkLoad',
    access: { permission: StatisticsPerm.workload },
    body: statisticsFilterSchema,
    response: z.strictObject({ data: therapistStatisticsSchema }),
    summary: {
      'zh-CN': '治疗师工作量：完成次数、授权与代治疗、时长，按日与按项目',
      en: 'Therapist workload: sessions, authorized and substitute sessions, minutes, by day and project',
    },
  }),
  workOrderDetail: defineEndpoint({
    method: 'POST',
    path: '/sys/statistics/workOrderDetail',
    access: { permission: StatisticsPerm.workload },
    body: statisticsWorkOrdersQuerySchema,
    response: z.strictObject({ data: pageSchema(statisticsWorkOrderRowSchema) }),
    summary: {
      'zh-CN': '统计明细：某项工作量统计所计入的已完成工单',
      en: 'Statistics detail: the completed work orders a workload figure counts',
    },
  }),
  projectAnalysisLoad: defineEndpoint({
    method: 'POST',
    path: '/sys/statistics/projectAnalysisLoad',
    access: { permission: StatisticsPerm.project },
    body: statisticsFilterSchema,
    response: z.strictObject({ data: projectStatisticsSchema }),
    summary: {
      'zh-CN': '项目分析：各治疗项目的次数、人数、时长、收入及占比',
      en: 'Project analysis: sessions, patients, minutes, revenue and shares per project',
    },
  }),
  equipmentUseLoad: defineEndpoint({
    method: 'POST',
    path: '/sys/statistics/equipmentUseLoad',
    access: { permission: StatisticsPerm.equipment },
    body: statisticsFilterSchema,
    response: z.strictObject({ data: equipmentStatisticsSchema }),
    summary: {
      'zh-CN': '设备使用：各设备的治疗次数、人数与占用时长',
      en: 'Equipment use: sessions, patients and busy minutes per piece of equipment',
    },
  }),
  turnOver: defineEndpoint({
    method: 'POST',
    path: '/sys/statistics/turnOver',
    access: { permission: StatisticsPerm.turnover },
    body: turnoverFilterSchema,
    response: z.strictObject({ data: turnoverSchema }),
    summary: {
      'zh-CN': '营业额：应收、实收、退费、净收入，按日、支付方式与收费员（与日结同口径）',
      en: 'Turnover: receivable, received, refunds, net income by day, pay type and cashier (as the daily settlement)',
    },
  }),
  turnOverDetail: defineEndpoint({
    method: 'POST',
    path: '/sys/statistics/turnOverDetail',
    access: { permission: StatisticsPerm.turnover },
    body: turnoverDetailQuerySchema,
    response: z.strictObject({ data: pageSchema(turnoverSettlementRowSchema) }),
    summary: {
      'zh-CN': '营业额明细：统计所计入的结算与退费（含支付方式）',
      en: 'Turnover detail: the settlements and refunds a turnover figure counts, with their payments',
    },
  }),
  treatmentCostLoad: defineEndpoint({
    method: 'POST',
    path: '/sys/statistics/treatmentCostLoad',
    access: { permission: StatisticsPerm.cost },
    body: costQuerySchema,
    response: z.strictObject({ data: costStatisticsSchema }),
    summary: {
      'zh-CN': '治疗费用：按患者与疗程的收费、退费与净额（按结算时间）',
      en: 'Treatment cost: charged, refunded and net per patient and course (by settlement time)',
    },
  }),
  operationalData: defineEndpoint({
    method: 'POST',
    path: '/sys/statistics/operationalData',
    access: { permission: StatisticsPerm.operations },
    body: operationalFilterSchema,
    response: z.strictObject({ data: operationalDataSchema }),
    summary: {
      'zh-CN': '运营数据：登记、就诊、治疗与收入，与上一周期同期对比，按日趋势与各科室',
      en: 'Operations overview: registrations, visits, sessions and income against the period before, by day and department',
    },
  }),
};
