import { and, asc, count, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { TREATING_ROLE_IDS, type Locale, type TeamRow, type teamSaveSchema } from '@rehab/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Tx, TxOrDb } from '../../db/client';
import { isOfficeOf, officeNames } from '../offices';
import { roleHoldersIn } from '../roles';
import { membersAmong, userNames, userNameSql } from '../users';
import { AppError, notFound } from '../../http/errors';
import type { SessionContext } from '../../http/session';
import { treatmentTeamMembers, treatmentTeams } from './teams.tables';
import { localTeamName, teamNameColumn } from './teams.lookup';
import { clockNow } from '../../kernel/clock';
import { escapeLike } from '../../db/like';

type TeamValues = z.output<typeof teamSaveSchema>;
type Team = typeof treatmentTeams.$inferSelect;

/** Members of groups with their names and their roles in the organization. */
async function membersOf(db: TxOrDb, organizationId: number, teamIds: number[]) {
  if (!teamIds.length) return new Map<number, TeamRow['members']>();
  const memberName = userNameSql(treatmentTeamMembers.userId);
  const rows = await db
    .select({
      teamId: treatmentTeamMembers.teamId,
      userId: treatmentTeamMembers.userId,
      isDefault: treatmentTeamMembers.isDefault,
      name: memberName,
    })
    .from(treatmentTeamMembers)
    .where(inArray(treatmentTeamMembers.teamId, teamIds))
    .orderBy(asc(memberName), asc(treatmentTeamMembers.userId));
  const roleRows = rows.length ? await roleHoldersIn(db, organizationId, { userIds: rows.map((r) => r.userId) }) : [];
  const roles = new Map<number, number[]>();
  for (const r of roleRows)
    roles.set(
      r.userId,
      [...(roles.get(r.userId) ?? []), r.roleId].sort((a, b) => a - b),
    );
  const byTeam = new Map<number, TeamRow['members']>();
  for (const r of rows) {
    const list = byTeam.get(r.teamId) ?? [];
    list.push({ userId: r.userId, name: r.name, isDefault: r.isDefault, roleIds: roles.get(r.userId) ?? [] });
    byTeam.set(r.teamId, list);
  }
  return byTeam;
}

async function describe(db: TxOrDb, organizationId: number, rows: Team[], locale: Locale): Promise<TeamRow[]> {
  const members = await membersOf(
    db,
    organizationId,
    rows.map((r) => r.id),
  );
  const officeIds = [...new Set(rows.map((r) => r.officeId).filter((v): v is number => v !== null))];
  const officeName = officeIds.length ? await officeNames(db, organizationId, locale) : new Map<number, string>();
  const leaderName = await userNames(
    db,
    rows.map((r) => r.leaderId),
  );
  return rows.map((r) => {
    const ms = members.get(r.id) ?? [];
    return {
      id: r.id,
      name: r.name,
      nameEn: r.nameEn ?? '',
      officeId: r.officeId,
      officeName: r.officeId ? (officeName.get(r.officeId) ?? null) : null,
      leaderId: r.leaderId,
      leaderName: r.leaderId ? (leaderName.get(r.leaderId) ?? null) : null,
      status: r.status,
      remark: r.remark,
      members: ms,
      memberCount: ms.length,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    };
  });
}

export async function listTeams(
  app: AppContext,
  session: SessionContext,
  q: { page: number; limit: number; name?: string; status?: 0 | 1; officeId?: number },
  locale: Locale,
) {
  const where: (SQL | undefined)[] = [eq(treatmentTeams.organizationId, session.organizationId!)];
  if (q.name) {
    const needle = `%${escapeLike(q.name.toLowerCase())}%`;
    where.push(
      or(
        sql`lower(${treatmentTeams.name}) like ${needle}`,
        sql`lower(coalesce(${treatmentTeams.nameEn}, '')) like ${needle}`,
      ),
    );
  }
  if (q.status !== undefined) where.push(eq(treatmentTeams.status, q.status));
  if (q.officeId !== undefined) where.push(eq(treatmentTeams.officeId, q.officeId));
  const condition = and(...where);
  const [{ total }] = (await app.db.select({ total: count() }).from(treatmentTeams).where(condition)) as [
    { total: number },
  ];
  const rows = await app.db
    .select()
    .from(treatmentTeams)
    .where(condition)
    .orderBy(asc(treatmentTeams.name), asc(treatmentTeams.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return { list: await describe(app.db, session.organizationId!, rows, locale), total: Number(total) };
}

async function ownTeam(db: TxOrDb, organizationId: number, id: number) {
  const [row] = await db
    .select()
    .from(treatmentTeams)
    .where(and(eq(treatmentTeams.id, id), eq(treatmentTeams.organizationId, organizationId)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

export async function teamInfo(app: AppContext, session: SessionContext, id: number, locale: Locale) {
  const row = await ownTeam(app.db, session.organizationId!, id);
  return (await describe(app.db, session.organizationId!, [row], locale))[0]!;
}

/** The enabled groups of the organization, for dropdowns, named in the reader's language. */
export async function selectTeams(app: AppContext, session: SessionContext, locale: Locale) {
  return app.db
    .select({ id: treatmentTeams.id, name: teamNameColumn(locale) })
    .from(treatmentTeams)
    .where(and(eq(treatmentTeams.organizationId, session.organizationId!), eq(treatmentTeams.status, 1)))
    .orderBy(asc(treatmentTeams.name), asc(treatmentTeams.id));
}

/**
 * The references of a group's values must be the organization's: the department (404 otherwise) and every member
 * (404 when not a member of the organization, 400 naming `members` when they hold no treating role there).
 */
async function checkReferences(db: TxOrDb, organizationId: number, v: TeamValues) {
  if (v.officeId !== null) {
    if (!(await isOfficeOf(db, organizationId, v.officeId))) throw notFound();
  }
  const ids = v.members.map((m) => m.userId);
  if (!ids.length) return;
  const inOrg = await membersAmong(db, organizationId, ids);
  if (inOrg.length !== ids.length) throw notFound();
  const treating = await roleHoldersIn(db, organizationId, { userIds: ids, roleIds: TREATING_ROLE_IDS });
  const ok = new Set(treating.map((r) => r.userId));
  const bad = ids.find((id) => !ok.has(id));
  if (bad !== undefined) {
    const name = (await userNames(db, [bad])).get(bad);
    throw new AppError(400, 'team.memberNotStaff', { name: name ?? String(bad) }, { field: 'members' });
  }
}

async function checkName(db: TxOrDb, organizationId: number, name: string, id?: number) {
  const [same] = await db
    .select({ id: treatmentTeams.id })
    .from(treatmentTeams)
    .where(
      and(
        eq(treatmentTeams.organizationId, organizationId),
        sql`lower(${treatmentTeams.name}) = ${name.toLowerCase()}`,
        id ? ne(treatmentTeams.id, id) : undefined,
      ),
    )
    .limit(1);
  if (same) throw new AppError(409, 'team.nameTaken', { name }, { field: 'name' });
}

/** Replaces the members of a group; a member marked default loses the default mark of their other groups here. */
async function writeMembers(tx: Tx, organizationId: number, teamId: number, members: TeamValues['members']) {
  await tx.delete(treatmentTeamMembers).where(eq(treatmentTeamMembers.teamId, teamId));
  if (!members.length) return;
  const defaults = members.filter((m) => m.isDefault).map((m) => m.userId);
  if (defaults.length) {
    const otherTeams = tx
      .select({ id: treatmentTeams.id })
      .from(treatmentTeams)
      .where(and(eq(treatmentTeams.organizationId, organizationId), ne(treatmentTeams.id, teamId)));
    await tx
      .update(treatmentTeamMembers)
      .set({ isDefault: false })
      .where(and(inArray(treatmentTeamMembers.userId, defaults), inArray(treatmentTeamMembers.teamId, otherTeams)));
  }
  await tx
    .insert(treatmentTeamMembers)
    .values(members.map((m) => ({ teamId, userId: m.userId, isDefault: m.isDefault })));
}

const isUniqueViolation = (err: unknown) =>
  (err as { cause?: { code?: string } }).cause?.code === '23505' || (err as { code?: string }).code === '23505';

async function guardName<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(409, 'team.nameTaken', { name }, { field: 'name' });
    throw err;
  }
}

export async function createTeam(app: AppContext, session: SessionContext, v: TeamValues, locale: Locale) {
  const organizationId = session.organizationId!;
  const row = await guardName(v.name, () =>
    app.db.transaction(async (tx) => {
      await checkReferences(tx, organizationId, v);
      await checkName(tx, organizationId, v.name);
      const [team] = await tx
        .insert(treatmentTeams)
        .values({
          organizationId,
          name: v.name,
          nameEn: v.nameEn || null,
          officeId: v.officeId,
          leaderId: v.leaderId,
          status: v.status,
          remark: v.remark,
          createdBy: session.userId,
          updatedBy: session.userId,
        })
        .returning();
      await writeMembers(tx, organizationId, team!.id, v.members);
      return team!;
    }),
  );
  return (await describe(app.db, organizationId, [row], locale))[0]!;
}

export async function updateTeam(app: AppContext, session: SessionContext, id: number, v: TeamValues, locale: Locale) {
  const organizationId = session.organizationId!;
  const row = await guardName(v.name, () =>
    app.db.transaction(async (tx) => {
      await ownTeam(tx, organizationId, id);
      await checkReferences(tx, organizationId, v);
      await checkName(tx, organizationId, v.name, id);
      const [team] = await tx
        .update(treatmentTeams)
        .set({
          name: v.name,
          nameEn: v.nameEn || null,
          officeId: v.officeId,
          leaderId: v.leaderId,
          status: v.status,
          remark: v.remark,
          updatedBy: session.userId,
          updatedAt: clockNow(),
        })
        .where(eq(treatmentTeams.id, id))
        .returning();
      await writeMembers(tx, organizationId, id, v.members);
      return team!;
    }),
  );
  return (await describe(app.db, organizationId, [row], locale))[0]!;
}

/**
 * Deletes groups (all or none). A group still named by a treatment project or a work order (as its group or as the
 * group of an authorization) is refused with 409 naming what uses it; disabling it keeps the history readable.
 */
export async function deleteTeams(
  app: AppContext,
  session: SessionContext,
  ids: number[],
  t: (key: string, params?: Record<string, string | number>) => string,
  locale: Locale,
) {
  const organizationId = session.organizationId!;
  await app.db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(treatmentTeams)
      .where(and(eq(treatmentTeams.organizationId, organizationId), inArray(treatmentTeams.id, ids)));
    if (rows.length !== new Set(ids).size) throw notFound();
    for (const team of rows) {
      // the modules that name groups count their rows (patients' projects, work orders): teams is below them
      const figures = (await Promise.all((app.modules.usages.team ?? []).map((count) => count(tx, team.id)))).flat();
      const uses = figures.filter((f) => f.count > 0).map((f) => t(f.key, { count: f.count }));
      if (uses.length) {
        const name = localTeamName(locale, team.name, team.nameEn);
        throw new AppError(409, 'team.inUse', { name, uses: uses.join(t('team.usesJoin')) });
      }
    }
    await tx.delete(treatmentTeams).where(inArray(treatmentTeams.id, ids));
  });
}
