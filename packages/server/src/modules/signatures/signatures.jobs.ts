import { z } from 'zod';
import { defineJobBean } from '../../kernel/job';
import { runUnitOfWork } from '../../kernel/unit-of-work';
import { sendSystemMessage, type SystemMessage } from '../messages';
import { certificatesToRemind, markReminded } from './signatures.service';

/**
 * Daily at 08:00 (seeded by migration 0037): tells each member whose active CA certificate ends within the days of
 * `days` (30 by default) once, by a system message, so it is renewed before signing stops.
 */
export const certificateExpiryJob = defineJobBean({
  name: 'caCertificateExpiry',
  label: { 'zh-CN': 'CA 证书到期提醒', en: 'CA certificate expiry reminder' },
  description: {
    'zh-CN': '证书在提醒天数内到期时，给证书持有人发送一次站内消息',
    en: 'Sends the holder one message when their certificate ends within the reminder days',
  },
  params: z.strictObject({ days: z.number().int().min(1).max(365).default(30) }),
  defaultCron: '0 0 8 * * ?',
  run: async ({ app, now, params }) =>
    runUnitOfWork(app, async ({ tx, afterCommit }) => {
      const due = await certificatesToRemind(tx, now, params.days);
      await markReminded(
        tx,
        due.map((c) => c.id),
        now,
      );
      for (const c of due) {
        const msg: SystemMessage = {
          organizationId: c.organizationId,
          userIds: [c.userId],
          category: 'news',
          title: { key: 'signature.expiryTitle' },
          content: {
            key: 'signature.expiryContent',
            params: { serial: c.serial, date: c.validTo.toISOString().slice(0, 10) },
          },
        };
        afterCommit(() => sendSystemMessage(app, msg));
      }
      return { reminded: due.length };
    }),
});
