import type { DemoContext } from '../../kernel/module';
import { switchProductOn } from '../organizations';
import { officeIdsInOrder } from '../offices';
import { cameraGroups, cameras } from './cameras.tables';

/**
 * The first demo organization's treatment hall: a group with one camera pointed at a public HLS test stream (the
 * Mux test pattern; the gateway in front of real cameras is the hospital's) and a private one of the speech room
 * behind a WebRTC gateway that is not there (its tile says it cannot connect).
 */
export async function seedDemoCameras(ctx: DemoContext) {
  const [organizationId] = await ctx.organizationIds();
  if (!organizationId) return;
  await switchProductOn(ctx.db, organizationId, 'deviceIntegration');
  const [officeId] = await officeIdsInOrder(ctx.db, organizationId);
  const [hall] = await ctx.db
    .insert(cameraGroups)
    .values({ organizationId, name: '治疗大厅', orderNum: 1 })
    .returning({ id: cameraGroups.id });
  await ctx.db.insert(cameras).values([
    {
      organizationId,
      name: '大厅测试流',
      officeId: officeId ?? null,
      location: '一楼治疗大厅',
      groupId: hall!.id,
      protocol: 'hls',
      streamUrl: 'https://test-streams.mux.dev/x36xhzz/x36xhzz.m3u8',
      gatewayPath: 'x36xhzz',
      codec: 'h264',
    },
    {
      organizationId,
      name: '言语治疗室',
      officeId: officeId ?? null,
      location: '二楼 203',
      groupId: hall!.id,
      protocol: 'whep',
      streamUrl: 'http://127.0.0.1:8889/rehab/speech/whep',
      fallbackUrl: 'http://127.0.0.1:8888/rehab/speech/index.m3u8',
      gatewayPath: 'rehab/speech',
      codec: 'h265',
      privacy: true,
    },
  ]);
}
