/**
 * The metrics dictionary (指标字典) of the statistics screens: every figure a statistics screen shows names one of
 * these, and the screen shows its definition (统计口径) one click away. A metric says what it counts, from which
 * records, by which time and under which filters, so two screens showing the same key always agree.
 */
export type Bilingual = { 'zh-CN': string; en: string };

/**
 * The time a metric counts by: `serviceDay` the work order's treatment day (treat_date, a clinic day), `completedAt`
 * the clinic day of the execution, `settledAt` the clinic day of the settlement (the daily settlement's basis),
 * `registeredAt` the clinic day a course was registered.
 */
export type MetricTimeBasis = 'serviceDay' | 'completedAt' | 'settledAt' | 'registeredAt';
export type MetricFilter = 'office' | 'therapist' | 'project' | 'equipment' | 'patientType' | 'cashier';
export type MetricUnit = 'count' | 'minutes' | 'fen' | 'percent' | 'days';

export type MetricDefinition = {
  key: string;
  name: Bilingual;
  /** the definition (统计口径) shown by the "?" of a column or tile */
  definition: Bilingual;
  /** how it is computed, in the records' terms */
  formula: string;
  /** the records it reads (module: table) */
  source: string;
  timeBasis: MetricTimeBasis;
  filters: readonly MetricFilter[];
  unit: MetricUnit;
};

const t = (zh: string, en: string): Bilingual => ({ 'zh-CN': zh, en });
const WORK_FILTERS = ['office', 'therapist', 'project', 'equipment', 'patientType'] as const;

function metric<K extends string>(key: K, m: Omit<MetricDefinition, 'key'>): MetricDefinition & { key: K } {
  return { key, ...m };
}

