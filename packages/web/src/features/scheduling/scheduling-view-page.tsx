import { memo, useEffect, useMemo, useState } from 'react';
import { Alert, Button, Checkbox, Empty, Radio, Result, Select, Space, Spin, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { DONE_CARD_STATUSES, type ScheduleCard, type ScheduleEntry } from '@rehab/shared';
import { api } from '../../lib/api';
import { paths } from '../../lib/paths';
import { session, useSession } from '../../lib/session';
import { scheduleViewFilter, useScheduleView, useSelector, type SelectorOption } from './api';
import { startHisTokenRefresh, storeHisToken } from './his-token';
import './scheduling.css';

type Filters = { patientId?: number; projectId?: number; equipmentId?: number; therapistId?: number };

const optionsOf = (list: SelectorOption[] | undefined, id: keyof SelectorOption, name: keyof SelectorOption) =>
  (list ?? []).map((o) => ({ value: o[id] as number, label: String(o[name] ?? '') }));

/**
 * The schedule view (/schedulingView/:master?, spec section 2), without the sidebar. Without `master` the project
 * view, with it the equipment-and-therapist view. Filters: patient and project, or patient, equipment and therapist;
 * execution status (2 all, 0 not executed, 1 executed; default 0); show therapist group and show equipment (both on).
 * Only scheduled work orders are listed; done cards (status 3 and 5) are orange. `his=true` is the hospital-system
 * embedded mode, which refreshes its token every 650,000 ms.
 */
export function SchedulingViewPage() {
  const { t } = useTranslation('scheduling');
  const { master } = useParams();
  const isMaster = Boolean(master);
  const [search] = useSearchParams();
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
    return startHisTokenRefresh({
      userId: hisUserId,
      post: (body) => api.post<{ token: string }>('/sys/ssoLogin', body),
      onToken: (next) => {
        storeHisToken(next);
        session.update({ token: next });
      },
    });
  }, [his, hisUserId, token]);

  // master mode fetches types 2, 3, 4; project mode types 1 and 2 (spec section 7)
  const patients = useSelector(2, undefined, ready);
  const projects = useSelector(1, undefined, ready && !isMaster);
  const equipment = useSelector(3, undefined, ready && isMaster);
  const therapists = useSelector(4, undefined, ready && isMaster);

  const query = useMemo(
    () => scheduleViewFilter(isMaster, filters, executeStatus, showTeam),
    [filters, executeStatus, showTeam, isMaster],
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
    <Select
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
        <Typography.Text type="secondary">{view.data?.date}</Typography.Text>
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

// Ant Design's man and woman outlined glyphs, drawn inline: an icon component per card costs more than the card
const MAN_PATH =
  'M874 120H622c-3.3 0-6 2.7-6 6v56c0 3.3 2.7 6 6 6h160.4L583.1 387.3c-50-38.5-111-59.3-175.1-59.3-76.9 0-149.3 30-203.6 84.4S120 539.1 120 616s30 149.3 84.4 203.6C258.7 874 331.1 904 408 904s149.3-30 203.6-84.4C666 765.3 696 692.9 696 616c0-64.1-20.8-124.9-59.2-174.9L836 241.9V402c0 3.3 2.7 6 6 6h56c3.3 0 6-2.7 6-6V150c0-16.5-13.5-30-30-30zM408 828c-116.9 0-212-95.1-212-212s95.1-212 212-212 212 95.1 212 212-95.1 212-212 212z';
const WOMAN_PATH =
  'M712.8 548.8c53.6-53.6 83.2-125 83.2-200.8 0-75.9-29.5-147.2-83.2-200.8C659.2 93.6 587.8 64 512 64s-147.2 29.5-200.8 83.2C257.6 200.9 228 272.1 228 348c0 63.8 20.9 124.4 59.4 173.9 7.3 9.4 15.2 18.3 23.7 26.9 8.5 8.5 17.5 16.4 26.8 23.7 39.6 30.8 86.3 50.4 136.1 57V736H360c-4.4 0-8 3.6-8 8v60c0 4.4 3.6 8 8 8h114v140c0 4.4 3.6 8 8 8h60c4.4 0 8-3.6 8-8V812h114c4.4 0 8-3.6 8-8v-60c0-4.4-3.6-8-8-8H550V629.5c61.5-8.2 118.2-36.1 162.8-80.7zM512 556c-55.6 0-107.7-21.6-147.1-60.9C325.6 455.8 304 403.6 304 348s21.6-107.7 60.9-147.1C404.2 161.5 456.4 140 512 140s107.7 21.6 147.1 60.9C698.4 240.2 720 292.4 720 348s-21.6 107.7-60.9 147.1C619.7 534.4 567.6 556 512 556z';

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
    <div className={`sv-slot sv-slot-${entry.status}`} data-testid="sv-slot">
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
        <svg
          className={male ? 'sv-male' : 'sv-female'}
          role="img"
          aria-label={male ? texts.male : texts.female}
          viewBox="64 64 896 896"
          width="1em"
          height="1em"
          fill="currentColor"
        >
          <path d={male ? MAN_PATH : WOMAN_PATH} />
        </svg>
        {card.bedNumber && <span className="sv-card-bed">{texts.bedBefore + card.bedNumber + texts.bedAfter}</span>}
        {done && <span className="sv-tag sv-tag-orange sv-card-done-tag">{texts.done}</span>}
      </div>
      <div className="sv-card-project">{card.projectName}</div>
      {showEquipment && card.equipmentName && <div className="sv-card-line">{card.equipmentName}</div>}
      <div className="sv-card-line">
        {card.therapistName}
        {showTeam && card.treatmentTeamName ? ` · ${card.treatmentTeamName}` : ''}
      </div>
    </div>
  );
});
