import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/** A screen that failed to load (a chunk that did not download, a render error): say so and offer a reload. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError() as Error | undefined;
  return (
    <Result
      status="error"
      title={t('error.screenFailed')}
      subTitle={error?.message}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('action.reload')}
        </Button>
      }
    />
  );
}
