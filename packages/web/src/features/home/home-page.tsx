import { useEffect, useMemo, type ReactNode } from 'react';
import { Alert, App, Button, Card, Col, Row, Typography } from 'antd';
import {
  CheckCircleOutlined,
  FileTextOutlined,
  FormOutlined,
  LockOutlined,
  MailOutlined,
  RightOutlined,
  ScheduleOutlined,
  UserOutlined,
  UserSwitchOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Perm } from '@rehab/shared';
import { href, paths } from '../../lib/paths';
import { ApiError } from '../../lib/api';
import { currentLocale } from '../../lib/locale';
import { menuUrls, usePermission, useProductEnabled, useSession } from '../../lib/session';
import { useHomeCounts } from './api/home-counts';
import { agendaKind } from './api/today-schedule';
import { CountCard } from './components/count-card';
import { Greeting } from './components/greeting';
import { PasswordRiskAlert } from './components/password-risk-alert';
import { TodaySchedule } from './components/today-schedule';
import { cardTarget, visibleCards, type DashboardCard } from './dashboard-cards';
import { quickLinks } from './quick-links';
import './home.css';

const CARD_LOOK: Record<DashboardCard['key'], { icon: ReactNode; color: string }> = {
  unreadMessages: { icon: <MailOutlined />, color: '#1677ff' },
  unplannedPatients: { icon: <ScheduleOutlined />, color: '#fa8c16' },
  unfinishedOrders: { icon: <FileTextOutlined />, color: '#13c2c2' },
  unfinishedAssessments: { icon: <FormOutlined />, color: '#722ed1' },
  finishedOrders: { icon: <CheckCircleOutlined />, color: '#52c41a' },
  unassignedTherapist: { icon: <UserSwitchOutlined />, color: '#eb2f96' },
};

/**
 * The home dashboard (spec section 2): greeting, the password warning, a therapist's or doctor's schedule of today
 * (issue 21), the count cards, quick access.
 */
export function HomePage() {
  const { t } = useTranslation('home');
  const { message } = App.useApp();
  const { roleIdList, permissions, menuList, organization, office, passwordAtRisk, user } = useSession();
  const can = usePermission();
  const messagesOn = useProductEnabled('messages');
  // the unread card belongs to the messages module, which an organization can switch off
  const cards = visibleCards(roleIdList, permissions).filter((c) => messagesOn || c.key !== 'unreadMessages');
  const openable = useMemo(() => menuUrls(menuList), [menuList]);
  const canReadCounts = can(Perm.indexInfo);
  const counts = useHomeCounts(organization?.id, office?.id, canReadCounts);
  const links = useMemo(() => quickLinks(menuList, currentLocale(), [paths.home]), [menuList]);

  // spec section 8: a failed count shows the server's message as a toast
  useEffect(() => {
    if (counts.error instanceof ApiError && counts.error.message) message.error(counts.error.message);
  }, [counts.error, message]);

  const agenda = agendaKind(roleIdList, can);
  const allZero = counts.data !== undefined && cards.every((c) => counts.data[c.field] === 0);

  return (
    <div className="home">
      {passwordAtRisk && <PasswordRiskAlert />}
      <Greeting />
      {agenda && user && <TodaySchedule kind={agenda} userId={user.id} canOpenOrders={openable.has(paths.orderMy)} />}

      <section aria-labelledby="home-overview">
        <Typography.Title level={5} id="home-overview" className="home-section-title">
          {t('overview')}
        </Typography.Title>
        {counts.isError && (
          <Alert
            type="error"
            showIcon
            className="home-alert"
            data-testid="home-counts-error"
            title={t('countsFailed')}
            description={counts.error.message}
            action={
              <Button size="small" onClick={() => void counts.refetch()} loading={counts.isFetching}>
                {t('retry')}
              </Button>
            }
          />
        )}
        {!canReadCounts && <Alert type="info" showIcon className="home-alert" title={t('countsNotAllowed')} />}
        <Row gutter={[16, 16]} data-testid="home-cards">
          {cards.map((card) => (
            <Col key={card.key} xs={12} sm={8} md={8} lg={6} xl={4}>
              <CountCard
                testId={`home-card-${card.key}`}
                title={t(`cards.${card.key}`)}
                icon={CARD_LOOK[card.key].icon}
                color={CARD_LOOK[card.key].color}
                count={counts.data?.[card.field]}
                loading={counts.isPending && counts.fetchStatus !== 'idle'}
                to={cardTarget(card, openable)}
              />
            </Col>
          ))}
        </Row>
        {allZero && (
          <Typography.Paragraph type="secondary" className="home-zero" data-testid="home-all-clear">
            {t('allClear')}
          </Typography.Paragraph>
        )}
      </section>

      <section aria-labelledby="home-shortcuts">
        <Typography.Title level={5} id="home-shortcuts" className="home-section-title">
          {t('shortcuts')}
        </Typography.Title>
        <Card className="home-shortcuts" data-testid="home-shortcuts">
          <div className="home-shortcut-list">
            {links.map((link) => (
              <Link key={link.url} to={link.url} className="home-shortcut">
                <RightOutlined /> {link.label}
              </Link>
            ))}
            <Link to={paths.myCenter} className="home-shortcut">
              <UserOutlined /> {t('myCenter')}
            </Link>
            <Link to={href(paths.myCenter, {}, { tab: 'password' })} className="home-shortcut">
              <LockOutlined /> {t('changePassword')}
            </Link>
          </div>
        </Card>
      </section>
    </div>
  );
}
