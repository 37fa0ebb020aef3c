import { ResultCode, translate } from '@rehab/shared';
import { Alert, App, Button, Empty, Pagination, Result, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../lib/api';
import { currentLocale, localName } from '../../lib/locale';
import { useSession } from '../../lib/session';
import { logout } from '../../lib/logout';
import { paths } from '../../lib/paths';
import { landingPath } from '../../lib/landing';
import {
  CHECKOUT_PAGE_SIZE,
  enterOrganization,
  useSelectableOrganizations,
  type SelectableOrganization,
} from './api/organizations';
import { LanguageSwitch } from '../../components/language-switch';
import { OfficeDialog } from './components/office-dialog';
import { OrganizationCard } from './components/organization-card';
import { officeChoice } from './office-choice';
import styles from './checkout.module.css';

/**
 * /organization/checkout (spec sections 2 and 4): the organizations the user may enter, then a department when
 * they work in several there. Reached after login (roles 1 and 19 always; others when nothing can be restored)
 * and from the user menu to switch organization, where the current one is marked and home is one click away.
 */
export function CheckoutPage() {
  const { t } = useTranslation('org');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const locale = currentLocale();
  const { user, organization, office, passwordAtRisk } = useSession();
  const [page, setPage] = useState(1);
  const list = useSelectableOrganizations(page);
  const [entering, setEntering] = useState<number | null>(null);
  const [officeStep, setOfficeStep] = useState<{
    organization: SelectableOrganization;
    officeId: number | null;
  } | null>(null);

  const enter = async (org: SelectableOrganization, officeId?: number) => {
    setEntering(org.id);
    try {
      await enterOrganization(org.id, officeId);
      setOfficeStep(null);
      // back to the page a forced sign-out left (issue 21), else the account's only screen, else home
      navigate(landingPath(), { replace: true });
    } catch (err) {
      // a 401 already leads to the login screen
      if (err instanceof ApiError && err.code === ResultCode.unauthorized) return;
      const reason = err instanceof Error ? err.message : '';
      message.error(reason ? t('switchFailedWithReason', { reason }) : t('switchFailed'));
    } finally {
      setEntering(null);
    }
  };

  const handleChoose = (org: SelectableOrganization) => {
    const choice = officeChoice(
      org.offices,
      { organizationId: organization?.id ?? null, officeId: office?.id ?? null },
      org.id,
    );
    if (choice.needed) setOfficeStep({ organization: org, officeId: choice.preselected });
    else void enter(org, choice.preselected ?? undefined);
  };

  const data = list.data;
  let body;
  if (list.isPending) {
    body = (
      <div className={styles.state}>
        <Spin size="large" />
      </div>
    );
  } else if (list.isError && !data) {
    body = (
      <Result
        status="warning"
        title={t('common:error.loadFailed')}
        subTitle={list.error.message}
        extra={
          <Button type="primary" onClick={() => list.refetch()}>
            {t('common:action.reload')}
          </Button>
        }
      />
    );
  } else if (!data || data.list.length === 0) {
    body = (
      <div className={styles.state}>
        <Empty description={t('empty')} />
      </div>
    );
  } else {
    body = (
      <>
        <div className={styles.grid}>
          {data.list.map((org) => (
            <OrganizationCard
              key={org.id}
              organization={org}
              current={org.id === organization?.id}
              entering={entering === org.id}
              disabled={entering !== null}
              onChoose={handleChoose}
            />
          ))}
        </div>
        {data.totalCount > CHECKOUT_PAGE_SIZE && (
          <div className={styles.pager}>
            <Pagination
              current={page}
              pageSize={CHECKOUT_PAGE_SIZE}
              total={data.totalCount}
              showSizeChanger={false}
              onChange={setPage}
            />
          </div>
        )}
      </>
    );
  }

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div className={styles.brand}>
          <img className={styles.logo} src="/logo.svg" alt="" />
          <span>{t('common:appName')}</span>
        </div>
        <LanguageSwitch />
        {user && <span className={styles.user}>{user.name}</span>}
        {organization && (
          <Button type="link" onClick={() => navigate(paths.home)}>
            {t('backHome')}
          </Button>
        )}
        <Button onClick={() => void logout()}>{t('common:action.logout')}</Button>
      </header>
      <main className={styles.content}>
        <div className={styles.heading}>
          <div>
            <h1 className={styles.title}>{organization ? t('titleSwitch') : t('title')}</h1>
            <p className={styles.subtitle}>{t('subtitle')}</p>
          </div>
          {organization && (
            <div className={styles.current}>
              {t('currentLabel', {
                organization: localName(organization, locale),
                office: office ? localName(office, locale) : t('noOfficeChosen'),
              })}
            </div>
          )}
        </div>
        {passwordAtRisk && (
          <Alert
            className={styles.alert}
            type="warning"
            showIcon
            title={translate(locale, 'auth.passwordAtRisk')}
            description={organization ? undefined : t('passwordAtRiskHint')}
            action={
              organization ? (
                <Button size="small" onClick={() => navigate(paths.myCenter)}>
                  {t('changePassword')}
                </Button>
              ) : undefined
            }
          />
        )}
        {body}
      </main>
      <OfficeDialog
        organization={officeStep?.organization ?? null}
        officeId={officeStep?.officeId ?? null}
        entering={entering !== null}
        onSelect={(officeId) => officeStep && setOfficeStep({ ...officeStep, officeId })}
        onEnter={(officeId) => officeStep && void enter(officeStep.organization, officeId)}
        onCancel={() => setOfficeStep(null)}
      />
      <footer className={styles.footer}>
        {t('copyright', { year: new Date().getFullYear(), name: t('common:appName') })}
      </footer>
    </div>
  );
}
