import { paths } from '../../lib/paths';
import type { ScreenRoute } from './screen-route';

/** Messages: the inbox and the cost messages, with their detail and compose screens. */
export const messageRoutes: ScreenRoute[] = [
  {
    path: paths.myNews,
    menu: paths.myNews,
    screen: async () => (await import('../../features/messages/message-list-page')).MessageListPage,
  },
  {
    path: paths.sendNews,
    menu: paths.myNews,
    activeMenu: paths.myNews,
    screen: async () => (await import('../../features/messages/send-news-page')).SendNewsPage,
  },
  {
    path: paths.newsInfo,
    menu: paths.myNews,
    activeMenu: paths.myNews,
    screen: async () => (await import('../../features/messages/message-info-page')).MessageInfoPage,
  },
  {
    path: paths.costMessage,
    menu: paths.costMessage,
    screen: async () => (await import('../../features/messages/message-list-page')).CostMessagePage,
  },
  {
    path: paths.costInfo,
    menu: paths.costMessage,
    activeMenu: paths.costMessage,
    screen: async () => (await import('../../features/messages/message-info-page')).CostInfoPage,
  },
];
