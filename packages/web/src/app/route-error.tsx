import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/**
 * A screen that failed to load (a chunk that did not download, a render error): say so and offer a reload. Plain
 * markup, because it is part of every page's first download and may show when Ant Design itself did not load.
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError() as Error | undefined;
  return (
    <div role="alert" style={{ padding: '96px 24px', textAlign: 'center', fontSize: 14 }}>
      <h2 style={{ fontSize: 20, fontWeight: 600, margin: '0 0 8px' }}>{t('error.screenFailed')}</h2>
      {error?.message ? <p style={{ color: 'rgba(0,0,0,0.45)', margin: '0 0 24px' }}>{error.message}</p> : null}
      <button
        type="button"
        onClick={() => window.location.reload()}
        style={{
          padding: '4px 15px',
          height: 32,
          border: 0,
          borderRadius: 6,
          background: '#1677ff',
          color: '#fff',
          fontSize: 14,
          cursor: 'pointer',
        }}
      >
        {t('action.reload')}
      </button>
    </div>
  );
}
