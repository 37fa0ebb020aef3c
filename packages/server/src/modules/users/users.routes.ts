import { eq, inArray } from 'drizzle-orm';
import { changePasswordSchema, personalInfoSchema } from '@rehab/shared';
import { defineRoute } from '../../http/route';
import { roles, users } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { hashPassword, verifyPassword } from '../auth/password';
import { activeSessionsOf, revokeSession, setKeepLogin } from '../auth/sessions.service';
import { currentOrganization } from '../organizations/organizations.service';
import { findUserByAccount } from '../auth/users.repository';

export const userRoutes = [
  /** The signed-in user with their roles in the current organization: what the shell and my-center show. */
  defineRoute({
    method: 'GET',
    url: '/sys/user/info',
    access: 'session',
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

  defineRoute({
    method: 'PUT',
    url: '/sys/user/updatePersonalInfo',
    access: 'session',
    body: personalInfoSchema,
    handler: async ({ app, session, body }) => {
      if (body.email) {
        const other = await findUserByAccount(app.db, body.email);
        if (other && other.id !== session.userId) throw conflict('user.emailTaken');
      }
      await app.db
        .update(users)
        .set({
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.email !== undefined ? { email: body.email || null } : {}),
          ...(body.keepLogin !== undefined ? { keepLogin: body.keepLogin === 1 } : {}),
          updatedAt: new Date(),
        })
        .where(eq(users.id, session.userId));
      if (body.keepLogin !== undefined) await setKeepLogin(app, session.userId, body.keepLogin === 1);
    },
  }),

  /** Change of one's own password: the old one must be right and the new one must differ; other sessions end. */
  defineRoute({
    method: 'POST',
    url: '/sys/user/password',
    access: 'session',
    body: changePasswordSchema,
    successKey: 'auth.passwordChanged',
    handler: async ({ app, session, body }) => {
      const [user] = await app.db.select().from(users).where(eq(users.id, session.userId)).limit(1);
      if (!user) throw notFound();
      if (!(await verifyPassword(user.passwordHash, body.oldPassword))) throw badRequest('auth.oldPasswordWrong');
      if (body.oldPassword === body.newPassword) throw badRequest('auth.passwordSameAsOld');
      await app.db
        .update(users)
        .set({
          passwordHash: await hashPassword(body.newPassword),
          passwordChangedAt: new Date(),
          updatedAt: new Date(),
        })
        .where(eq(users.id, session.userId));
      for (const other of await activeSessionsOf(app, session.userId, session.sessionId)) {
        await revokeSession(app, other.id, 'password');
      }
    },
  }),
];
