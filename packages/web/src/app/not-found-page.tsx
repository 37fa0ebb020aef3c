import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../lib/paths';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Result
      status="404"
      title="404"
      subTitle={t('error.pageNotFound')}
      extra={
        <Link to={paths.home}>
          <Button type="primary">{t('action.backHome')}</Button>
        </Link>
      }
    />
  );
}
