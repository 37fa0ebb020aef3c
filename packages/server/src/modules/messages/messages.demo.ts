import type { MessageCategory, NameLang } from '@rehab/shared';
import type { Db } from '../../db/client';
import { organizations } from '../organizations/organizations.tables';
import { users } from '../users/users.tables';
import { messageRecipients, messages } from './messages.tables';
import { textToHtml } from './sanitize';
import { clockMs } from '../../kernel/clock';

type DemoMessage = {
  from: string | null;
  to: string[];
  title: string;
  content: string;
  category?: MessageCategory;
  read?: boolean;
  hoursAgo: number;
  /** product message: both languages */
  lang?: { title: Required<NameLang>; content: Required<NameLang> };
};

/** Demo mail of both demo organizations: staff messages and a product notice (the cost messages come from the till's demo day, billing.demo.ts). */
export async function seedMessageDemo(db: Db) {
  const people = await db.select({ id: users.id, name: users.name, phone: users.phone }).from(users);
  const byPhone = new Map(people.map((p) => [p.phone, p]));
  const orgs = await db.select({ id: organizations.id }).from(organizations).orderBy(organizations.id).limit(2);
  if (orgs.length < 2 || !byPhone.has('13800000011')) return;
  const [first, second] = [orgs[0]!.id, orgs[1]!.id];

  const demo: Record<number, DemoMessage[]> = {
    [first]: [
      {
        from: '13800000019',
        to: ['13800000011', '13800000010'],
        title: '本周五下午科室例会通知',
        content:
          '<p>各位同事：</p><p>本周五 <strong>14:30</strong> 在康复医学科示教室召开科室例会，内容：</p><ul><li>上月康复治疗质量分析</li><li>新入院脑卒中患者评估安排</li></ul><p>请准时参加。</p>',
        hoursAgo: 30,
        read: true,
      },
      {
        from: '13800000011',
        to: ['13800000010'],
        title: '3床张建国康复方案调整',
        content:
          '<p>李老师：</p><p>3床张建国（脑梗死恢复期）今日查房后，下肢肌力较前改善，请将步态训练由每日 1 次调整为每日 2 次，并增加平衡训练。</p><p>谢谢！</p>',
        hoursAgo: 5,
      },
      {
        from: null,
        to: ['13800000010'],
        title: '',
        content: '',
        category: 'execute',
        hoursAgo: 2,
        lang: {
          title: { 'zh-CN': '有一项评估已授权给您', en: 'An assessment was authorized to you' },
          content: {
            'zh-CN': textToHtml('王医生将患者刘秀英的 Fugl-Meyer 运动功能评估授权给您，请在今日内完成。'),
            en: textToHtml(
              'Dr Wang authorized the Fugl-Meyer motor assessment of patient Liu Xiuying to you; please complete it today.',
            ),
          },
        },
      },
    ],
    [second]: [
      {
        from: '13800000020',
        to: ['13800000010'],
        title: '周三社区上门康复排班',
        content: '<p>李老师，周三上午的社区上门康复改由您负责，共 3 位患者，名单已放在护士站。</p>',
        hoursAgo: 12,
      },
    ],
  };
  for (const [orgId, list] of Object.entries(demo)) {
    for (const m of list) {
      const sender = m.from ? byPhone.get(m.from)! : null;
      const createdAt = new Date(clockMs() - m.hoursAgo * 3_600_000);
      const [row] = await db
        .insert(messages)
        .values({
          organizationId: Number(orgId),
          category: m.category ?? 'news',
          senderId: sender?.id ?? null,
          senderName: sender?.name ?? null,
          title: m.lang ? m.lang.title['zh-CN'] : m.title,
          titleLang: m.lang?.title ?? {},
          content: m.lang ? m.lang.content['zh-CN'] : m.content,
          contentLang: m.lang?.content ?? {},
          createdAt,
        })
        .returning({ id: messages.id });
      const recipientIds = m.to.map((phone) => byPhone.get(phone)!.id);
      await db.insert(messageRecipients).values(
        recipientIds.map((userId) => ({
          messageId: row!.id,
          userId,
          organizationId: Number(orgId),
          readAt: m.read ? createdAt : null,
        })),
      );
    }
  }
}
