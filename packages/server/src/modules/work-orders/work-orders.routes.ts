import { WorkOrderStatus, toPage, translate, workOrdersEndpoints as endpoints, type Locale } from '@rehab/shared';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context';
import { defineRoute, type RouteDef } from '../../http/route';
import { sendXlsx } from '../../http/xlsx';
import { sendStoredImage } from '../../http/images';
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
import { comboBox, doctorComboBox, staffSelect, therapistsForPatient } from './work-orders.options.service';
import { editTreatRecord, setOrderEquipment } from './work-orders.record.service';
import { createByExecutiveCode, projectByExecutiveCode } from './work-orders.executive-code.service';
import { clinicToday } from './work-orders.generation';
import { treatmentRecord } from './treatment-record';

const scopeOf = (session: SessionContext, locale: Locale): OrderScope => ({
  organizationId: session.organizationId!,
  userId: session.userId,
  locale,
});

const EXPORT_LIMIT = 10_000;

/** A change the scheduling board shows (an order's equipment, a new order of today): rings the doorbell once done. */
async function ringing<T>(app: AppContext, scope: OrderScope, change: Promise<T>): Promise<T> {
  const result = await change;
  app.live.scheduleChanged(scope.organizationId);
  return result;
}

/** An export of work orders: `工单_<name>_<stamp>.xlsx` in the caller's language. */
async function sendWorkbook(reply: FastifyReply, buffer: Buffer, locale: Locale, name: string) {
  const title = translate(locale, 'workOrder.exportTitle');
  await sendXlsx(reply, buffer, name ? `${title}_${name}` : title, 'work-orders');
}

type Status = (typeof WorkOrderStatus)[keyof typeof WorkOrderStatus];

const patientSelect = (e: (typeof endpoints)['incompletePatients'], status: Status) =>
  defineRoute(e, {
    handler: async ({ app, session, locale }) => ({
      data: await patientsWithStatus(app.db, scopeOf(session, locale), status),
    }),
  });

const projectSelect = (e: (typeof endpoints)['overdueProjects'], status: Status) =>
  defineRoute(e, {
    handler: async ({ app, session, locale, body }) => ({
      data: await projectsWithOrders(app.db, scopeOf(session, locale), { status, patientId: body.patientId }),
    }),
  });

