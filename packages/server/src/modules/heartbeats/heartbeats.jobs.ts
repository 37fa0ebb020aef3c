import { z } from 'zod';
import { defineJobBean } from '../../kernel/job';
import { runChecks } from './heartbeats.service';

/**
 * Every 10 seconds (seeded by migration 0030): the heartbeat monitors whose next check is due are checked (HTTP, TCP)
 * or judged by their last push or exchange, and the state machine's answer applied.
 */
export const heartbeatCheckJob = defineJobBean({
  name: 'heartbeatCheck',
  label: { 'zh-CN': '接口心跳检查', en: 'Interface heartbeat check' },
  description: {
    'zh-CN': '检查到期的接口心跳监控（HTTP、TCP、推送与派生），更新状态，开启或关闭故障并通知',
    en: 'Checks the interface heartbeat monitors that are due (HTTP, TCP, push and derived), updates their state, opens or resolves incidents and notifies',
  },
  params: z.strictObject({}),
  defaultCron: '*/10 * * * * ?',
  run: async ({ app, now }) => runChecks(app, now),
});
