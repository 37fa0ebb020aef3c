import { deflateSync } from 'node:zlib';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { CourseStatus, ProjectStatus, RoleId, WorkOrderStatus, addDays } from '@rehab/shared';
import type { Db } from '../../db/client';
import { offices } from '../offices/offices.tables';
import { organizations } from '../organizations/organizations.tables';
import { userRoles } from '../roles/roles.tables';
import { userOffices, userOrganizations, users } from '../users/users.tables';
import { hashPassword } from '../auth';
import { treatmentProjects, treatments } from '../patients/patients.tables';
import { treatmentTeamMembers, treatmentTeams } from '../teams/teams.tables';
import { clinicToday, expirePast, generateForProjects } from './work-orders.generation';
import { workOrderFiles, workOrderHistory, workOrders } from './work-orders.tables';

/** CRC-32 of PNG chunks. */
function crc32(buf: Buffer) {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Buffer) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A small grayscale PNG with a pen stroke, standing in for a patient's signature on the demo's signed orders. */
export function demoSignaturePng(seed = 1): Buffer {
  const w = 240;
  const h = 90;
  const px = Buffer.alloc(w * h, 255);
  const dot = (x: number, y: number) => {
    for (let dx = -1; dx <= 1; dx++)
      for (let dy = -1; dy <= 1; dy++) {
        const xx = Math.round(x + dx);
        const yy = Math.round(y + dy);
        if (xx >= 0 && xx < w && yy >= 0 && yy < h) px[yy * w + xx] = 20;
      }
  };
  for (let x = 20; x < 220; x += 0.25) {
    const y = 45 + 22 * Math.sin((x + seed * 17) / 13) * Math.cos((x - seed * 5) / 41);
    dot(x, y);
  }
  const raw = Buffer.alloc((w + 1) * h);
  for (let y = 0; y < h; y++) px.copy(raw, y * (w + 1) + 1, y * w, (y + 1) * w);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // grayscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const GROUPS = [
  { name: '运动治疗组', nameEn: 'Exercise therapy group', remark: 'PT' },
  { name: '作业与言语治疗组', nameEn: 'Occupational and speech therapy group', remark: 'OT/ST' },
];

const EXTRA_THERAPISTS = [
  { name: '陈治疗师', phone: '13800000071', email: 'therapist71@rehab.example' },
  { name: '刘治疗师', phone: '13800000072', email: 'therapist72@rehab.example' },
];

/**
 * Demo work orders: two therapist groups per organization (the first gets two more therapists, who cannot sign in
 * with a code but can be authorized to), the orders of the demo projects from three days ago to six days ahead,
 * the past ones mostly executed (some signed) and the rest expired, and a few of today's executed, signed,
 * authorized or checked in.
 */
