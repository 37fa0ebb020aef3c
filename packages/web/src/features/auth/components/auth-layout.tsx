import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandLogo, CheckCircle } from './brand-art';
// a file, not a component: static artwork stays out of the first JavaScript download
import illustrationUrl from './brand-illustration.svg?no-inline';
import { LanguageSwitch } from '../../../components/language-switch';
import { VersionLink } from './version-link';
import styles from './auth-layout.module.css';

/** Which audience the brand panel speaks to: the administrator login, the medical staff login, or password help. */
export type BrandKind = 'admin' | 'staff' | 'reset';

type Props = {
  brand: BrandKind;
  title: ReactNode;
  subtitle?: ReactNode;
  /** something in the card's corner (the QR / account mode toggle) */
  corner?: ReactNode;
  children: ReactNode;
};

/** The signed-out screens: brand panel on the left, the form card on the right, language switch and version. */
export function AuthLayout({ brand, title, subtitle, corner, children }: Props) {
  const { t } = useTranslation('auth');
  const appName = t('common:appName');
  const year = new Date().getFullYear();
  return (
    <div className={styles.page}>
      <aside className={styles.brand} aria-label={appName}>
        <div className={styles.brandHeader}>
          <BrandLogo className={styles.logo} inverted />
          <span>{appName}</span>
        </div>
        <div className={styles.brandBody}>
          <div className={styles.brandText}>
            <span className={styles.badge}>{t(`brand.${brand}.badge`)}</span>
            <h2 className={styles.headline}>{t(`brand.${brand}.headline`)}</h2>
            <p className={styles.lead}>{t(`brand.${brand}.lead`)}</p>
            <ul className={styles.points}>
              {(['point1', 'point2', 'point3'] as const).map((p) => (
                <li key={p}>
                  <CheckCircle className={styles.pointIcon} />
                  <span>{t(`brand.${brand}.${p}`)}</span>
                </li>
              ))}
            </ul>
          </div>
          <div className={styles.illustration}>
            <img src={illustrationUrl} alt="" width={480} height={400} />
          </div>
        </div>
        <div className={styles.brandFooter}>{t('footer.copyright', { year, name: appName })}</div>
      </aside>
      <main className={styles.main}>
        <div className={styles.toolbar}>
          <div className={styles.mobileBrand}>
            <BrandLogo className={styles.logo} />
            <span>{appName}</span>
          </div>
          <LanguageSwitch />
        </div>
        <div className={styles.center}>
          <section className={styles.card}>
            {corner}
            <h1 className={styles.cardTitle}>{title}</h1>
            {subtitle && <p className={styles.cardSubtitle}>{subtitle}</p>}
            {children}
          </section>
        </div>
        <footer className={styles.footer}>
          <VersionLink />
        </footer>
      </main>
    </div>
  );
}
