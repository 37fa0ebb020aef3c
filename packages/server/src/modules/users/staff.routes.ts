import { RoleId, staffListSchema } from '@rehab/shared';
import { defineRoute } from '../../http/route';
import { staffWithRole } from '../dictionaries/org-dictionaries';

/**
 * Staff pickers of spec section 7 (Staff and dashboard): POST /sys/user/getDoctor (roleId) and getTherapist, the
 * enabled members of the current organization with that role, by name. Any member may read them (prescribing,
 * assignment and assessment screens pick staff).
 */
export const staffRoutes = [
  defineRoute({
    method: 'POST',
    url: '/sys/user/getDoctor',
    access: 'organization',
    body: staffListSchema,
    handler: async ({ app, session, body, locale }) => ({
      data: await staffWithRole(body.roleId)(app.db, {
        organizationId: session.organizationId!,
        userId: session.userId,
        locale,
      }),
    }),
  }),
  defineRoute({
    method: 'POST',
    url: '/sys/user/getTherapist',
    access: 'organization',
    handler: async ({ app, session, locale }) => ({
      data: await staffWithRole(RoleId.therapist)(app.db, {
        organizationId: session.organizationId!,
        userId: session.userId,
        locale,
      }),
    }),
  }),
];