export async function seedWorkOrderDemo(db: Db) {
  const orgs = await db.select({ id: organizations.id }).from(organizations).orderBy(asc(organizations.id)).limit(2);
  const passwordHash = await hashPassword('Rehab@2026');
  const today = clinicToday();
  for (const [n, org] of orgs.entries()) {
    const officeRows = await db
      .select({ id: offices.id })
      .from(offices)
      .where(eq(offices.organizationId, org.id))
      .orderBy(asc(offices.orderNum));
    if (n === 0) {
      for (const t of EXTRA_THERAPISTS) {
        const [u] = await db
          .insert(users)
          .values({ ...t, passwordHash })
          .returning({ id: users.id });
        await db.insert(userOrganizations).values({ userId: u!.id, organizationId: org.id });
        await db.insert(userRoles).values({ userId: u!.id, organizationId: org.id, roleId: RoleId.therapist });
        if (officeRows[1]) await db.insert(userOffices).values({ userId: u!.id, officeId: officeRows[1].id });
      }
    }
    const therapists = (
      await db
        .select({ userId: userRoles.userId })
        .from(userRoles)
        .where(and(eq(userRoles.organizationId, org.id), eq(userRoles.roleId, RoleId.therapist)))
        .orderBy(asc(userRoles.userId))
    ).map((r) => r.userId);
    const admin = (
      await db
        .select({ userId: userRoles.userId })
        .from(userRoles)
        .where(and(eq(userRoles.organizationId, org.id), inArray(userRoles.roleId, [RoleId.orgAdmin, RoleId.doctor])))
        .orderBy(asc(userRoles.roleId))
    )[0]?.userId;
    const teamIds: number[] = [];
    for (const [i, g] of GROUPS.entries()) {
      const [team] = await db
        .insert(treatmentTeams)
        .values({
          organizationId: org.id,
          officeId: officeRows[1 + i]?.id ?? null,
          name: g.name,
          nameEn: g.nameEn,
          remark: g.remark,
          leaderId: therapists[i % Math.max(1, therapists.length)] ?? null,
        })
        .returning({ id: treatmentTeams.id });
      teamIds.push(team!.id);
    }
    // every therapist in the first group (default), every other one also in the second
    for (const [i, userId] of therapists.entries()) {
      await db.insert(treatmentTeamMembers).values({ teamId: teamIds[0]!, userId, isDefault: true });
      if (i % 2 === 1 || therapists.length === 1)
        await db.insert(treatmentTeamMembers).values({ teamId: teamIds[1]!, userId, isDefault: false });
    }

    // the projects started three days ago: their orders from then on, generated by the same rule as always
    const projects = await db
      .select({ id: treatmentProjects.id, therapistId: treatmentProjects.therapistId })
      .from(treatmentProjects)
      .innerJoin(treatments, eq(treatments.id, treatmentProjects.treatmentId))
      .where(
        and(
          eq(treatmentProjects.organizationId, org.id),
          eq(treatmentProjects.status, ProjectStatus.inProgress),
          eq(treatments.status, CourseStatus.active),
        ),
      )
      .orderBy(asc(treatmentProjects.id));
    const ids = projects.map((p) => p.id);
    if (!ids.length) continue;
    const generated = await db.select({ id: workOrders.id }).from(workOrders).where(inArray(workOrders.projectId, ids));
    if (generated.length) {
      const orderIds = generated.map((g) => g.id);
      await db.delete(workOrderHistory).where(inArray(workOrderHistory.workOrderId, orderIds));
      await db.delete(workOrders).where(inArray(workOrders.id, orderIds));
    }
    await db
      .update(treatmentProjects)
      .set({ createdAt: sql`${treatmentProjects.createdAt} - interval '3 days'` })
      .where(inArray(treatmentProjects.id, ids));
    await db.update(treatmentProjects).set({ teamId: teamIds[0]! }).where(inArray(treatmentProjects.id, ids));
    await generateForProjects(db, org.id, ids, admin ?? null, { from: addDays(today, -3), to: addDays(today, 6) });

    const orders = await db
      .select()
      .from(workOrders)
      .where(and(inArray(workOrders.projectId, ids), sql`${workOrders.treatDate} <= ${today}`))
      .orderBy(asc(workOrders.treatDate), asc(workOrders.id));
    let k = 0;
    for (const o of orders) {
      k++;
      const past = o.treatDate < today;
      // past days: four in five executed; today: the first three of the organization
      const execute = past ? k % 5 !== 0 : orders.filter((x) => x.treatDate === today).indexOf(o) < 3;
      const executor = o.therapistId ?? therapists[0] ?? null;
      if (execute && executor) {
        const at = new Date(`${o.treatDate}T${past ? '10' : '09'}:${String(10 + (k % 40)).padStart(2, '0')}:00+08:00`);
        await db
          .update(workOrders)
          .set({
            status: WorkOrderStatus.completed,
            executorId: executor,
            completedAt: at,
            checkedInAt: new Date(at.getTime() - 15 * 60_000),
            updatedAt: at,
          })
          .where(eq(workOrders.id, o.id));
        await db
          .update(treatmentProjects)
          .set({ treatedTimes: sql`${treatmentProjects.treatedTimes} + 1` })
          .where(eq(treatmentProjects.id, o.projectId));
        await db.insert(workOrderHistory).values([
          {
            organizationId: org.id,
            workOrderId: o.id,
            action: 'checkIn',
            fromStatus: WorkOrderStatus.unfinished,
            toStatus: WorkOrderStatus.unfinished,
            actorId: executor,
            at: new Date(at.getTime() - 15 * 60_000),
          },
          {
            organizationId: org.id,
            workOrderId: o.id,
            action: 'execute',
            fromStatus: WorkOrderStatus.unfinished,
            toStatus: WorkOrderStatus.completed,
            actorId: executor,
            at,
          },
        ]);
        // two in three executed orders signed by the patient
        if (k % 3 !== 0) {
          const png = demoSignaturePng(k);
          const [file] = await db
            .insert(workOrderFiles)
            .values({
              organizationId: org.id,
              workOrderId: o.id,
              kind: 1,
              mime: 'image/png',
              size: png.length,
              data: png,
              createdBy: executor,
              createdAt: new Date(at.getTime() + 60_000),
            })
            .returning({ id: workOrderFiles.id });
          await db.update(workOrders).set({ signed: true }).where(eq(workOrders.id, o.id));
          await db.insert(workOrderHistory).values({
            organizationId: org.id,
            workOrderId: o.id,
            action: 'sign',
            fromStatus: WorkOrderStatus.completed,
            toStatus: WorkOrderStatus.completed,
            fileId: file!.id,
            actorId: executor,
            at: new Date(at.getTime() + 60_000),
          });
        }
      }
    }
    // one of today's unfinished orders authorized to another therapist of the first group
    const todayOpen = orders.filter((o) => o.treatDate === today).slice(3);
    const target = todayOpen.find((o) => o.therapistId !== null);
    const other = therapists.find((t) => t !== target?.therapistId);
    if (target && other && admin) {
      await db
        .update(workOrders)
        .set({ authorizedTherapistId: other, authorizedTeamId: teamIds[0]!, authorizerId: admin })
        .where(eq(workOrders.id, target.id));
      await db.insert(workOrderHistory).values({
        organizationId: org.id,
        workOrderId: target.id,
        action: 'authorize',
        fromStatus: WorkOrderStatus.unfinished,
        toStatus: WorkOrderStatus.unfinished,
        actorId: admin,
      });
    }
  }
  // what was not executed on past days is expired, as the daily job would have done
  await expirePast(db);
}
