import { createRoot } from 'react-dom/client';
import { currentLocale } from './lib/locale';
import { initI18n } from './lib/i18n';
import { App } from './app/app';
import { loadUiLocale } from './app/ui-locale';

const locale = currentLocale();
const [, antdLocale] = await Promise.all([initI18n(locale), loadUiLocale(locale)]);
createRoot(document.getElementById('root')!).render(<App antdLocale={antdLocale} />);
