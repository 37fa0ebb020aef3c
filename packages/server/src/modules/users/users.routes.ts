import { eq, inArray } from 'drizzle-orm';
import { usersEndpoints as endpoints } from '@rehab/shared';
import { defineRoute } from '../../http/route';
import { users } from './users.tables';
import { roles } from '../roles/roles.tables';
import { badRequest, notFound } from '../../http/errors';
import {
  checkCurrentPassword,
  checkNewPassword,
  hashPassword,
  activeSessionsOf,
  revokeSession,
  setKeepLogin,
} from '../auth';
import { currentOrganization } from '../organizations';
import { assertAddressFree, checkContactCode, sendContactCode, verifyContactChanges } from './contact-change.service';
import { clockNow } from '../../kernel/clock';

const MINUTE = 60_000;

export const userRoutes = [
  /** The signed-in user with their roles in the current organization: what the shell and my-center show. */
  defineRoute(endpoints.info, {
    handler: async ({ app, session }) => {
      const [user] = await app.db.select().from(users).where(eq(users.id, session.userId)).limit(1);
      if (!user) throw notFound();
      const roleRows = session.roleIds.length
        ? await app.db
            .select({ roleId: roles.id, name: roles.name, roleNameLang: roles.nameLang })
            .from(roles)
            .where(inArray(roles.id, session.roleIds))
        : [];
      const org = await currentOrganization(app, session);
      return {
        data: {
          id: user.id,
          name: user.name,
          phone: user.phone,
          email: user.email,
          keepLogin: user.keepLogin,
          roleIdList: session.roleIds,
          roles: roleRows,
          organization: org.organization,
          office: org.office,
          offices: org.offices,
          passwordChangedAt: user.passwordChangedAt,
        },
      };
    },
  }),

  defineRoute(endpoints.updatePersonalInfo, {
    handler: async ({ app, session, body }) => {
      if (body.email) await assertAddressFree(app, session.userId, body.email, 'email');
      if (body.phone) await assertAddressFree(app, session.userId, body.phone, 'phone');
      await verifyContactChanges(app, session.userId, body);
      await app.db
        .update(users)
        .set({
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.email !== undefined ? { email: body.email || null } : {}),
          ...(body.phone !== undefined ? { phone: body.phone } : {}),
          ...(body.keepLogin !== undefined ? { keepLogin: body.keepLogin === 1 } : {}),
          updatedAt: clockNow(),
        })
        .where(eq(users.id, session.userId));
      if (body.keepLogin !== undefined) await setKeepLogin(app, session.userId, body.keepLogin === 1);
      return {};
    },
  }),

  /** A code to a new phone number or e-mail address of one's own account, to be given back when saving it. */
  defineRoute(endpoints.sendVerificationCode, {
    successKey: 'auth.codeSent',
    rateLimit: {
      max: (app) => app.config.rateLimit.codePerMinute,
      windowMs: MINUTE,
      key: (req) => String((req.body as { address?: unknown } | undefined)?.address ?? '').slice(0, 64),
    },
    handler: async ({ app, session, body, locale }) => {
      await sendContactCode(app, session.userId, body, locale);
      return {};
    },
  }),

  /** Whether the code typed for a new address is right (the save checks it again and uses it up). */
  defineRoute(endpoints.checkVerificationCode, {
    rateLimit: {
      max: (app) => app.config.rateLimit.loginPerMinute,
      windowMs: MINUTE,
      key: (req) => String((req.body as { address?: unknown } | undefined)?.address ?? '').slice(0, 64),
    },
    handler: async ({ app, session, body }) => {
      await checkContactCode(app, session.userId, { address: body.address, code: body.verificationCode });
      return {};
    },
  }),

  /** Change of one's own password: the old one must be right and the new one must differ; other sessions end. */
  defineRoute(endpoints.changePassword, {
    successKey: 'auth.passwordChanged',
    handler: async ({ app, session, body }) => {
      const [user] = await app.db.select().from(users).where(eq(users.id, session.userId)).limit(1);
      if (!user) throw notFound();
      // wrong answers are limited: the last allowed one ends this session (auth checkCurrentPassword)
      await checkCurrentPassword(app, session, user.passwordHash, body.oldPassword);
      if (body.oldPassword === body.newPassword) throw badRequest('auth.passwordSameAsOld');
      checkNewPassword(body.newPassword, { production: app.config.production, field: 'newPassword' });
      await app.db
        .update(users)
        .set({
          passwordHash: await hashPassword(body.newPassword),
          passwordChangedAt: clockNow(),
          updatedAt: clockNow(),
        })
        .where(eq(users.id, session.userId));
      for (const other of await activeSessionsOf(app, session.userId, session.sessionId)) {
        await revokeSession(app, other.id, 'password');
      }
      return {};
    },
  }),
];
