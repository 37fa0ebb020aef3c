import { useMemo, useState } from 'react';
import { App, Button, Card, Radio, Space, Tabs, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { KeyboardPopconfirm } from '../../components/keyboard-popconfirm';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ReferralPerm, workOrdersEndpoints } from '@rehab/shared';
import { showApiError } from '../../lib/form-errors';
import { usePermission } from '../../lib/session';
import { clinicToday, clinicTodayText } from '../../lib/clinic-day';
import { useCheckIn, useOrderDetail, type OrderRow } from './api';
import { ExecutiveCodeBox } from './executive-code-box';
import { OrderList } from './order-list';
import { SignatureDialog } from './signature-dialog';
import { href, paths } from '../../lib/paths';
import './orders.css';

const today = () => [clinicToday(), clinicToday()] as [dayjs.Dayjs, dayjs.Dayjs];

function Header({ title, extra }: { title: string; extra?: React.ReactNode }) {
  return (
    <div className="wo-header">
      <Typography.Title level={4}>{title}</Typography.Title>
      {extra}
    </div>
  );
}

/** /order/my?action=unfinish|finished: my orders (assigned to me, to a group of mine, or authorized to me). */
export function MyOrdersPage() {
  const { t } = useTranslation('orders');
  const [params, setParams] = useSearchParams();
  const action = params.get('action') === 'finished' ? 'finished' : 'unfinish';
  const fixed = useMemo(() => ({ action }), [action]);
  return (
    <div className="wo-page" data-testid="orders-my">
      <Header title={t('title.my')} extra={<ExecutiveCodeBox />} />
      <Tabs
        activeKey={action}
        onChange={(key) => setParams({ action: key })}
        items={[
          { key: 'unfinish', label: t('tabs.unfinish') },
          { key: 'finished', label: t('tabs.finished') },
        ]}
      />
      <OrderList
        key={action}
        testId={`orders-${action}`}
        list={workOrdersEndpoints.my}
        fixed={fixed}
        initialRange={today()}
        show={{ signed: action === 'finished' }}
        exportCall={{ endpoint: workOrdersEndpoints.exportMy, title: t('title.my') }}
      />
    </div>
  );
}

/** /order/patientOrder?patientId=: the orders of a patient (or of every patient), with export. */
export function PatientOrdersPage() {
  const { t } = useTranslation('orders');
  const [params] = useSearchParams();
  const patientId = Number(params.get('patientId')) || undefined;
  return (
    <div className="wo-page" data-testid="orders-patient">
      <Header title={t('title.patient')} />
      <OrderList
        testId="orders-by-patient"
        list={workOrdersEndpoints.list}
        initialPatientId={patientId}
        show={{
          status: true,
          signed: true,
          patients: workOrdersEndpoints.incompletePatients,
          projects: workOrdersEndpoints.projectsByPatient,
          therapists: true,
        }}
        exportCall={{ endpoint: workOrdersEndpoints.exportByPatient, title: t('title.patient') }}
        priorities={PATIENT_ORDER_PRIORITIES}
      />
    </div>
  );
}

/**
 * A patient's orders at 1366 px (issue 21): staff look at who treats (and who the order is authorized to) more often
 * than at the completion time (the status says done, the executor is on the detail), so the completion time folds
 * into the row's expansion first, then the date; the therapist stays, and folds only on a tablet.
 */
const PATIENT_ORDER_PRIORITIES = { therapist: 2, completedAt: 3 } as const;

/** /order/expired: orders of past days that were not executed. */
export function ExpiredOrdersPage() {
  const { t } = useTranslation('orders');
  const fixed = useMemo(() => ({ status: 4 }), []);
  return (
    <div className="wo-page" data-testid="orders-expired">
      <Header title={t('title.expired')} />
      <OrderList
        testId="orders-expired-list"
        list={workOrdersEndpoints.list}
        fixed={fixed}
        show={{
          patients: workOrdersEndpoints.overduePatients,
          projects: workOrdersEndpoints.overdueProjects,
          therapists: true,
        }}
        exportCall={{ endpoint: workOrdersEndpoints.exportByPatient, title: t('title.expired') }}
        hideColumns={['completedAt', 'signed']}
      />
    </div>
  );
}

