import { RoleId, patientsEndpoints as endpoints, resolveRange, type Locale } from '@rehab/shared';
import { clinicToday } from '../../kernel/clock';
import { registrationsByOffice } from './statistics-facts';
import { prescriptionDefaults, templatesWithUnit } from '../master-data';
import { defineRoute, type RouteDef } from '../../http/route';
import { scopedRoutes } from '../../http/scoped-routes';
import { officesOfOrganization } from '../offices';
import { organizationsByIds } from '../organizations';
import { treatmentCardPdf } from './treatment-card';
import type { SessionContext } from '../../http/session';
import { sendJsonBytes } from '../../http/json-bytes';
import { comboEquipment, deleteCombos, getCombo, hisTemplatePage, listCombos, saveCombo } from './combo.service';
import { cancelRegistration, closeCourse, registerPatient, reopenCourse, updatePatient } from './courses.service';
import { getPatient, patientListJson, treatmentCardData } from './patient-list.service';
import { searchDiagnosis, staffOf, type Scope } from './patients.service';
import {
  assignTherapist,
  getProject,
  listProjects,
  saveRecipe,
  setProjectsStatus,
  teamsOf,
  unassignedCount,
  updateProject,
} from './treatment-projects.service';

const scopeOf = (session: SessionContext, locale: Locale): Scope => ({
  organizationId: session.organizationId!,
  userId: session.userId,
  locale,
});

const r = scopedRoutes(scopeOf);

