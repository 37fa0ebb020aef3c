import { LOCALES, type Locale } from '@rehab/shared';
import { useTranslation } from 'react-i18next';
import { currentLocale, switchLocale } from '../lib/locale';
import styles from './language-switch.module.css';

const SHORT: Record<Locale, string> = { 'zh-CN': '中文', en: 'EN' };

/** zh / en pill for the full-screen pages (login, reset, checkout): saves the preference and reloads (spec section 1). */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const locale = currentLocale();
  return (
    <div className={styles.langSwitch} role="group" aria-label={t('language.label')}>
      {LOCALES.map((l) => (
        <button
          key={l}
          type="button"
          className={styles.langOption}
          aria-pressed={l === locale}
          title={t(`language.${l}`)}
          lang={l}
          onClick={() => l !== locale && switchLocale(l)}
        >
          {SHORT[l]}
        </button>
      ))}
    </div>
  );
}
