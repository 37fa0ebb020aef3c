import { useMemo } from 'react';
import { Alert, Button, Card, Empty, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { clinicNow } from '../../../lib/clinic-day';
import { href, paths } from '../../../lib/paths';
import { useTodayAgenda, type AgendaKind } from '../api/today-schedule';
import { orderAgenda, type AgendaItem } from '../today-agenda';

const STATUS_COLORS: Record<number, string> = { 1: 'blue', 2: 'default', 3: 'green', 4: 'orange', 5: 'green' };

/**
 * Today's schedule of the signed-in therapist or doctor (issue 21, finding 12): the next patient first, with time,
 * project, equipment (a doctor also sees the therapist) and status; an entry opens its work order when the user can
 * open work orders.
 */
export function TodaySchedule({
  kind,
  userId,
  canOpenOrders,
}: {
  kind: AgendaKind;
  userId: number;
  canOpenOrders: boolean;
}) {
  const { t } = useTranslation('home');
  const { t: to } = useTranslation('orders');
  const now = clinicNow();
  const today = now.format('YYYY-MM-DD');
  const minute = now.format('HH:mm');
  const q = useTodayAgenda(kind, userId, today);
  const { list, next } = useMemo(() => orderAgenda(q.data ?? [], minute), [q.data, minute]);

  const line = (item: AgendaItem) => {
    const body = (
      <>
        <span className="home-today-time">{item.start ? `${item.start}-${item.end}` : t('today.unbooked')}</span>
        <span className="home-today-patient">
          {item.patientName}
          {item.bedNumber && <span className="home-today-bed">{t('today.bed', { bed: item.bedNumber })}</span>}
        </span>
        <span className="home-today-project">{item.projectName}</span>
        <span className="home-today-place">
          {[item.equipmentName, item.therapistName].filter(Boolean).join(' · ') || '—'}
        </span>
        <span className="home-today-status">
          {item === next && (
            <Tag color="processing" data-testid="home-today-next">
              {t('today.next')}
            </Tag>
          )}
          <Tag color={STATUS_COLORS[item.status]}>{to(`status.${item.status}`)}</Tag>
        </span>
      </>
    );
    const className = item === next ? 'home-today-item home-today-item-next' : 'home-today-item';
    return canOpenOrders ? (
      <Link
        key={item.workOrderId}
        to={href(paths.orderDetail, { id: item.workOrderId })}
        className={className}
        data-testid="home-today-item"
      >
        {body}
      </Link>
    ) : (
      <div key={item.workOrderId} className={className} data-testid="home-today-item">
        {body}
      </div>
    );
  };

  return (
    <Card
      className="home-today"
      data-testid="home-today"
      title={kind === 'doctor' ? t('today.doctorTitle') : t('today.title')}
      extra={<span className="home-today-date">{today}</span>}
    >
      {q.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('today.failed')}
          action={
            <Button size="small" onClick={() => void q.refetch()}>
              {t('retry')}
            </Button>
          }
        />
      ) : q.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} title={false} />
      ) : list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('today.none')} />
      ) : (
        <div className="home-today-list">{list.map(line)}</div>
      )}
    </Card>
  );
}
