import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { translate } from '@rehab/shared';
import { href, paths } from '../../../lib/paths';
import { currentLocale } from '../../../lib/locale';

/** Spec section 8: 'Your password is at risk, please change it immediately!' with the way to do it. */
export function PasswordRiskAlert() {
  const { t } = useTranslation('home');
  const navigate = useNavigate();
  return (
    <Alert
      type="warning"
      showIcon
      className="home-password-risk"
      data-testid="password-risk"
      title={translate(currentLocale(), 'auth.passwordAtRisk')}
      action={
        <Button size="small" type="primary" onClick={() => navigate(href(paths.myCenter, {}, { tab: 'password' }))}>
          {t('changePasswordNow')}
        </Button>
      }
    />
  );
}