/** /order/check: today's orders and patient check-in (whole department, a doctor's patients, a therapist's). */
export function CheckInPage() {
  const { t } = useTranslation('orders');
  const { message } = App.useApp();
  const can = usePermission();
  const [who, setWho] = useState<'master' | 'doctor' | 'therapist'>('master');
  const [checked, setChecked] = useState<'all' | '0' | '1'>('all');
  const checkIn = useCheckIn();
  const mayCheck = can(ReferralPerm.checkIn);
  const fixed = useMemo(() => (checked === 'all' ? {} : { checkedIn: Number(checked) }), [checked]);
  const list = {
    master: workOrdersEndpoints.todayMaster,
    doctor: workOrdersEndpoints.todayDoctor,
    therapist: workOrdersEndpoints.todayTherapist,
  }[who];
  const run = async (rows: OrderRow[], clear?: () => void) => {
    try {
      await checkIn.mutateAsync({ ids: rows.map((r) => r.id) });
      message.success(t('done', { action: t('action.checkIn') }));
      clear?.();
    } catch (error) {
      showApiError(error, t('failed', { action: t('action.checkIn') }), message.error);
    }
  };
  const canCheck = (r: OrderRow) => r.status === 1 && !r.checkedInAt;
  return (
    <div className="wo-page" data-testid="orders-check">
      <Header
        title={t('title.check')}
        extra={<Typography.Text type="secondary">{t('today', { date: clinicTodayText() })}</Typography.Text>}
      />
      <Space wrap>
        <Radio.Group value={who} onChange={(e) => setWho(e.target.value)} optionType="button">
          {(['master', 'doctor', 'therapist'] as const).map((w) => (
            <Radio.Button key={w} value={w}>
              {t(`who.${w}`)}
            </Radio.Button>
          ))}
        </Radio.Group>
        <Radio.Group value={checked} onChange={(e) => setChecked(e.target.value)} optionType="button">
          <Radio.Button value="all">{t('filter.all')}</Radio.Button>
          <Radio.Button value="0">{t('checkedState.0')}</Radio.Button>
          <Radio.Button value="1">{t('checkedState.1')}</Radio.Button>
        </Radio.Group>
      </Space>
      <OrderList
        key={`${who}-${checked}`}
        testId="orders-today"
        list={list}
        fixed={fixed}
        show={{ range: false }}
        hideColumns={['date', 'completedAt']}
        extraColumns={[
          {
            key: 'checkedIn',
            title: t('col.checkedIn'),
            width: 130,
            render: (_, r) =>
              r.checkedInAt ? (
                <Tag color="green">{dayjs(r.checkedInAt).format('HH:mm')}</Tag>
              ) : (
                <Tag>{t('checkedState.0')}</Tag>
              ),
          },
        ]}
        rowActions={(r) => (
          <Space size={4}>
            {mayCheck && (
              <KeyboardPopconfirm
                title={t('confirm.checkIn')}
                onConfirm={() => run([r])}
                okButtonProps={{ 'data-testid': 'confirm-ok' } as never}
              >
                <Button size="small" type="primary" disabled={!canCheck(r)} data-testid={`checkin-${r.id}`}>
                  {t('action.checkIn')}
                </Button>
              </KeyboardPopconfirm>
            )}
          </Space>
        )}
        extraBatch={(selected, clear) =>
          mayCheck && (
            <Button disabled={!selected.length || !selected.every(canCheck)} onClick={() => run(selected, clear)}>
              {t('action.batchCheckIn')}
            </Button>
          )
        }
      />
    </div>
  );
}

/** /signature/list: completed orders the patient has not signed yet. */
export function SignatureListPage() {
  const { t } = useTranslation('orders');
  const navigate = useNavigate();
  const fixed = useMemo(() => ({ status: 3, signed: 0 }), []);
  return (
    <div className="wo-page" data-testid="signature-list">
      <Header
        title={t('title.signList')}
        extra={<Typography.Text type="secondary">{t('signListHint')}</Typography.Text>}
      />
      <OrderList
        testId="signature-orders"
        list={workOrdersEndpoints.list}
        fixed={fixed}
        selectable={false}
        hideColumns={['signed']}
        rowActions={(r) => (
          <Button
            size="small"
            type="primary"
            data-testid={`go-sign-${r.id}`}
            onClick={() =>
              navigate(
                href(paths.signatureGoSign, { patientName: r.patientName, currentPatientCardId: r.cardNo, id: r.id }),
              )
            }
          >
            {t('action.goSign')}
          </Button>
        )}
      />
    </div>
  );
}

/** /signature/goSign/:patientName/:currentPatientCardId/:id: the patient signs one order on the pad. */
export function GoSignPage() {
  const { t } = useTranslation('orders');
  const navigate = useNavigate();
  const { patientName = '', currentPatientCardId = '', id } = useParams();
  const order = useOrderDetail(Number(id) || 0);
  // the pad opens by itself for an order waiting for its signature; closing it leaves the button to reopen it
  const [chosen, setOpen] = useState<boolean | null>(null);
  const open = chosen ?? Boolean(order.data && !order.data.signed && order.data.status === 3);
  return (
    <div className="wo-page" data-testid="go-sign">
      <Header
        title={t('title.goSign')}
        extra={<Button onClick={() => navigate('/signature/list')}>{t('action.back')}</Button>}
      />
      <Card loading={order.isLoading}>
        {order.isError && <Typography.Text type="danger">{t('detail.notFound')}</Typography.Text>}
        {order.data && (
          <Space direction="vertical">
            <Typography.Text strong>
              {patientName} · {currentPatientCardId}
            </Typography.Text>
            <Typography.Text>
              {order.data.treatDate} · {order.data.projectName} · <Tag>{t(`status.${order.data.status}`)}</Tag>
              {order.data.signed && <Tag color="green">{t('signedState.1')}</Tag>}
            </Typography.Text>
            <Button
              type="primary"
              disabled={order.data.signed || order.data.status !== 3}
              onClick={() => setOpen(true)}
            >
              {t('action.sign')}
            </Button>
          </Space>
        )}
      </Card>
      {order.data && (
        <SignatureDialog
          orders={[order.data]}
          open={open}
          onClose={() => setOpen(false)}
          onDone={() => navigate('/signature/list')}
        />
      )}
    </div>
  );
}
