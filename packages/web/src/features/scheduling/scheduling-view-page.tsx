import { memo, useEffect, useMemo, useState } from 'react';
import { Alert, Button, Checkbox, DatePicker, Empty, Radio, Result, Space, Spin, Typography } from 'antd';
import { ArrowLeftOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { DONE_CARD_STATUSES, type ScheduleCard, type ScheduleEntry } from '@rehab/shared';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { clinicTodayText } from '../../lib/clinic-day';
import { scheduleViewFilter, useScheduleView, useSelector, viewDay, type SelectorOption } from './api';
import { MasterGrid } from './schedule-grid';
import { refreshHisToken } from '../../lib/his-token';
import './scheduling.css';
import { FilterSelect } from '../../components/filter-select';

type Filters = { patientId?: number; projectId?: number; equipmentId?: number; therapistId?: number };

const optionsOf = (list: SelectorOption[] | undefined, id: keyof SelectorOption, name: keyof SelectorOption) =>
  (list ?? []).map((o) => ({ value: o[id] as number, label: String(o[name] ?? '') }));

/**
 * The schedule view (/schedulingView/:master?, spec section 2), without the sidebar. Without `master` the project
 * view, with it the equipment-and-therapist view: a grid of therapists x time slots and equipment x time slots. The
 * day is `?date=YYYY-MM-DD` (today without), moved by previous/next day, today and a date picker. Filters: patient and project, or patient, equipment and therapist;
 * execution status (2 all, 0 not executed, 1 executed; default 0); show therapist group and show equipment (both on).
 * Only scheduled work orders are listed; done cards (status 3 and 5) are orange. `his=true` is the hospital-system
 * embedded mode, which refreshes its token every 650,000 ms.
 */
export function SchedulingViewPage() {
  const { t } = useTranslation('scheduling');
  const { master } = useParams();
  const isMaster = Boolean(master);
  const [search, setSearch] = useSearchParams();
  const date = viewDay(search.get('date'));
  const today = clinicTodayText();
  const goToDay = (day: string) => {
    const next = new URLSearchParams(search);
    if (day === today) next.delete('date');
    else next.set('date', day);
    setSearch(next, { replace: true });
  };
  const shift = (days: number) => goToDay(dayjs(date).add(days, 'day').format('YYYY-MM-DD'));
  const navigate = useNavigate();
  const { token, organization } = useSession();
  const his = search.get('his') === 'true';
  const hisUserId = Number(search.get('id')) || 0;
  const [filters, setFilters] = useState<Filters>({});
  const [executeStatus, setExecuteStatus] = useState<0 | 1 | 2>(0);
  const [showTeam, setShowTeam] = useState(true);
  const [showEquipment, setShowEquipment] = useState(true);
  const ready = Boolean(token && organization);

  useEffect(() => {
    if (!his || !hisUserId || !token) return;
    return refreshHisToken(hisUserId);
  }, [his, hisUserId, token]);

  // master mode fetches types 2, 3, 4; project mode types 1 and 2 (spec section 7)
  const patients = useSelector(2, date, ready);
  const projects = useSelector(1, date, ready && !isMaster);
  const equipment = useSelector(3, undefined, ready && isMaster);
  const therapists = useSelector(4, undefined, ready && isMaster);

  const query = useMemo(
    () => scheduleViewFilter(isMaster, date, filters, executeStatus, showTeam),
    [filters, executeStatus, showTeam, isMaster, date],
  );
  const view = useScheduleView(isMaster, query, ready);

  const goBack = () => {
    const page = search.get('page');
    if (page && page.startsWith('/')) void navigate(page);
    else void navigate(-1);
  };

  if (!ready) {
    return (
      <div className="sv-page">
        <Result
          status="info"
          title={t('view.signInNeeded')}
          extra={
            <Link to={paths.login}>
              <Button type="primary">{t('view.signIn')}</Button>
            </Link>
          }
        />
      </div>
    );
  }

  const select = (
    key: keyof Filters,
    placeholder: string,
    options: { value: number; label: string }[],
    testId: string,
  ) => (
    <FilterSelect
      allowClear
      showSearch
      optionFilterProp="label"
      style={{ width: 180 }}
      placeholder={placeholder}
      value={filters[key]}
      options={options}
      onChange={(v?: number) => setFilters((f) => ({ ...f, [key]: v }))}
      data-testid={testId}
    />
  );

  return (
    <div className={`sv-page${his ? ' sv-embedded' : ''}`} data-testid="scheduling-view">
      <div className="sv-header">
        <Space size="middle" wrap>
          <Button icon={<ArrowLeftOutlined />} onClick={goBack} data-testid="sv-back">
            {t('view.back')}
          </Button>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {isMaster ? t('view.masterTitle') : t('view.projectTitle')}
          </Typography.Title>
          <Radio.Group
            optionType="button"
            size="small"
            value={isMaster ? 'master' : 'project'}
            onChange={(e) => {
              const next = new URLSearchParams(search);
              void navigate({
                pathname: e.target.value === 'master' ? '/schedulingView/master' : '/schedulingView',
                search: next.toString(),
              });
              setFilters({});
            }}
            options={[
              { value: 'project', label: t('view.projectMode') },
              { value: 'master', label: t('view.masterMode') },
            ]}
          />
        </Space>
        <Space size={4} wrap data-testid="sv-day-nav">
          <Button icon={<LeftOutlined />} onClick={() => shift(-1)} data-testid="sv-prev-day">
            {t('view.prevDay')}
          </Button>
          <DatePicker
            value={dayjs(date)}
            allowClear={false}
            onChange={(d) => d && goToDay(d.format('YYYY-MM-DD'))}
            data-testid="sv-date"
          />
          <Button onClick={() => shift(1)} data-testid="sv-next-day">
            {t('view.nextDay')}
            <RightOutlined />
          </Button>
          <Button type={date === today ? 'primary' : 'default'} onClick={() => goToDay(today)} data-testid="sv-today">
            {t('view.today')}
          </Button>
        </Space>
      </div>
      <div className="sv-filters">
        <Space wrap size={[12, 8]}>
          {select('patientId', t('view.patient'), optionsOf(patients.data, 'patientId', 'patientName'), 'sv-patient')}
          {!isMaster &&
            select('projectId', t('view.project'), optionsOf(projects.data, 'projectId', 'projectName'), 'sv-project')}
          {isMaster &&
            select(
              'equipmentId',
              t('view.equipment'),
              optionsOf(equipment.data, 'equipmentId', 'equipmentName'),
              'sv-equipment',
            )}
          {isMaster &&
            select(
              'therapistId',
              t('view.therapist'),
              optionsOf(therapists.data, 'therapistId', 'therapistName'),
              'sv-therapist',
            )}
          <Space size={4}>
            <Typography.Text>{t('view.executeStatus')}</Typography.Text>
            <span data-testid="sv-execute">
              <Radio.Group
                value={executeStatus}
                onChange={(e) => setExecuteStatus(e.target.value as 0 | 1 | 2)}
                options={[
                  { value: 2, label: t('view.all') },
                  { value: 0, label: t('view.notExecuted') },
                  { value: 1, label: t('view.executed') },
                ]}
              />
            </span>
          </Space>
          <Checkbox checked={showTeam} onChange={(e) => setShowTeam(e.target.checked)} data-testid="sv-show-team">
            {t('view.showTeam')}
          </Checkbox>
          <Checkbox
            checked={showEquipment}
            onChange={(e) => setShowEquipment(e.target.checked)}
            data-testid="sv-show-equipment"
          >
            {t('view.showEquipment')}
          </Checkbox>
        </Space>
      </div>
      <Alert type="info" showIcon message={t('view.notice')} className="sv-notice" data-testid="sv-notice" />
      {view.isError ? (
        <Alert type="error" showIcon message={t('view.loadFailed')} />
      ) : view.isPending ? (
        <div className="sv-loading">
          <Spin />
        </div>
      ) : view.data.list.length === 0 ? (
        <Empty description={t('view.noSlots')} />
      ) : isMaster ? (
        <MasterGrid
          slots={view.data.list}
          therapists={therapists.data ?? []}
          equipment={equipment.data ?? []}
          filters={filters}
          showEquipment={showEquipment}
          showTeam={showTeam}
        />
      ) : (
        <div className="sv-slots">
          {view.data.list.map((entry) => (
            <SlotRow key={entry.id} entry={entry} showEquipment={showEquipment} showTeam={showTeam} />
          ))}
        </div>
      )}
    </div>
  );
}

/** The texts of a card, looked up once per slot rather than once per card (a day has hundreds of cards). */
type CardTexts = { male: string; female: string; done: string; bedBefore: string; bedAfter: string };

/**
 * One time slot with its cards. Plain elements styled by scheduling.css (no Ant Design component per card) and
 * memoized: a filter being typed or a dropdown opening does not render the day's cards again.
 */
export const SlotRow = memo(function SlotRow({
  entry,
  showEquipment,
  showTeam,
}: {
  entry: ScheduleEntry;
  showEquipment: boolean;
  showTeam: boolean;
}) {
  const { t } = useTranslation('scheduling');
  const texts = useMemo<CardTexts>(() => {
    const [bedBefore = '', bedAfter = ''] = t('view.bed', { bed: '\u0001' }).split('\u0001');
    return { male: t('sex.male'), female: t('sex.female'), done: t('view.done'), bedBefore, bedAfter };
  }, [t]);
  return (
    <div
      className={`sv-slot sv-slot-${entry.status}`}
      // rows out of sight are laid out when scrolled to (content-visibility); until then about this tall
      style={{ containIntrinsicHeight: `auto ${64 + Math.ceil(entry.referral.length / 5) * 96}px` }}
      data-testid="sv-slot"
    >
      <div className="sv-slot-time">
        <div className="sv-slot-quantum">{entry.timeQuantum}</div>
        <span className={`sv-tag sv-tag-${entry.status}`}>{t(`slotStatus.${entry.status}`)}</span>
        <div className="sv-slot-count">{t('view.cardCount', { count: entry.referral.length })}</div>
      </div>
      <div className="sv-cards">
        {entry.referral.length === 0 ? (
          <span className="sv-slot-empty">{t('view.slotEmpty')}</span>
        ) : (
          entry.referral.map((card) => (
            <OrderCard key={card.id} card={card} showEquipment={showEquipment} showTeam={showTeam} texts={texts} />
          ))
        )}
      </div>
    </div>
  );
});

const OrderCard = memo(function OrderCard({
  card,
  showEquipment,
  showTeam,
  texts,
}: {
  card: ScheduleCard;
  showEquipment: boolean;
  showTeam: boolean;
  texts: CardTexts;
}) {
  const done = DONE_CARD_STATUSES.includes(card.status);
  const male = card.sex === 0;
  return (
    <div className={`sv-card${done ? ' sv-card-done' : ''}`} data-testid="sv-card" data-status={card.status}>
      <div className="sv-card-head">
        <span className="sv-card-name">{card.patientName}</span>
        <span
          className={male ? 'sv-sex sv-male' : 'sv-sex sv-female'}
          role="img"
          aria-label={male ? texts.male : texts.female}
        />
        {card.bedNumber && <span className="sv-card-bed">{texts.bedBefore + card.bedNumber + texts.bedAfter}</span>}
        {done && <span className="sv-tag sv-tag-orange sv-card-done-tag">{texts.done}</span>}
      </div>
      <div className="sv-card-project">{card.projectName}</div>
      {showEquipment && card.equipmentName && <div className="sv-card-line">{card.equipmentName}</div>}
      <div className="sv-card-line">
        {showTeam && card.treatmentTeamName ? `${card.therapistName} · ${card.treatmentTeamName}` : card.therapistName}
      </div>
    </div>
  );
});
