import { z } from 'zod';
import {
  ReferralPerm,
  WorkOrderStatus,
  checkInSchema,
  comboBoxSchema,
  executiveCodeSchema,
  patientSchedulingSchema,
  staffSelectQuerySchema,
  treatRecordSchema,
  treatmentEquipmentSchema,
  handleStateSchema,
  idParamSchema,
  myReferralSchema,
  patientReferralSchema,
  referralListSchema,
  referralRemarkSchema,
  todayListSchema,
  translate,
  uploadConfirmationQuerySchema,
  idSchema,
  type Locale,
} from '@rehab/shared';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context';
import { defineRoute, type RouteDef } from '../../http/route';
import { scopedRoutes } from '../../http/scoped-routes';
import type { SessionContext } from '../../http/session';
import {
  checkIn,
  doneByMe,
  handleState,
  listOrders,
  myOrders,
  myTodayCount,
  orderDetail,
  orderFile,
  ordersWorkbook,
  patientsWithStatus,
  projectsWithOrders,
  teamsWithTherapists,
  todayList,
  updateRemark,
  uploadConfirmation,
  type OrderScope,
} from './work-orders.service';
import {
  comboBox,
  createByExecutiveCode,
  doctorComboBox,
  editTreatRecord,
  patientScheduling,
  projectByExecutiveCode,
  setOrderEquipment,
  staffSelect,
  therapistsForPatient,
} from './referral-extras.service';
import { clinicToday } from './work-orders.generation';
import { clockNow } from '../../kernel/clock';

const scopeOf = (session: SessionContext, locale: Locale): OrderScope => ({
  organizationId: session.organizationId!,
  userId: session.userId,
  locale,
});
const r = scopedRoutes(scopeOf);

const EXPORT_LIMIT = 10_000;

/** A change the scheduling board shows (an order's equipment, a new order of today): rings the doorbell once done. */
async function ringing<T>(app: AppContext, scope: OrderScope, change: Promise<T>): Promise<T> {
  const result = await change;
  app.live.scheduleChanged(scope.organizationId);
  return result;
}

async function sendWorkbook(reply: FastifyReply, buffer: Buffer, locale: Locale, name: string) {
  const stamp = clockNow().toISOString().replace(/[-:T]/g, '').slice(0, 14);
  const title = translate(locale, 'workOrder.exportTitle');
  const file = `${title}_${name}_${stamp}.xlsx`;
  await reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header(
      'content-disposition',
      `attachment; filename="work-orders-${stamp}.xlsx"; filename*=UTF-8''${encodeURIComponent(file)}`,
    )
    .header('cache-control', 'no-store')
    .send(buffer);
}

const patientSelect = (url: string, status: (typeof WorkOrderStatus)[keyof typeof WorkOrderStatus]) =>
  defineRoute({
    method: 'POST',
    url: `/sys/referral/${url}`,
    access: { permission: ReferralPerm.list },
    handler: async ({ app, session, locale }) => ({
      data: await patientsWithStatus(app.db, scopeOf(session, locale), status),
    }),
  });

const projectSelectBody = z.object({
  patientId: z.preprocess((v) => (v === '' || v === null ? undefined : v), idSchema.optional()),
});

const projectSelect = (url: string, status: (typeof WorkOrderStatus)[keyof typeof WorkOrderStatus]) =>
  r.data(`/sys/referral/${url}`, ReferralPerm.list, projectSelectBody, (app, s, b) =>
    projectsWithOrders(app.db, s, { status, patientId: b.patientId }),
  );

