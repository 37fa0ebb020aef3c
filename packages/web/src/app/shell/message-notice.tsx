import { useState } from 'react';
import { Badge, Button, Tooltip } from 'antd';
import { BellOutlined, CloseOutlined, MailOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { dashboardEndpoints, messagesEndpoints } from '@rehab/shared';
import { endpointKey } from '../../lib/endpoints';
import { useLiveMessages } from '../../lib/live-messages';
import { href, paths } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { storage } from '../../lib/storage';
import {
  UNREAD_MESSAGES_KEY,
  badgeText,
  bannerDismissKey,
  bannerShown,
  useUnreadMessages,
} from '../../lib/unread-messages';

/** Where the banner leads: the message itself when there is one unread, else the inbox (spec section 4). */
export function bannerTarget(count: number, latestId: number | null | undefined) {
  return count === 1 && latestId ? href(paths.newsInfo, { emailId: latestId }) : paths.myNews;
}

/** The header's unread badge (99+ above 99); opens the inbox. */
export function MessageBell() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const unread = useUnreadMessages();
  const count = unread.data?.unReadMessageNum ?? 0;
  return (
    <Tooltip title={t('messages.bell', { count })}>
      <Button
        type="text"
        aria-label={t('messages.bell', { count })}
        onClick={() => navigate(paths.myNews)}
        data-testid="message-bell"
      >
        <Badge count={count} overflowCount={99} size="small" data-testid="message-badge" title={badgeText(count)}>
          <BellOutlined className="shell-bell-icon" />
        </Badge>
      </Button>
    </Tooltip>
  );
}

/**
 * The new-message banner and the live channel (spec section 4): a doorbell on the user's topic refreshes the unread
 * count and raises the banner; unread mail found when the shell opens raises it too. It sits in the header, between
 * the organization and the bell: it never covers a row's buttons (issue 21) and, coming in a moment after the screen
 * has drawn, never moves the screen's content from under a click. Once closed or followed it stays closed, over page
 * loads, until a newer message arrives.
 */
export function MessageBanner() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const unread = useUnreadMessages();
  const { user, organization } = useSession();
  const key = user && organization ? bannerDismissKey(user.id, organization.id) : null;
  const [dismissed, setDismissed] = useState<number | null>(() => (key ? storage.get<number>(key) : null));
  const [liveId, setLiveId] = useState(0);

  useLiveMessages({
    onMessage: (m) => {
      setLiveId((id) => Math.max(id, m.id));
      void queryClient.invalidateQueries({ queryKey: UNREAD_MESSAGES_KEY });
      void queryClient.invalidateQueries({ queryKey: endpointKey(messagesEndpoints.list) });
      // the home dashboard's unread card counts the same messages
      void queryClient.invalidateQueries({ queryKey: endpointKey(dashboardEndpoints.info) });
    },
    onReconnect: () => void queryClient.invalidateQueries({ queryKey: UNREAD_MESSAGES_KEY }),
  });

  const data = unread.data;
  const count = data?.unReadMessageNum ?? 0;
  const latestId = Math.max(data?.latest?.id ?? 0, liveId);
  if (!data || !bannerShown(count, latestId, dismissed)) return null;

  const close = () => {
    setDismissed(latestId);
    if (key) storage.set(key, latestId);
  };
  const open = () => {
    close();
    navigate(bannerTarget(count, data.latest?.id));
  };

  return (
    <div className="shell-message-banner" role="status" data-testid="message-banner">
      <button type="button" className="shell-message-banner-body" onClick={open}>
        <MailOutlined className="shell-message-banner-icon" />
        <span className="shell-message-banner-text">
          <strong>{t('messages.banner', { n: badgeText(count) })}</strong>
          {data.latest && (
            <span className="shell-message-banner-latest" data-testid="message-banner-latest">
              {t('messages.latest', { title: data.latest.title, sender: data.latest.senderName })}
            </span>
          )}
        </span>
      </button>
      <Button
        type="text"
        size="small"
        icon={<CloseOutlined />}
        aria-label={t('messages.close')}
        onClick={close}
        data-testid="message-banner-close"
      />
    </div>
  );
}
