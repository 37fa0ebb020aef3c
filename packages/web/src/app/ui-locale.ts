import dayjs from 'dayjs';
import type { Locale as AntdLocale } from 'antd/es/locale';
import type { Locale } from '@rehab/shared';

/** Ant Design and dayjs follow the language; only the current one is downloaded. */
export async function loadUiLocale(locale: Locale): Promise<AntdLocale> {
  if (locale === 'en') {
    const antd = await import('antd/es/locale/en_US');
    dayjs.locale('en');
    return antd.default;
  }
  const [antd] = await Promise.all([import('antd/es/locale/zh_CN'), import('dayjs/locale/zh-cn')]);
  dayjs.locale('zh-cn');
  return antd.default;
}