/** Work orders (spec section 7, Referral: a work order is a "referral" in the spec's API). */
export const workOrderRoutes: RouteDef[] = [
  r.page('/sys/referral/list', ReferralPerm.list, referralListSchema, (app, s, b) => listOrders(app.db, s, b)),
  r.page('/sys/referral/myReferral', ReferralPerm.my, myReferralSchema, (app, s, b) => myOrders(app.db, s, b)),
  /** The workbench: today's counts of my orders and the first unfinished ones. */
  defineRoute({
    method: 'POST',
    url: '/sys/referral/myReferral4Workbench',
    access: { permission: ReferralPerm.my },
    handler: async ({ app, session, locale }) => {
      const scope = scopeOf(session, locale);
      const today = clinicToday();
      const { list } = await myOrders(app.db, scope, {
        page: 1,
        limit: 10,
        action: 'unfinish',
        startDate: today,
        endDate: today,
      });
      return {
        data: {
          undoneTotal: await myTodayCount(app.db, scope, WorkOrderStatus.unfinished),
          doneTotal: await myTodayCount(app.db, scope, WorkOrderStatus.completed),
          list,
        },
      };
    },
  }),
  /** Orders I executed. */
  r.page('/sys/referral/doList', ReferralPerm.my, referralListSchema, (app, s, b) => doneByMe(app.db, s, b)),
  r.page('/sys/referral/selectReferralByPatient', ReferralPerm.list, patientReferralSchema, (app, s, b) =>
    listOrders(app.db, s, b),
  ),
  /** The projects of a patient's orders, for the filter of the patient's orders. */
  r.data(
    '/sys/referral/selectReferralComboboxByPatient',
    ReferralPerm.list,
    z.object({ patientId: idSchema }),
    (app, s, b) => projectsWithOrders(app.db, s, { patientId: b.patientId }),
  ),
  defineRoute({
    method: 'POST',
    url: '/sys/referral/exportReferralByPatient',
    access: { permission: ReferralPerm.list },
    body: referralListSchema,
    handler: async ({ app, session, locale, body, reply }) => {
      const { list } = await listOrders(app.db, scopeOf(session, locale), { ...body, page: 1, limit: EXPORT_LIMIT });
      await sendWorkbook(reply, await ordersWorkbook(list, locale), locale, list[0]?.patientName ?? '');
    },
  }),
  r.info('/sys/referral/info/:id', ReferralPerm.info, (app, s, id) => orderDetail(app.db, s, id)),
  /** A signature or photo of an order. */
  defineRoute({
    method: 'GET',
    url: '/sys/referral/file/:id',
    access: { permission: ReferralPerm.info },
    params: idParamSchema,
    handler: async ({ app, session, locale, params, reply }) => {
      const file = await orderFile(app.db, scopeOf(session, locale), params.id);
      await reply
        .header('content-type', file.mime)
        .header('content-disposition', `inline; filename="work-order-file-${file.id}"`)
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .send(file.data);
    },
  }),
  defineRoute({
    method: 'PUT',
    url: '/sys/referral/handleState',
    access: { permission: ReferralPerm.handle },
    body: handleStateSchema,
    handler: async ({ app, session, locale, body }) => ({
      data: await handleState(app, scopeOf(session, locale), body),
    }),
  }),
  defineRoute({
    method: 'PUT',
    url: '/sys/referral/uploadReferralConfirmation',
    access: { permission: ReferralPerm.upload },
    query: uploadConfirmationQuerySchema,
    handler: async ({ app, session, locale, query, req }) => ({
      data: await uploadConfirmation(app, scopeOf(session, locale), req, query.ids, query.kind),
    }),
  }),
  defineRoute({
    method: 'PUT',
    url: '/sys/referral/updateReferralRemark',
    access: { permission: ReferralPerm.remark },
    body: referralRemarkSchema,
    handler: async ({ app, session, locale, body }) => {
      await updateRemark(app.db, scopeOf(session, locale), body.id, body.remark);
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/referral/getTreatmentTeamAndTherapists',
    access: { permission: ReferralPerm.handle },
    handler: async ({ app, session, locale }) => ({
      data: await teamsWithTherapists(app.db, scopeOf(session, locale)),
    }),
  }),
  patientSelect('incompletePatientSelectList', WorkOrderStatus.unfinished),
  patientSelect('completePatientSelectList', WorkOrderStatus.completed),
  patientSelect('overduePatientSelectList', WorkOrderStatus.expired),
  patientSelect('cancelPatientSelectList', WorkOrderStatus.invalidated),
  projectSelect('overdueProjectSelectList', WorkOrderStatus.expired),
  projectSelect('cancelProjectSelectList', WorkOrderStatus.invalidated),
  /** Unfinished orders up to today (20 a page), optionally of one patient. */
  r.page(
    '/sys/referral/selectIncompleteReferral',
    ReferralPerm.list,
    referralListSchema.extend({ limit: referralListSchema.shape.limit.default(20) }),
    (app, s, b) =>
      listOrders(app.db, s, { ...b, status: WorkOrderStatus.unfinished, endDate: b.endDate ?? clinicToday() }),
  ),
  patientSelect('selectPatient4IncompleteReferral', WorkOrderStatus.unfinished),
  defineRoute({
    method: 'POST',
    url: '/sys/referral/exportIncompleteReferral',
    access: { permission: ReferralPerm.list },
    body: referralListSchema,
    handler: async ({ app, session, locale, body, reply }) => {
      const { list } = await listOrders(app.db, scopeOf(session, locale), {
        ...body,
        status: WorkOrderStatus.unfinished,
        endDate: body.endDate ?? clinicToday(),
        page: 1,
        limit: EXPORT_LIMIT,
      });
      await sendWorkbook(reply, await ordersWorkbook(list, locale), locale, 'incomplete');
    },
  }),
  ...(['master', 'doctor', 'therapist'] as const).map((who) =>
    r.page(
      `/sys/referral/today${who[0]!.toUpperCase()}${who.slice(1)}List`,
      ReferralPerm.checkIn,
      todayListSchema,
      (app, s, b) => todayList(app.db, s, who, b),
    ),
  ),
  /** Patient check-in for today's orders (the spec names no path for it). */
  r.action('/sys/referral/checkIn', ReferralPerm.checkIn, checkInSchema, (app, s, b) => checkIn(app.db, s, b.ids)),
  /** The piece of equipment used for an order (null clears it). */
  r.data('/sys/referral/TreatmentEquipment', ReferralPerm.equipment, treatmentEquipmentSchema, (app, s, b) =>
    ringing(app, s, setOrderEquipment(app.db, s, b.id, b.equipmentId)),
  ),
  /** The treatment record of an order, by the therapist who executed it. */
  r.data('/sys/referral/editTreatRecord', ReferralPerm.record, treatRecordSchema, (app, s, b) =>
    editTreatRecord(app.db, s, b.id, b.record),
  ),
  /** Option lists of the order filters: type 1 projects, 2 patients, 3 equipment, 4 therapists. */
  r.data('/sys/referral/queryComboBox', ReferralPerm.list, comboBoxSchema, (app, s, b) => comboBox(app.db, s, b)),
  defineRoute({
    method: 'POST',
    url: '/sys/referral/selectDoctorComboBox',
    access: { permission: ReferralPerm.list },
    handler: async ({ app, session, locale }) => ({
      data: await doctorComboBox(app.db, scopeOf(session, locale)),
    }),
  }),
  ...(['Th', 'Doctor'] as const).map((who) =>
    defineRoute({
      method: 'GET',
      url: `/sys/referral/querySelect${who}`,
      access: { permission: ReferralPerm.list },
      query: staffSelectQuerySchema,
      handler: async ({ app, session, locale, query }) => ({
        data: await staffSelect(app.db, scopeOf(session, locale), who === 'Th' ? 'therapist' : 'doctor', query.type),
      }),
    }),
  ),
  r.data('/sys/referral/querySelectTh4PatientScheduling', ReferralPerm.checkIn, patientSchedulingSchema, (app, s, b) =>
    therapistsForPatient(app.db, s, b.patientId, b.date),
  ),
  r.data('/sys/referral/getTodayPatientScheduling', ReferralPerm.checkIn, patientSchedulingSchema, (app, s, b) =>
    patientScheduling(app.db, s, b.patientId, b.date),
  ),
  /** The executive code of a project (scanned from the treatment card or typed). */
  r.data('/sys/recoveryproject/selectProjectByExecutiveCode', ReferralPerm.scan, executiveCodeSchema, (app, s, b) =>
    projectByExecutiveCode(app.db, s, b.code),
  ),
  r.data('/sys/recoveryproject/createReferralByExecutiveCode', ReferralPerm.scan, executiveCodeSchema, (app, s, b) =>
    ringing(app, s, createByExecutiveCode(app.db, s, b.code)),
  ),
];
