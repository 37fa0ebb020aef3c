import { createRoot } from 'react-dom/client';
import { currentLocale } from './lib/locale';
import { initI18n } from './lib/i18n';
import { App } from './app/app';

await initI18n(currentLocale());
createRoot(document.getElementById('root')!).render(<App />);