/** Patients, courses and treatment projects (spec section 7, Patients) and the reference searches they use. */
export const patientRoutes: RouteDef[] = [
  // --- reference searches (50 rows, spec section 9) -------------------------------------------------------------
  defineRoute(endpoints.diseaseSearch, {
    handler: async ({ app, session, locale, body }) => ({
      data: await searchDiagnosis(app.db, 'disease', scopeOf(session, locale), body.keyword, body.limit),
    }),
  }),
  defineRoute(endpoints.functioningSearch, {
    handler: async ({ app, session, locale, body }) => ({
      data: await searchDiagnosis(app.db, 'functioning', scopeOf(session, locale), body.keyword, body.limit),
    }),
  }),
  /** Enabled project templates with their prescription defaults, for the prescribing form. */
  defineRoute(endpoints.templateOptions, {
    handler: async ({ app, session, locale }) => {
      const rows = await templatesWithUnit(app.db, { organizationId: session.organizationId!, enabled: true });
      return {
        data: rows.map(({ template, unitName, unitNameEn }) => {
          const r = template as Record<string, never>;
          return {
            id: r.id,
            name: (locale === 'en' && r.nameEn) || r.name,
            projectType: r.projectType,
            unitPrice: Number(r.unitPrice),
            unitName: (locale === 'en' && unitNameEn) || unitName,
            ...prescriptionDefaults(r),
          };
        }),
      };
    },
  }),
  /** Therapists, doctors and offices of the organization for the pickers. */
  defineRoute(endpoints.staff, {
    handler: async ({ app, session, locale }) => {
      const scope = scopeOf(session, locale);
      return {
        data: {
          therapists: await staffOf(app.db, scope, RoleId.therapist),
          teams: await teamsOf(app.db, scope),
          doctors: await staffOf(app.db, scope, RoleId.doctor),
          offices: await officesOfOrganization(app.db, scope.organizationId, locale),
        },
      };
    },
  }),

  // --- patients and courses ---------------------------------------------------------------------------------------
  defineRoute(endpoints.page, {
    // pre-serialized: a page is kept as the bytes of its answer (patientListJson)
    handler: async ({ app, session, locale, body, reply, t, auditRead }) => {
      // a list of patients is a read of their data: recorded with its filters (access log, issue 22)
      const { page, limit, ...filters } = body;
      auditRead({ kind: 'list', subject: `page ${page} of ${limit}`, filters });
      return sendJsonBytes(
        reply,
        await patientListJson(app.db, scopeOf(session, locale), body, t('common.success'), session.dataVersion),
      );
    },
  }),
  defineRoute(endpoints.info, {
    handler: async ({ app, session, locale, params, auditRead }) => {
      const data = await getPatient(app.db, scopeOf(session, locale), params.id);
      auditRead({ kind: 'record', patientId: params.id });
      return { data };
    },
  }),
  defineRoute(endpoints.register, {
    handler: async ({ app, session, locale, body }) => ({
      data: await registerPatient(app.db, scopeOf(session, locale), body, app.config.outpatientNoFormat),
    }),
  }),
  defineRoute(endpoints.update, {
    handler: async ({ app, session, locale, body }) => {
      const { id, treatmentId, ...values } = body;
      await updatePatient(app.db, scopeOf(session, locale), id, treatmentId, values);
    },
  }),
  /** A new course for a known patient from a previous one (reopen). */
  defineRoute(endpoints.reopen, {
    handler: async ({ app, session, locale, body }) => ({
      data: await reopenCourse(app, scopeOf(session, locale), body.patientId, body.basedOnId),
    }),
  }),
  defineRoute(endpoints.cancelRegistration, {
    handler: async ({ app, session, locale, body }) => {
      await cancelRegistration(app, scopeOf(session, locale), body.treatmentId);
    },
  }),
  defineRoute(endpoints.endCourse, {
    handler: async ({ app, session, locale, body }) => {
      await closeCourse(app, scopeOf(session, locale), body.treatmentId);
    },
  }),
  defineRoute(endpoints.discharge, {
    handler: async ({ app, session, locale, body }) => {
      await closeCourse(app, scopeOf(session, locale), body.treatmentId, new Date(body.dischargeTime));
    },
  }),
  /** The treatment card of a course as a PDF (card number as a barcode). */
  defineRoute(endpoints.treatmentCard, {
    handler: async ({ app, session, locale, params, reply, auditRead }) => {
      const scope = scopeOf(session, locale);
      const card = await treatmentCardData(app.db, scope, params.id);
      auditRead({ kind: 'report', subject: `treatment card ${params.id}` });
      const [org] = await organizationsByIds(app.db, [scope.organizationId]);
      const pdf = await treatmentCardPdf(card, locale, org?.nameLang[locale] ?? org?.name ?? '');
      await reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="treatment-card-${params.id}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  }),
  defineRoute(endpoints.visitOfficeAmount, {
    handler: async ({ app, session, locale, body }) => {
      const range = resolveRange(body.range, body.date ?? clinicToday(), body);
      const [amounts, officeList] = await Promise.all([
        registrationsByOffice(app.db, session.organizationId!, range),
        officesOfOrganization(app.db, session.organizationId!, locale),
      ]);
      return {
        data: officeList.map((o) => {
          const a = amounts.get(o.id);
          return {
            officeId: o.id,
            officeName: o.name,
            patientAmount: a?.patientAmount ?? 0,
            outpatients: a?.outpatients ?? 0,
            inpatients: a?.inpatients ?? 0,
            inTreatment: a?.inTreatment ?? 0,
          };
        }),
      };
    },
  }),
  defineRoute(endpoints.unassignedCount, {
    handler: async ({ app, session, body }) => ({
      data: { unAssignedCount: await unassignedCount(app.db, session.organizationId!, body.treatOfficeIds) },
    }),
  }),

  // --- treatment projects -----------------------------------------------------------------------------------------
  defineRoute(endpoints.projects, {
    handler: async ({ app, session, locale, body }) => ({
      data: await listProjects(app.db, scopeOf(session, locale), body.patientId, body.treatmentId, body.type),
    }),
  }),
  defineRoute(endpoints.project, {
    handler: async ({ app, session, locale, params }) => ({
      data: await getProject(app.db, scopeOf(session, locale), params.id),
    }),
  }),
  defineRoute(endpoints.prescribe, {
    handler: async ({ app, session, locale, body }) => ({
      data: { ids: await saveRecipe(app, scopeOf(session, locale), body.treatmentId, body.projects) },
    }),
  }),
  defineRoute(endpoints.updateProject, {
    handler: async ({ app, session, locale, body }) => {
      const { id, ...values } = body;
      await updateProject(app, scopeOf(session, locale), id, values);
    },
  }),
  defineRoute(endpoints.endProjects, {
    handler: async ({ app, session, locale, body }) => {
      await setProjectsStatus(app, scopeOf(session, locale), body.ids, 2);
    },
  }),
  defineRoute(endpoints.disableProjects, {
    handler: async ({ app, session, locale, body }) => {
      await setProjectsStatus(app, scopeOf(session, locale), body.ids, 3);
    },
  }),
  defineRoute(endpoints.assignTherapist, {
    handler: async ({ app, session, locale, body }) => {
      await assignTherapist(app, scopeOf(session, locale), body.ids, body);
    },
  }),

  // --- combo templates --------------------------------------------------------------------------------------------
  r.page(endpoints.comboPage, (app, s, q) => listCombos(app.db, s, q)),
  /** The equipment of a combo's projects, and the hospital-system coded templates (99 a page). */
  r.data(endpoints.comboEquipment, (app, s, b) => comboEquipment(app.db, s, b.comboId, s.locale)),
  r.page(endpoints.hisTemplatePage, (app, s, q) => hisTemplatePage(app.db, s, q)),
  r.info(endpoints.comboInfo, (app, s, id) => getCombo(app.db, s, id)),
  r.data(endpoints.comboSave, (app, s, v) => saveCombo(app.db, s, v)),
  r.action(endpoints.comboDelete, (app, s, b) => deleteCombos(app.db, s, b.ids)),
];
