import { useEffect, useMemo, useState } from 'react';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import dayjs from 'dayjs';
import { ScreenPerm, screenEndpoints } from '@rehab/shared';
import { useEndpointQuery } from '../../lib/endpoints';
import { useDoorbell } from '../../lib/live-messages';
import { LanguageSwitch } from '../../components/language-switch';
import { paths } from '../../lib/paths';
import { usePermission, useSession } from '../../lib/session';
import { LinksDrawer } from './links-drawer';
import { forgetScreenLink, screenDevice, screenLinkToken } from './screen-link';
import { Stage } from './stage';
import { HourlyChart, Panel, Quality, Queue, Ranking, Tiles, isRevoked, isStale, widgetOptions } from './widgets';
import './big-screen.css';

/**
 * The department's big screen (/frisEcharts/screenFris and /screen, no sidebar): opened by a TV with a screen link
 * (`#screen=<token>`: no session, never idles out, opens nothing else), or by a signed-in user holding the view
 * permission (administrators also manage the links from here). Without either it says how to open it.
 */
export function BigScreenPage() {
  const { t } = useTranslation('screen');
  const token = useMemo(() => screenLinkToken(), []);
  const { token: sessionToken } = useSession();
  const can = usePermission();
  if (!token && !sessionToken)
    return (
      <Result
        status="403"
        title={t('gate.title')}
        subTitle={t('gate.signIn')}
        extra={
          <Link to={paths.login}>
            <Button type="primary">{t('gate.toLogin')}</Button>
          </Link>
        }
      />
    );
  if (!token && !can(ScreenPerm.view))
    return <Result status="403" title={t('gate.title')} subTitle={t('gate.noPermission')} />;
  return <BigScreen token={token} canManage={!token && can(ScreenPerm.links)} />;
}

function Clock() {
  const [now, setNow] = useState(() => dayjs());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(dayjs()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <div className="bs-clock" data-testid="big-screen-clock">
      <span className="bs-date">{now.format('YYYY-MM-DD dddd')}</span>
      <span className="bs-time">{now.format('HH:mm:ss')}</span>
    </div>
  );
}

function BigScreen({ token, canManage }: { token: string | null; canManage: boolean }) {
  const { t } = useTranslation('screen');
  const device = token ? screenDevice(token) : undefined;
  const today = useEndpointQuery(
    screenEndpoints.today,
    {},
    {
      select: (r) => r.data,
      ...widgetOptions('today', device),
    },
  );
  const staff = useEndpointQuery(
    screenEndpoints.staff,
    {},
    {
      select: (r) => r.data,
      ...widgetOptions('staff', device),
    },
  );
  const queue = useEndpointQuery(
    screenEndpoints.queue,
    {},
    {
      select: (r) => r.data,
      ...widgetOptions('queue', device),
    },
  );
  const quality = useEndpointQuery(
    screenEndpoints.quality,
    {},
    {
      select: (r) => r.data,
      ...widgetOptions('quality', device),
    },
  );
  const [links, setLinks] = useState(false);
  const widgets = [today, staff, queue, quality];
  // the organization's schedule doorbell (an order checked in or executed, a booking, a leave): the day's widgets
  // ask again at once instead of at their next interval; the 30-day quality tiles keep theirs
  const [live, setLive] = useState<boolean | null>(null);
  useDoorbell(
    today.data?.liveTopic ?? null,
    () => {
      void today.refetch();
      void staff.refetch();
      void queue.refetch();
    },
    { device: token ? { kind: 'screen', token } : undefined, onSubscribed: setLive },
  );
  const revoked = widgets.find((w) => isRevoked(w.error));
  const stale = widgets.some(isStale);

  useEffect(() => {
    if (revoked && token) forgetScreenLink();
  }, [revoked, token]);

  if (revoked && token)
    return (
      <Stage>
        <div className="bs-revoked" role="alert" data-testid="big-screen-revoked">
          <h1>{t('revoked.title')}</h1>
          <p>{revoked.error?.message}</p>
        </div>
      </Stage>
    );

  return (
    <Stage>
      <header
        className="bs-head"
        data-testid="big-screen-head"
        data-live={live === null ? 'pending' : live ? 'on' : 'off'}
      >
        <h1>{t('title')}</h1>
        <Clock />
        <div className="bs-head-tools">
          <LanguageSwitch />
          {canManage && (
            <button type="button" className="bs-tool" onClick={() => setLinks(true)} data-testid="screen-links-open">
              {t('links.open')}
            </button>
          )}
          {!token && (
            <Link className="bs-tool" to={paths.home}>
              {t('exit')}
            </Link>
          )}
        </div>
      </header>
      {stale && (
        <div className="bs-banner" role="status" data-testid="big-screen-stale">
          {t('stale')}
        </div>
      )}
      <Tiles today={today.data} staff={staff.data} waiting={queue.data?.waiting} />
      <div className="bs-grid">
        <Panel name="hourly" query={today}>
          {today.data && <HourlyChart today={today.data} />}
        </Panel>
        <Panel name="queue" query={queue}>
          {queue.data && <Queue queue={queue.data} />}
        </Panel>
        <Panel name="ranking" query={staff}>
          {staff.data && <Ranking staff={staff.data} />}
        </Panel>
        <Panel name="quality" query={quality}>
          {quality.data && <Quality quality={quality.data} />}
        </Panel>
      </div>
      {canManage && <LinksDrawer open={links} onClose={() => setLinks(false)} />}
    </Stage>
  );
}
