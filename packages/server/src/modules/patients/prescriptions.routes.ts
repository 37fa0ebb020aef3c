import { prescriptionsEndpoints as endpoints, toPage } from '@rehab/shared';
import { defineRoute, type RouteDef } from '../../http/route';
import { listPrescriptions } from './prescriptions.service';

/**
 * Prescription management (/mypatient/prescription/manage): the treatment projects prescribed in the organization
 * across patients. Ending and disabling reuse /sys/treatment/endProjects and /sys/treatment/disableProjects.
 */
export const prescriptionRoutes: RouteDef[] = [
  defineRoute(endpoints.page, {
    handler: async ({ app, session, locale, body }) => {
      const { list, total } = await listPrescriptions(
        app.db,
        { organizationId: session.organizationId!, userId: session.userId, locale },
        body,
      );
      return { data: toPage(list, total, body.page, body.limit) };
    },
  }),
];
