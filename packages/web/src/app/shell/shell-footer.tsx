import { Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Locale } from '@rehab/shared';
import { appConfig } from '../../lib/config';
import { currentLocale } from '../../lib/locale';

/** The copyright owner in the reader's language: the English name on English screens, the Chinese one otherwise. */
export function footerOwner(footer: { copyright: string; copyrightEn?: string }, locale: Locale): string {
  return locale === 'en' ? footer.copyrightEn || footer.copyright : footer.copyright;
}

/** Current year, the provider's copyright line and the two filing notices; empty parts are left out. */
export function ShellFooter() {
  const { t } = useTranslation('shell');
  const { icp, icpUrl, publicSecurity, publicSecurityUrl } = appConfig.footer;
  const copyright = footerOwner(appConfig.footer, currentLocale());
  const year = new Date().getFullYear();
  const link = (text: string, href: string) =>
    href ? (
      <a href={href} target="_blank" rel="noreferrer">
        {text}
      </a>
    ) : (
      <span>{text}</span>
    );
  return (
    <Layout.Footer className="shell-footer" data-testid="shell-footer">
      <span>{copyright ? t('footer.copyright', { year, owner: copyright }) : t('footer.copyrightYear', { year })}</span>
      {icp && link(icp, icpUrl)}
      {publicSecurity && link(publicSecurity, publicSecurityUrl)}
    </Layout.Footer>
  );
}
