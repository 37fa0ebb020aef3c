import type { Db } from '../../db/client';
import { versions } from './versions.tables';

/** The first release and its notes, shown on the login screen. */
export async function seedDemoVersion(db: Db) {
  await db.insert(versions).values({
    version: '1.0.0',
    releaseNote: '首个版本：登录、机构选择、首页与个人中心。',
    releaseNoteLang: {
      'zh-CN': '首个版本：登录、机构选择、首页与个人中心。',
      en: 'First release: sign-in, organization checkout, home dashboard and my center.',
    },
    isCurrent: true,
  });
}
