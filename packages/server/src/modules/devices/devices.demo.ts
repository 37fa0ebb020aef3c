import { DEVICE_TYPES } from '@rehab/shared';
import type { DemoContext } from '../../kernel/module';
import { clinicToday } from '../../kernel/clock';
import { runUnitOfWork } from '../../kernel/unit-of-work';
import { masterRows } from '../master-data';
import { switchProductOn } from '../organizations';
import { completedSessionsOfDay, workOrderFact } from '../work-orders';
import { deviceEvents, deviceLatest, deviceSamples, deviceSessions, devices } from './devices.tables';
import { hashOf, newSecret } from './secrets';

const DAY_MS = 86_400_000;
const GAMES = ['摘苹果 Apple picking', '划船 Rowing', '平衡木 Balance beam', '骑行 Cycling'];

/**
 * Demo devices: the product switched on for the demo organizations, the first one's equipment rows registered as devices
 * (tokens nobody knows: the simulator registers its own), training sessions bound to completed work orders of the
 * last days with their summaries (some confirmed) and score samples, one device online, one gone offline.
 */
export async function seedDemoDevices(ctx: DemoContext) {
  const orgs = await ctx.organizationIds();
  for (const id of orgs) await switchProductOn(ctx.db, id, 'deviceIntegration');
  const [organizationId] = orgs;
  if (!organizationId) return;
  const equipment = (await masterRows(ctx.db, 'equipment', organizationId)).slice(0, 4);
  await runUnitOfWork(ctx.host, async ({ tx, now }) => {
    const ids: number[] = [];
    for (const [i, e] of equipment.entries()) {
      const [row] = await tx
        .insert(devices)
        .values({
          organizationId,
          equipmentId: Number(e.id),
          code: `DEV-${String(i + 1).padStart(3, '0')}`,
          serial: `SN2026${String(1001 + i)}`,
          vendor: ['Fourier', 'Hocoma', 'Motomed', 'Tyromotion'][i]!,
          model: String(e.model ?? '') || `M${i + 1}`,
          type: DEVICE_TYPES[i % DEVICE_TYPES.length]!,
          firmware: `2.${i}.7`,
          location: String(e.location ?? '') || `康复大厅 ${i + 1}`,
          tokenHash: hashOf(newSecret()),
          tokenRotatedAt: now,
          createdAt: now,
          // the first online (seen now), the second offline since this morning, the rest never connected
          lastActivityAt: i === 0 ? now : i === 1 ? new Date(now.getTime() - 3 * 3600_000) : null,
          online: i === 0,
        })
        .returning({ id: devices.id });
      ids.push(row!.id);
    }
    if (ids.length > 1) {
      await tx.insert(deviceEvents).values([
        { organizationId, deviceId: ids[1]!, kind: 'online', at: new Date(now.getTime() - 4 * 3600_000) },
        { organizationId, deviceId: ids[1]!, kind: 'offline', at: new Date(now.getTime() - 3 * 3600_000 + 120_000) },
      ]);
    }
    if (!ids.length) return;
    let n = 0;
    for (let back = 6; back >= 1; back--) {
      const day = clinicToday(new Date(now.getTime() - back * DAY_MS));
      for (const wo of (await completedSessionsOfDay(tx, day, organizationId)).slice(0, 3)) {
        const fact = await workOrderFact(tx, organizationId, wo.id);
        if (!fact) continue;
        const deviceId = ids[n % ids.length]!;
        const startedAt = new Date(Date.parse(`${day}T02:${String(10 + (n % 40)).padStart(2, '0')}:00Z`));
        const duration = 900 + (n % 5) * 60;
        const score = 60 + ((n * 7) % 35);
        const [s] = await tx
          .insert(deviceSessions)
          .values({
            organizationId,
            deviceId,
            externalId: `demo-${day}-${wo.id}`,
            patientId: fact.patientId,
            workOrderId: fact.id,
            status: 2,
            game: GAMES[n % GAMES.length]!,
            level: 1 + (n % 4),
            startedAt,
            lastDataAt: new Date(startedAt.getTime() + duration * 1000),
            endedAt: new Date(startedAt.getTime() + duration * 1000),
            durationSeconds: duration,
            repetitions: 40 + ((n * 13) % 60),
            rangeOfMotion: 45 + ((n * 11) % 70),
            force: 20 + ((n * 3) % 40),
            score,
            confirmedAt: back > 2 ? new Date(startedAt.getTime() + (duration + 600) * 1000) : null,
          })
          .returning({ id: deviceSessions.id });
        await tx.insert(deviceSamples).values(
          Array.from({ length: 10 }, (_, k) => ({
            deviceId,
            sessionId: s!.id,
            ts: new Date(startedAt.getTime() + (k + 1) * 90_000),
            metric: 'score',
            value: Math.round((score * (k + 1)) / 10),
          })),
        );
        await tx
          .insert(deviceLatest)
          .values({ deviceId, metric: 'score', ts: new Date(startedAt.getTime() + duration * 1000), value: score })
          .onConflictDoUpdate({
            target: [deviceLatest.deviceId, deviceLatest.metric],
            set: { ts: new Date(startedAt.getTime() + duration * 1000), value: score },
          });
        n++;
      }
    }
  });
}
