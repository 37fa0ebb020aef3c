import { App as AntApp, ConfigProvider } from 'antd';
import type { Locale as AntdLocale } from 'antd/es/locale';
import { Outlet } from 'react-router';
import { currentLocale } from '../lib/locale';
import { theme } from './theme';

/** Ant Design's locale for the current language: only that one is downloaded. */
async function loadAntdLocale(): Promise<AntdLocale> {
  return currentLocale() === 'en'
    ? (await import('antd/es/locale/en_US')).default
    : (await import('antd/es/locale/zh_CN')).default;
}

/** The route module of every screen built with Ant Design: its locale, theme and message / modal context. */
export async function antdLayoutRoute() {
  const locale = await loadAntdLocale();
  return {
    Component() {
      return (
        <ConfigProvider locale={locale} theme={theme}>
          <AntApp>
            <Outlet />
          </AntApp>
        </ConfigProvider>
      );
    },
  };
}
