import { useState } from 'react';
import { Alert, Badge, Button, Card, Empty, Progress, Space, Tag, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { BoardCard } from '@rehab/shared';
import { useLiveMessages } from '../../lib/live-messages';
import { BOARD_REFRESH_MS, useBoard } from './api';
import { STATUS_COLORS } from './chart';
import { completionRate, OfficeSelect, PostTag } from './common';
import './workload.css';

const clock = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

function TherapistCard({ card }: { card: BoardCard }) {
  const { t } = useTranslation('workload');
  return (
    <Card
      size="small"
      className={`workload-card${card.clockIn ? '' : ' is-off'}`}
      title={card.name}
      extra={<PostTag clockIn={card.clockIn} />}
      data-testid={`board-card-${card.therapistId}`}
    >
      <Progress
        percent={completionRate(card)}
        size="small"
        aria-label={t('count.rate')}
        strokeColor={STATUS_COLORS.completed}
        format={() => `${card.completed}/${card.completed + card.unfinished}`}
      />
      <div className="workload-numbers">
        <div>
          <b style={{ color: STATUS_COLORS.unfinished }}>{card.unfinished}</b>
          <Typography.Text type="secondary">{t('count.unfinished')}</Typography.Text>
        </div>
        <div>
          <b style={{ color: STATUS_COLORS.completed }}>{card.completed}</b>
          <Typography.Text type="secondary">{t('count.completed')}</Typography.Text>
        </div>
        <div>
          <b>{card.patients}</b>
          <Typography.Text type="secondary">{t('count.patients')}</Typography.Text>
        </div>
        <div>
          <b style={{ color: STATUS_COLORS.minutes }}>{card.minutes}</b>
          <Typography.Text type="secondary">{t('count.minutes')}</Typography.Text>
        </div>
      </div>
      <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
        {t('board.next')}
      </Typography.Text>
      <ul className="workload-queue">
        {card.queue.length === 0 && (
          <li>
            <Typography.Text type="secondary">{t('board.nothingWaiting')}</Typography.Text>
          </li>
        )}
        {card.queue.map((q) => (
          <li key={q.id}>
            <span>
              <Badge status={q.checkedIn ? 'success' : 'default'} /> {q.patientName}
              {q.bedNumber ? ` · ${q.bedNumber}` : ''}
            </span>
            <Typography.Text type="secondary">{q.projectName}</Typography.Text>
          </li>
        ))}
        {card.unfinished > card.queue.length && (
          <li>
            <Typography.Text type="secondary">
              {t('board.more', { count: card.unfinished - card.queue.length })}
            </Typography.Text>
          </li>
        )}
      </ul>
      {card.last && (
        <Typography.Paragraph type="secondary" ellipsis style={{ margin: '8px 0 0' }}>
          {t('board.last', {
            name: card.last.patientName,
            project: card.last.projectName,
            time: clock(card.last.completedAt),
          })}
        </Typography.Paragraph>
      )}
    </Card>
  );
}

/**
 * Visual working (/visualWorking/visualWorking): a live board of the department for a screen on the wall, a card
 * per therapist (clocked-in first): today's post, progress, the next patients (a green dot: checked in) and the last
 * one treated. Refreshes every 30 seconds and whenever a live message reaches the viewer.
 */
export function VisualWorkingPage() {
  const { t } = useTranslation('workload');
  const [officeId, setOfficeId] = useState<number>();
  const board = useBoard(officeId);
  useLiveMessages({ onMessage: () => void board.refetch(), onReconnect: () => void board.refetch() });
  const d = board.data;

  return (
    <Card
      title={
        <Space wrap>
          {t('board.title')}
          {d && <Typography.Text type="secondary">{d.date}</Typography.Text>}
        </Space>
      }
      extra={
        <Space wrap>
          {d && (
            <Typography.Text type="secondary" data-testid="board-refreshed">
              {t('board.refreshed', {
                time: new Date(d.refreshedAt).toLocaleTimeString(),
                seconds: BOARD_REFRESH_MS / 1000,
              })}
            </Typography.Text>
          )}
          <OfficeSelect value={officeId} onChange={setOfficeId} />
          <Button icon={<ReloadOutlined />} onClick={() => void board.refetch()} loading={board.isFetching}>
            {t('refresh')}
          </Button>
        </Space>
      }
    >
      {board.isError && <Alert type="error" showIcon message={t('common:error.loadFailed')} />}
      {d && (
        <>
          <Space wrap style={{ marginBottom: 12 }} data-testid="board-totals">
            <Tag color="blue">{t('board.totalOrders', { count: d.totals.total })}</Tag>
            <Tag color="processing">{t('board.waiting', { count: d.totals.unfinished })}</Tag>
            <Tag color="success">{t('board.done', { count: d.totals.completed })}</Tag>
            <Tag color="purple">{t('board.minutes', { count: d.totals.minutes })}</Tag>
            <Tag>{t('board.clockedIn', { count: d.cards.filter((c) => c.clockIn).length, total: d.cards.length })}</Tag>
          </Space>
          {d.cards.length === 0 ? (
            <Empty description={t('board.noTherapists')} />
          ) : (
            <div className="workload-board">
              {d.cards.map((c) => (
                <TherapistCard key={c.therapistId} card={c} />
              ))}
            </div>
          )}
        </>
      )}
    </Card>
  );
}
