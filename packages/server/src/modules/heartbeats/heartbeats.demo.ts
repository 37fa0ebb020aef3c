import { RoleId } from '@rehab/shared';
import type { DemoContext } from '../../kernel/module';
import { switchProductOn } from '../organizations';
import { staffWithRoles } from '../roles';
import { heartbeatExchanges, heartbeatIncidents, heartbeatMonitors } from './heartbeats.tables';

const HOUR = 3_600_000;

/**
 * The first demo organization switches device integration on and watches three interfaces: the HIS registration
 * push (up, with yesterday's two-hour outage resolved), the LIS push (down since ten minutes: the partner said so,
 * nobody acknowledged yet) and the e-bill platform derived from our last exchange (daily window, up).
 */
export async function seedDemoHeartbeats(ctx: DemoContext) {
  const [organizationId] = await ctx.organizationIds();
  if (!organizationId) return;
  await switchProductOn(ctx.db, organizationId, 'deviceIntegration');
  const admins = await staffWithRoles(ctx.db, organizationId, [RoleId.orgAdmin], { order: 'id' });
  const notifyUserIds = admins.slice(0, 1).map((a) => a.id);
  const now = ctx.now;
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR);
  const common = {
    organizationId,
    notifyUserIds,
    maintenance: [],
    enabled: true,
    resendMinutes: 60,
    createdAt: at(24 * 8),
  };
  const [his, lis, ebill] = await ctx.db
    .insert(heartbeatMonitors)
    .values([
      {
        ...common,
        name: 'HIS 挂号接口',
        kind: 'push',
        pushToken: 'demoHisRegistrationPushToken0001',
        intervalSec: 3600,
        graceSec: 300,
        retries: 1,
        status: 'up',
        lastCheckAt: now,
        lastOkAt: now,
        lastPushAt: now,
        nextCheckAt: new Date(now.getTime() + 3600_000),
      },
      {
        ...common,
        name: 'LIS 检验接口',
        kind: 'push',
        pushToken: 'demoLisResultsPushToken000000001',
        intervalSec: 300,
        graceSec: 60,
        retries: 2,
        status: 'down',
        failures: 1,
        lastCheckAt: at(1 / 6),
        lastOkAt: at(1 / 6 + 0.05),
        lastPushAt: at(1 / 6),
        lastPushDown: true,
        lastMessage: '数据库连接失败 / database unreachable',
        lastNotifiedAt: at(1 / 6),
        nextCheckAt: new Date(now.getTime() + 300_000),
      },
      {
        ...common,
        name: '电子票据平台',
        kind: 'derived',
        target: 'ebill',
        intervalSec: 86_400,
        graceSec: 3600,
        retries: 0,
        status: 'up',
        lastCheckAt: now,
        lastOkAt: now,
        nextCheckAt: new Date(now.getTime() + 3600_000),
      },
    ])
    .returning({ id: heartbeatMonitors.id });
  await ctx.db.insert(heartbeatExchanges).values({ organizationId, source: 'ebill', lastOkAt: at(2) });
  await ctx.db.insert(heartbeatIncidents).values([
    {
      organizationId,
      monitorId: his!.id,
      reason: 'silence',
      startedAt: at(26),
      acknowledgedAt: at(25.8),
      acknowledgedBy: notifyUserIds[0] ?? null,
      resolvedAt: at(24),
    },
    {
      organizationId,
      monitorId: lis!.id,
      reason: 'downPush',
      message: '数据库连接失败 / database unreachable',
      startedAt: at(1 / 6),
    },
  ]);
  void ebill;
}