/** Work orders (spec section 7, Referral: a work order is a "referral" in the spec's API). */
export const workOrderRoutes: RouteDef[] = [
  // the lists name patients: each read is in the access log with its row count and filters (issue 22)
  defineRoute(endpoints.list, {
    handler: async ({ app, session, locale, body, auditRead }) => {
      const { list, total } = await listOrders(app.db, scopeOf(session, locale), body);
      auditRead({
        kind: 'list',
        patientId: body.patientId ?? null,
        subject: 'work orders',
        rows: list.length,
        filters: body,
      });
      return { data: toPage(list, total, body.page, body.limit) };
    },
  }),
  defineRoute(endpoints.my, {
    handler: async ({ app, session, locale, body, auditRead }) => {
      const { list, total } = await myOrders(app.db, scopeOf(session, locale), body);
      auditRead({
        kind: 'list',
        patientId: body.patientId ?? null,
        subject: 'my work orders',
        rows: list.length,
        filters: body,
      });
      return { data: toPage(list, total, body.page, body.limit) };
    },
  }),
  /** "My orders" as an Excel file, with the list's filters; patient data leaving the system: access log. */
  defineRoute(endpoints.exportMy, {
    handler: async ({ app, session, locale, body, reply, auditRead }) => {
      const { list } = await myOrders(app.db, scopeOf(session, locale), { ...body, page: 1, limit: EXPORT_LIMIT });
      auditRead({ kind: 'export', patientId: body.patientId ?? null, rows: list.length, filters: body });
      await sendWorkbook(reply, await ordersWorkbook(list, locale), locale, translate(locale, 'workOrder.exportMine'));
    },
  }),
  /** The workbench: today's counts of my orders and the first unfinished ones. */
  defineRoute(endpoints.workbench, {
    handler: async ({ app, session, locale, auditRead }) => {
      const scope = scopeOf(session, locale);
      const today = clinicToday();
      const { list } = await myOrders(app.db, scope, {
        page: 1,
        limit: 10,
        action: 'unfinish',
        startDate: today,
        endDate: today,
      });
      auditRead({ kind: 'list', subject: 'workbench', rows: list.length });
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
  defineRoute(endpoints.doneByMe, {
    handler: async ({ app, session, locale, body, auditRead }) => {
      const { list, total } = await doneByMe(app.db, scopeOf(session, locale), body);
      auditRead({ kind: 'list', subject: 'work orders done by me', rows: list.length, filters: body });
      return { data: toPage(list, total, body.page, body.limit) };
    },
  }),
  defineRoute(endpoints.byPatient, {
    handler: async ({ app, session, locale, body, auditRead }) => {
      const { list, total } = await listOrders(app.db, scopeOf(session, locale), body);
      auditRead({
        kind: 'record',
        patientId: body.patientId,
        subject: 'work orders of the patient',
        rows: list.length,
      });
      return { data: toPage(list, total, body.page, body.limit) };
    },
  }),
  /** The hospital system's frame of the patient's treatment record: a read of the patient's record. */
  defineRoute(endpoints.treatmentRecord, {
    handler: async ({ app, session, locale, query, auditRead }) => {
      const data = await treatmentRecord(app.db, scopeOf(session, locale), query);
      auditRead({ kind: 'record', patientId: data.patient.id, subject: `treatment record page ${query.page}` });
      return { data };
    },
  }),
  /** The projects of a patient's orders, for the filter of the patient's orders. */
  defineRoute(endpoints.projectsByPatient, {
    handler: async ({ app, session, locale, body }) => ({
      data: await projectsWithOrders(app.db, scopeOf(session, locale), { patientId: body.patientId }),
    }),
  }),
  defineRoute(endpoints.exportByPatient, {
    handler: async ({ app, session, locale, body, reply, auditRead }) => {
      const { list } = await listOrders(app.db, scopeOf(session, locale), { ...body, page: 1, limit: EXPORT_LIMIT });
      // data leaves the system: recorded with its row count and filters (access log, issue 22)
      auditRead({ kind: 'export', patientId: body.patientId ?? null, rows: list.length, filters: body });
      await sendWorkbook(reply, await ordersWorkbook(list, locale), locale, list[0]?.patientName ?? '');
    },
  }),
  defineRoute(endpoints.info, {
    handler: async ({ app, session, locale, params, auditRead }) => {
      const data = await orderDetail(app.db, scopeOf(session, locale), params.id);
      auditRead({ kind: 'record', patientId: data.patientId, subject: `work order ${params.id}` });
      return { data };
    },
  }),
  /** A signature or photo of an order. */
  defineRoute(endpoints.file, {
    handler: async ({ app, session, locale, params, reply, auditRead }) => {
      const file = await orderFile(app.db, scopeOf(session, locale), params.id);
      auditRead({ kind: 'file', subject: `work order file ${file.id}` });
      await sendStoredImage(reply, file, `work-order-file-${file.id}`, 3600);
    },
  }),
  defineRoute(endpoints.handleState, {
    handler: async ({ app, session, locale, body }) => ({
      data: await handleState(app, scopeOf(session, locale), body),
    }),
  }),
  defineRoute(endpoints.upload, {
    handler: async ({ app, session, locale, query, req }) => ({
      data: await uploadConfirmation(app, scopeOf(session, locale), req, query.ids, query.kind),
    }),
  }),
  defineRoute(endpoints.remark, {
    handler: async ({ app, session, locale, body }) => {
      await updateRemark(app.db, scopeOf(session, locale), body.id, body.remark);
      return {};
    },
  }),
  defineRoute(endpoints.teams, {
    handler: async ({ app, session, locale }) => ({
      data: await teamsWithTherapists(app.db, scopeOf(session, locale)),
    }),
  }),
  patientSelect(endpoints.incompletePatients, WorkOrderStatus.unfinished),
  patientSelect(endpoints.completePatients, WorkOrderStatus.completed),
  patientSelect(endpoints.overduePatients, WorkOrderStatus.expired),
  patientSelect(endpoints.cancelPatients, WorkOrderStatus.invalidated),
  projectSelect(endpoints.overdueProjects, WorkOrderStatus.expired),
  projectSelect(endpoints.cancelProjects, WorkOrderStatus.invalidated),
  /** Unfinished orders up to today (20 a page), optionally of one patient. */
  defineRoute(endpoints.incomplete, {
    handler: async ({ app, session, locale, body }) => {
      const { list, total } = await listOrders(app.db, scopeOf(session, locale), {
        ...body,
        status: WorkOrderStatus.unfinished,
        endDate: body.endDate ?? clinicToday(),
      });
      return { data: toPage(list, total, body.page, body.limit) };
    },
  }),
  patientSelect(endpoints.incompletePatientsUpToToday, WorkOrderStatus.unfinished),
  defineRoute(endpoints.exportIncomplete, {
    handler: async ({ app, session, locale, body, reply, auditRead }) => {
      const { list } = await listOrders(app.db, scopeOf(session, locale), {
        ...body,
        status: WorkOrderStatus.unfinished,
        endDate: body.endDate ?? clinicToday(),
        page: 1,
        limit: EXPORT_LIMIT,
      });
      auditRead({ kind: 'export', patientId: body.patientId ?? null, rows: list.length, filters: body });
      await sendWorkbook(reply, await ordersWorkbook(list, locale), locale, 'incomplete');
    },
  }),
  ...(
    [
      [endpoints.todayMaster, 'master'],
      [endpoints.todayDoctor, 'doctor'],
      [endpoints.todayTherapist, 'therapist'],
    ] as const
  ).map(([e, who]) =>
    defineRoute(e, {
      handler: async ({ app, session, locale, body }) => {
        const { list, total } = await todayList(app.db, scopeOf(session, locale), who, body);
        return { data: toPage(list, total, body.page, body.limit) };
      },
    }),
  ),
  /** Patient check-in for today's orders (the spec names no path for it). */
  defineRoute(endpoints.checkIn, {
    handler: async ({ app, session, locale, body }) => {
      await checkIn(app.db, scopeOf(session, locale), body.ids);
      return {};
    },
  }),
  /** The piece of equipment used for an order (null clears it). */
  defineRoute(endpoints.equipment, {
    handler: async ({ app, session, locale, body }) => {
      const scope = scopeOf(session, locale);
      return { data: await ringing(app, scope, setOrderEquipment(app.db, scope, body.id, body.equipmentId)) };
    },
  }),
  /** The treatment record of an order, by the therapist who executed it. */
  defineRoute(endpoints.treatRecord, {
    handler: async ({ app, session, locale, body }) => ({
      data: await editTreatRecord(app.db, scopeOf(session, locale), body.id, body.record),
    }),
  }),
  /** Option lists of the order filters: type 1 projects, 2 patients, 3 equipment, 4 therapists. */
  defineRoute(endpoints.comboBox, {
    handler: async ({ app, session, locale, body }) => ({
      data: await comboBox(app.db, scopeOf(session, locale), body),
    }),
  }),
  defineRoute(endpoints.doctorComboBox, {
    handler: async ({ app, session, locale }) => ({
      data: await doctorComboBox(app.db, scopeOf(session, locale)),
    }),
  }),
  ...(
    [
      [endpoints.therapistSelect, 'therapist'],
      [endpoints.doctorSelect, 'doctor'],
    ] as const
  ).map(([e, who]) =>
    defineRoute(e, {
      handler: async ({ app, session, locale, query }) => ({
        data: await staffSelect(app.db, scopeOf(session, locale), who, query.type),
      }),
    }),
  ),
  defineRoute(endpoints.patientTherapists, {
    handler: async ({ app, session, locale, body }) => ({
      data: await therapistsForPatient(app.db, scopeOf(session, locale), body.patientId, body.date),
    }),
  }),
  /** The executive code of a project (scanned from the treatment card or typed). */
  defineRoute(endpoints.projectByCode, {
    handler: async ({ app, session, locale, body }) => ({
      data: await projectByExecutiveCode(app.db, scopeOf(session, locale), body.code),
    }),
  }),
  defineRoute(endpoints.createByCode, {
    handler: async ({ app, session, locale, body }) => {
      const scope = scopeOf(session, locale);
      return { data: await ringing(app, scope, createByExecutiveCode(app.db, scope, body.code)) };
    },
  }),
];
