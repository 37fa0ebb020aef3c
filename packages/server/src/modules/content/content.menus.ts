import { ContentPerm, RoleId } from '@rehab/shared';
import type { BuiltinMenu } from '../../kernel/menu';

const text = (zh: string, en: string) => ({ 'zh-CN': zh, en });
const { orgAdmin, doctor, therapist, nurse } = RoleId;
const readers = [orgAdmin, doctor, therapist, nurse];
const authors = [orgAdmin, doctor, therapist];

/**
 * Mini-program content (小程序内容, /frisApplet): the homepages, categories, knowledge articles and education items.
 * Writing and reviewing are separate buttons; the department head (organization administrator) reviews by default.
 * The article detail (/frisApplet/knowledge/detail/:id) opens from the lists and has no menu of its own.
 */
export function contentMenus(): BuiltinMenu[] {
  const screen = (name: string, zh: string, en: string, orderNum: number) => ({
    key: `content.${name}`,
    parentKey: 'content',
    type: 1 as const,
    nameLang: text(zh, en),
    url: `/frisApplet/${name}`,
    icon: 'ReadOutlined',
    perms: [ContentPerm.list],
    orderNum,
    grant: readers,
  });
  const button = (
    screenName: string,
    name: string,
    label: ReturnType<typeof text>,
    perm: string,
    orderNum: number,
    grant: number[],
  ) => ({
    key: `content.${screenName}.${name}`,
    parentKey: `content.${screenName}`,
    type: 2 as const,
    nameLang: label,
    perms: [perm],
    orderNum,
    grant,
  });
  return [
    {
      key: 'content',
      type: 0,
      nameLang: text('小程序内容', 'Mini-program content'),
      icon: 'MobileOutlined',
      orderNum: 18,
      grant: [],
    },
    screen('companyHomepage', '公司主页', 'Company homepage', 0),
    screen('hospitalHomepage', '医院主页', 'Hospital homepage', 1),
    screen('category', '内容分类', 'Categories', 2),
    screen('knowledge', '康复知识', 'Rehab knowledge', 3),
    screen('educationDetail', '患者宣教', 'Patient education', 4),
    button('knowledge', 'save', text('编写', 'Write'), ContentPerm.save, 1, authors),
    button('knowledge', 'review', text('审核发布', 'Review and publish'), ContentPerm.review, 2, [orgAdmin]),
    button('educationDetail', 'send', text('发送给患者', 'Send to patients'), ContentPerm.send, 1, authors),
  ];
}
