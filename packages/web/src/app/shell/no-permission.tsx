import { useMemo, useState } from 'react';
import { Button, Modal, Result } from 'antd';
import { StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { translate } from '@rehab/shared';
import { currentLocale } from '../../lib/locale';
import { menuUrls, useSession } from '../../lib/session';
import { paths } from '../../lib/paths';
import { firstScreen, sidebarItems } from './sidebar-items';

/**
 * Shown instead of a screen the user's menus do not include (spec section 8): a dialog saying so; Close goes
 * back, or to the home screen, or to the first screen the user may open. When there is nowhere to go the page
 * behind keeps saying the same thing.
 */
export function NoPermission() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const location = useLocation();
  const { menuList } = useSession();
  // closed for this visit only: another refused screen (a new location key) opens the dialog again
  const [closedFor, setClosedFor] = useState<string | null>(null);
  const open = closedFor !== location.key;
  const message = translate(currentLocale(), 'error.forbidden');

  const fallback = useMemo(() => {
    if (menuUrls(menuList).has(paths.home)) return paths.home;
    return firstScreen(sidebarItems(menuList, currentLocale()));
  }, [menuList]);

  const handleClose = () => {
    setClosedFor(location.key);
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else if (fallback && fallback !== location.pathname) navigate(fallback, { replace: true });
  };

  return (
    <>
      <Result status="403" title={t('noPermission.title')} subTitle={message} />
      <Modal
        open={open}
        width={400}
        closable={false}
        mask={{ closable: false }}
        title={
          <span>
            <StopOutlined className="shell-dialog-icon-error" /> {t('noPermission.title')}
          </span>
        }
        footer={
          <Button type="primary" onClick={handleClose} data-testid="no-permission-close">
            {t('common:action.close')}
          </Button>
        }
      >
        <p data-testid="no-permission-message">{message}</p>
      </Modal>
    </>
  );
}
