import { and, eq, sql } from 'drizzle-orm';
import { Perm, isClockInEligible, type ClockInRecord, type ClockInTeamList, type Locale } from '@rehab/shared';
import type { AppContext } from '../../context';
import { AppError, forbidden, notFound } from '../../http/errors';
import type { SessionContext } from '../../http/session';
import {
  activeTeamsOf,
  hasActiveTeam,
  localTeamName,
  membershipsOf,
  teamNameEnSql,
  teamOfOrganization,
} from '../teams';
import { clockIns } from './workload.tables';
import { todayOf } from './today';
import { clockNow } from '../../kernel/clock';

type Row = typeof clockIns.$inferSelect;

/** A clock-in as answered: the group named in the reader's language where it still exists (`teamNameEn`). */
const record = (r: Row, locale: Locale, teamNameEn: string | null): ClockInRecord => ({
  id: r.id,
  teamId: r.teamId,
  teamName: localTeamName(locale, r.teamName, teamNameEn),
  date: r.checkDate,
  checkedAt: r.checkedAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/**
 * The check-required flag: the user is one of the treating staff here (roles 10, 11 or 12 and not 1), holds
 * `sys:user:clockIn`, and the organization has an enabled therapist group to clock in to. It does not depend on
 * whether the user has clocked in today (`todayCheck` says that).
 */
export async function needCheckIn(app: AppContext, session: SessionContext): Promise<boolean> {
  if (!isClockInEligible(session.roleIds) || !session.permissions.has(Perm.clockIn)) return false;
  return hasActiveTeam(app.db, session.organizationId!);
}

/** Today's clock-in of the signed-in user in the current organization, or null. */
export async function todayCheck(
  app: AppContext,
  session: SessionContext,
  locale: Locale,
): Promise<ClockInRecord | null> {
  const [row] = await app.db
    .select({ clockIn: clockIns, teamNameEn: teamNameEnSql(clockIns.teamId) })
    .from(clockIns)
    .where(
      and(
        eq(clockIns.userId, session.userId),
        eq(clockIns.organizationId, session.organizationId!),
        eq(clockIns.checkDate, todayOf(app)),
      ),
    )
    .limit(1);
  return row ? record(row.clockIn, locale, row.teamNameEn) : null;
}

/**
 * The groups offered at clock-in: every enabled group of the organization, the user's own first (`member`), and the
 * default team: today's post if already clocked in, else the user's default group, else their only group.
 */
export async function clockInTeams(app: AppContext, session: SessionContext, locale: Locale): Promise<ClockInTeamList> {
  const organizationId = session.organizationId!;
  const teams = await activeTeamsOf(app.db, organizationId, locale);
  const memberships = await membershipsOf(
    app.db,
    session.userId,
    teams.map((t) => t.id),
  );
  const mine = new Set(memberships.map((m) => m.teamId));
  const teamList = [
    ...teams.filter((t) => mine.has(t.id)).map((t) => ({ ...t, member: true })),
    ...teams.filter((t) => !mine.has(t.id)).map((t) => ({ ...t, member: false })),
  ];
  const today = await todayCheck(app, session, locale);
  const defaultId =
    (today?.teamId && teams.some((t) => t.id === today.teamId) ? today.teamId : null) ??
    memberships.find((m) => m.isDefault)?.teamId ??
    (memberships.length === 1 ? memberships[0]!.teamId : null);
  const found = teams.find((t) => t.id === defaultId);
  return { defaultTeam: found ? { id: found.id, name: found.name } : null, teamList };
}

/**
 * Post clock-in: records the group the user works in today. One record per user, organization and day; a second
 * clock-in the same day changes the post (the first time stays, `updatedAt` moves). Refused for users who are not
 * treating staff here (403), for a group of another organization (404) and for a disabled group (409).
 */
export async function checkIn(app: AppContext, session: SessionContext, teamId: number, locale: Locale) {
  if (!isClockInEligible(session.roleIds)) throw forbidden('checkin.notEligible');
  const organizationId = session.organizationId!;
  const team = await teamOfOrganization(app.db, organizationId, teamId);
  if (!team) throw notFound();
  if (team.status !== 1)
    throw new AppError(
      409,
      'checkin.teamDisabled',
      { name: localTeamName(locale, team.name, team.nameEn) },
      { field: 'treatmentTeamId' },
    );
  const now = clockNow();
  const [row] = await app.db
    .insert(clockIns)
    .values({
      organizationId,
      userId: session.userId,
      teamId: team.id,
      teamName: team.name,
      checkDate: todayOf(app),
      checkedAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [clockIns.userId, clockIns.organizationId, clockIns.checkDate],
      set: { teamId: team.id, teamName: team.name, updatedAt: sql`excluded.updated_at` },
    })
    .returning();
  return record(row!, locale, team.nameEn);
}
