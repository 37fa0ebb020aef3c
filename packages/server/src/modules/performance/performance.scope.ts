import { AchievementPerm, ResultCode, type Locale } from '@rehab/shared';
import { AppError } from '../../http/errors';
import type { SessionContext } from '../../http/session';

/** Who acts: the organization from the session, the user and their permissions there. */
export type Scope = {
  organizationId: number;
  userId: number;
  permissions: ReadonlySet<string>;
  locale: Locale;
};

export const scopeOf = (session: SessionContext, locale: Locale): Scope => ({
  organizationId: session.organizationId!,
  userId: session.userId,
  permissions: session.permissions,
  locale,
});

export const seesAll = (scope: Scope) => scope.permissions.has(AchievementPerm.all);

/** A therapist reads their own statement only; `all` reads everyone's (403 otherwise). */
export function assertReads(scope: Scope, staffId: number) {
  if (staffId !== scope.userId && !seesAll(scope))
    throw new AppError(ResultCode.forbidden, 'performance.notOwnStatement');
}