export const METRICS = {
  sessions: metric('sessions', {
    name: t('治疗次数', 'Sessions'),
    definition: t(
      '统计期内治疗日期落在范围内、状态为“已完成”的工单数；一条工单计一次。作废、过期、未完成的工单不计。',
      'Work orders completed whose treatment day lies in the range; one order is one session. Invalidated, expired and unfinished orders do not count.',
    ),
    formula: 'count(wo_work_order where status = 3)',
    source: 'work-orders: wo_work_order',
    timeBasis: 'serviceDay',
    filters: WORK_FILTERS,
    unit: 'count',
  }),
  visits: metric('visits', {
    name: t('就诊人次', 'Visits'),
    definition: t(
      '同一患者同一治疗日在同一科室完成至少一次治疗计 1 人次；同日多项治疗仍计 1 人次。',
      'One patient treated (at least one completed order) on one treatment day in one department is one visit; several treatments the same day are still one visit.',
    ),
    formula: 'count(distinct (patient_id, treat_date)) of completed orders',
    source: 'work-orders: wo_work_order',
    timeBasis: 'serviceDay',
    filters: WORK_FILTERS,
    unit: 'count',
  }),
  patients: metric('patients', {
    name: t('治疗人数', 'Patients'),
    definition: t(
      '统计期内至少完成一次治疗的不同患者数（按人去重）。',
      'Distinct patients with at least one completed order in the range.',
    ),
    formula: 'count(distinct patient_id) of completed orders',
    source: 'work-orders: wo_work_order',
    timeBasis: 'serviceDay',
    filters: WORK_FILTERS,
    unit: 'count',
  }),
  newPatients: metric('newPatients', {
    name: t('新患者数', 'New patients'),
    definition: t(
      '在本机构的首次完成治疗（全部历史中最早的已完成工单）落在统计期内的患者数，计入该次治疗的执行科室。',
      'Patients whose first completed order ever in the organization falls in the range, counted for the department that executed it.',
    ),
    formula: 'count(patient_id where min(treat_date of completed orders) in range)',
    source: 'work-orders: wo_work_order',
    timeBasis: 'serviceDay',
    filters: WORK_FILTERS,
    unit: 'count',
  }),
  minutes: metric('minutes', {
    name: t('治疗时长（分钟）', 'Minutes'),
    definition: t(
      '已完成工单所属治疗项目的单次时长之和。',
      'The sum of the per-session duration of the projects of the completed orders.',
    ),
    formula: 'sum(pat_treatment_project.duration) of completed orders',
    source: 'work-orders: wo_work_order; patients: pat_treatment_project',
    timeBasis: 'serviceDay',
    filters: WORK_FILTERS,
    unit: 'minutes',
  }),
  busyMinutes: metric('busyMinutes', {
    name: t('设备占用时长（分钟）', 'Busy minutes'),
    definition: t(
      '在该设备上完成的工单所属治疗项目的单次时长之和（工单记录的设备）。',
      'The sum of the per-session duration of the completed orders done on the equipment (the equipment the order records).',
    ),
    formula: 'sum(pat_treatment_project.duration) of completed orders with equipment_id',
    source: 'work-orders: wo_work_order; patients: pat_treatment_project',
    timeBasis: 'serviceDay',
    filters: WORK_FILTERS,
    unit: 'minutes',
  }),
  authorizedSessions: metric('authorizedSessions', {
    name: t('授权执行次数', 'Authorized sessions'),
    definition: t(
      '已完成且带有授权治疗师的工单数：这些工单计入执行人（通常为被授权治疗师）。',
      'Completed orders carrying an authorized therapist: they count for whoever executed them (usually the authorized therapist).',
    ),
    formula: 'count(completed orders where authorized_therapist_id is not null)',
    source: 'work-orders: wo_work_order',
    timeBasis: 'serviceDay',
    filters: WORK_FILTERS,
    unit: 'count',
  }),
  substituteSessions: metric('substituteSessions', {
    name: t('代治疗次数', 'Substitute sessions'),
    definition: t(
      '已完成工单中执行人不是责任治疗师的次数（代班、授权）：计入执行人，不计入责任治疗师。',
      'Completed orders executed by someone other than the therapist responsible (cover, authorization): they count for the executor, not the one responsible.',
    ),
    formula: 'count(completed orders where executor_id <> therapist_id)',
    source: 'work-orders: wo_work_order',
    timeBasis: 'serviceDay',
    filters: WORK_FILTERS,
    unit: 'count',
  }),
  orders: metric('orders', {
    name: t('工单总数', 'Orders'),
    definition: t(
      '治疗日期在统计期内的全部工单（任何状态）。',
      'All work orders whose treatment day is in the range, whatever their status.',
    ),
    formula: 'count(wo_work_order)',
    source: 'work-orders: wo_work_order',
    timeBasis: 'serviceDay',
    filters: WORK_FILTERS,
    unit: 'count',
  }),
  expired: metric('expired', {
    name: t('爽约（过期）', 'No-shows (expired)'),
    definition: t(
      '治疗日已过仍未执行、被系统置为“已过期”的工单数。',
      'Orders whose treatment day passed without execution, marked expired by the product.',
    ),
    formula: 'count(wo_work_order where status = 4)',
    source: 'work-orders: wo_work_order',
    timeBasis: 'serviceDay',
    filters: WORK_FILTERS,
    unit: 'count',
  }),
  invalidated: metric('invalidated', {
    name: t('作废工单', 'Invalidated'),
    definition: t('被人工作废的工单数。', 'Orders invalidated by staff.'),
    formula: 'count(wo_work_order where status = 2)',
    source: 'work-orders: wo_work_order',
    timeBasis: 'serviceDay',
    filters: WORK_FILTERS,
    unit: 'count',
  }),
  receivable: metric('receivable', {
    name: t('应收金额', 'Receivable'),
    definition: t(
      '统计期内（按结算时间，诊所时区）收费结算的应收合计，即结算明细金额之和。与日结“结算收入”同源同口径。',
      'The total of the charge settlements made in the range (by settlement time, clinic time zone): the sum of their lines. Same source and time as the daily settlement.',
    ),
    formula: 'sum(bill_settlement.total_fen where kind = charge)',
    source: 'billing: bill_settlement',
    timeBasis: 'settledAt',
    filters: ['cashier'],
    unit: 'fen',
  }),
  discounts: metric('discounts', {
    name: t('优惠金额', 'Discounts'),
    definition: t(
      '统计期内（按结算时间）收费结算中给出的会员折扣与抹零之和；应收金额已减去优惠。退费不冲减优惠。',
      'Member discounts and round-off given in the charge settlements of the range (by settlement time); the receivable is already net of them. Refunds do not reduce them.',
    ),
    formula: "-sum(settlement lines of charges where source_type in ('discount', 'rounding'))",
    source: 'billing: bill_settlement_line, bill_charge',
    timeBasis: 'settledAt',
    filters: ['cashier'],
    unit: 'fen',
  }),
  received: metric('received', {
    name: t('实收金额', 'Received'),
    definition: t(
      '统计期内收费结算收到的款项合计（全部支付方式，含预交金抵扣）。',
      'Money taken by the charge settlements in the range, every pay type (prepaid balance included).',
    ),
    formula: 'sum(bill_payment.amount_fen of charge settlements)',
    source: 'billing: bill_payment, bill_settlement',
    timeBasis: 'settledAt',
    filters: ['cashier'],
    unit: 'fen',
  }),
  refunds: metric('refunds', {
    name: t('退费金额', 'Refunds'),
    definition: t(
      '统计期内执行的退费（冲销结算）退还的款项合计，按退费执行时间计入，不回冲原结算日。',
      'Money paid back by the refunds (reversal settlements) executed in the range, counted when executed, not on the original day.',
    ),
    formula: 'sum(bill_payment.amount_fen of reversal settlements)',
    source: 'billing: bill_payment, bill_settlement',
    timeBasis: 'settledAt',
    filters: ['cashier'],
    unit: 'fen',
  }),
  netIncome: metric('netIncome', {
    name: t('净收入', 'Net income'),
    definition: t(
      '实收减退费（非预交金支付方式），即日结“结算收入”。',
      'Received minus refunds over the pay types other than the prepaid balance: the daily settlement’s settlement income.',
    ),
    formula: 'received − refunds, prepaid pay type excluded',
    source: 'billing: bill_payment, bill_settlement',
    timeBasis: 'settledAt',
    filters: ['cashier'],
    unit: 'fen',
  }),
  revenue: metric('revenue', {
    name: t('项目收入', 'Revenue'),
    definition: t(
      '统计期内（按结算时间，诊所时区）结算的该项目收费明细金额（按疗程或按次收费）减去同期退费的明细金额。不受科室、治疗师、患者类型筛选影响。',
      'Settled line amounts of the project’s charges (per course or per session) in the range, by settlement time (clinic time zone), less the refunded lines paid out in the range. Department, therapist and patient-type filters do not apply.',
    ),
    formula: 'sum(charge lines) − sum(reversal lines) of bill_charge.project_id, by template',
    source: 'billing: bill_settlement_line, bill_charge; patients: pat_treatment_project',
    timeBasis: 'settledAt',
    filters: ['project'],
    unit: 'fen',
  }),
  sessionShare: metric('sessionShare', {
    name: t('次数占比', 'Share of sessions'),
    definition: t(
      '该项目治疗次数占全部项目治疗次数的百分比。',
      'The project’s sessions as a percentage of all sessions.',
    ),
    formula: 'sessions / Σ sessions × 100',
    source: 'work-orders: wo_work_order',
    timeBasis: 'serviceDay',
    filters: WORK_FILTERS,
    unit: 'percent',
  }),
  revenueShare: metric('revenueShare', {
    name: t('收入占比', 'Share of revenue'),
    definition: t(
      '该项目收入占全部项目收入的百分比。',
      'The project’s revenue as a percentage of all project revenue.',
    ),
    formula: 'revenue / Σ revenue × 100',
    source: 'billing: bill_settlement_line, bill_charge',
    timeBasis: 'settledAt',
    filters: ['project'],
    unit: 'percent',
  }),
  courseCharged: metric('courseCharged', {
    name: t('收费金额', 'Charged'),
    definition: t(
      '统计期内（按结算时间）该患者该疗程的收费结算金额合计。',
      'The charge settlements of the patient’s course in the range (by settlement time).',
    ),
    formula: 'sum(bill_settlement.total_fen where kind = charge) by patient and course',
    source: 'billing: bill_settlement',
    timeBasis: 'settledAt',
    filters: ['patientType'],
    unit: 'fen',
  }),
  courseRefunded: metric('courseRefunded', {
    name: t('退费金额', 'Refunded'),
    definition: t(
      '统计期内（按退费执行时间）该患者该疗程的退费合计。',
      'The refunds of the patient’s course paid out in the range (by the time they were paid out).',
    ),
    formula: 'sum(bill_settlement.total_fen where kind = reversal) by patient and course',
    source: 'billing: bill_settlement',
    timeBasis: 'settledAt',
    filters: ['patientType'],
    unit: 'fen',
  }),
  courseNet: metric('courseNet', {
    name: t('净费用', 'Net cost'),
    definition: t('收费金额减退费金额。', 'Charged minus refunded.'),
    formula: 'courseCharged − courseRefunded',
    source: 'billing: bill_settlement',
    timeBasis: 'settledAt',
    filters: ['patientType'],
    unit: 'fen',
  }),
  settlementCount: metric('settlementCount', {
    name: t('结算笔数', 'Settlements'),
    definition: t('统计期内的收费结算笔数（不含退费）。', 'Charge settlements in the range (refunds not counted).'),
    formula: 'count(bill_settlement where kind = charge)',
    source: 'billing: bill_settlement',
    timeBasis: 'settledAt',
    filters: ['cashier'],
    unit: 'count',
  }),
  registrations: metric('registrations', {
    name: t('登记人数', 'Registrations'),
    definition: t(
      '统计期内登记的疗程数（门诊或住院登记），计入登记的就诊科室；取消登记的不计。一次登记计 1 人。',
      'Courses registered in the range (outpatient or inpatient registration), counted for the department of the visit; cancelled registrations do not count. One registration is one patient.',
    ),
    formula: 'count(pat_treatment where status <> 4) by register_time',
    source: 'patients: pat_treatment',
    timeBasis: 'registeredAt',
    filters: ['office', 'patientType'],
    unit: 'count',
  }),
  incomePerVisit: metric('incomePerVisit', {
    name: t('人次均收入', 'Income per visit'),
    definition: t(
      '净收入除以就诊人次（收入按结算时间，人次按治疗日期，同一统计期）。无人次时为 0。',
      'Net income divided by visits (income by settlement time, visits by treatment day, over the same range). 0 when there are no visits.',
    ),
    formula: 'netIncome / visits',
    source: 'billing: bill_settlement; work-orders: wo_work_order',
    timeBasis: 'settledAt',
    filters: [],
    unit: 'fen',
  }),
  completionRate: metric('completionRate', {
    name: t('工单完成率', 'Completion rate'),
    definition: t(
      '治疗日期在统计期内（截至今天）的工单中已完成的比例；作废的工单不计入分母。',
      'The share of the work orders of the range (up to today) that were completed; invalidated orders are left out of the denominator.',
    ),
    formula: 'sessions / (orders - invalidated) x 100',
    source: 'work-orders: wo_work_order',
    timeBasis: 'serviceDay',
    filters: WORK_FILTERS,
    unit: 'percent',
  }),
  expiredOrders: metric('expiredOrders', {
    name: t('爽约工单', 'Missed sessions'),
    definition: t(
      '治疗日期在统计期内、到期仍未执行而过期的工单数（患者未到）。',
      'Work orders of the range that expired unexecuted: the patient did not come.',
    ),
    formula: 'count(wo_work_order where status = expired)',
    source: 'work-orders: wo_work_order',
    timeBasis: 'serviceDay',
    filters: WORK_FILTERS,
    unit: 'count',
  }),
  waitingDays: metric('waitingDays', {
    name: t('平均等待天数', 'Average waiting days'),
    definition: t(
      '首次治疗在统计期内的治疗项目，从开具处方当天到首次完成治疗的治疗日期相隔的天数的平均值（诊所时区的自然日，保留一位小数）。',
      'For the prescribed projects first treated in the range: the average number of clinic days from the day of the prescription to the treatment day of its first completed session (one decimal).',
    ),
    formula: 'avg(first completed treat_date - prescription day) of projects first treated in the range',
    source: 'work-orders: wo_work_order; patients: pat_treatment_project',
    timeBasis: 'serviceDay',
    filters: [],
    unit: 'days',
  }),
} as const;

export type MetricKey = keyof typeof METRICS;
export const METRIC_KEYS = Object.keys(METRICS) as MetricKey[];

/** A metric's definition by key. */
export const metricOf = (key: MetricKey): MetricDefinition => METRICS[key];
