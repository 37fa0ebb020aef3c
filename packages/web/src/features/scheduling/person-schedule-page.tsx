import { useState } from 'react';
import { Alert, Card, DatePicker, Empty, Space, Spin, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useSession } from '../../lib/session';
import { clinicToday } from '../../lib/clinic-day';
import { useScheduleView, useSelector } from './api';
import { SlotRow } from './scheduling-view-page';
import './scheduling.css';
import { FilterSelect } from '../../components/filter-select';

/**
 * One person's schedule of a day: `/schedule/therapist` is the signed-in therapist's own, `/schedule/therapist/master`
 * any therapist's (chosen), `/schedule/patient` a patient's. Every booked work order, executed or not.
 */
export function PersonSchedulePage({ kind }: { kind: 'therapist' | 'patient' }) {
  const { t } = useTranslation('scheduling');
  const { master } = useParams();
  const { user } = useSession();
  const [date, setDate] = useState<Dayjs>(() => clinicToday());
  const day = date.format('YYYY-MM-DD');
  const choose = kind === 'patient' || Boolean(master);
  const [chosen, setChosen] = useState<number | undefined>();
  const options = useSelector(kind === 'patient' ? 2 : 4, day, choose);
  const personId = choose ? chosen : user?.id;
  const view = useScheduleView(
    true,
    { date: day, executeStatus: 2, ...(kind === 'patient' ? { patientId: personId } : { therapistId: personId }) },
    Boolean(personId),
  );
  const title =
    kind === 'patient' ? t('person.patientTitle') : master ? t('person.allTherapistsTitle') : t('person.myTitle');
  const list = (options.data ?? []).map((o) =>
    kind === 'patient'
      ? { value: o.patientId!, label: o.patientName! }
      : { value: o.therapistId!, label: o.therapistName! },
  );
  const entries = (view.data?.list ?? []).filter((e) => e.referral.length > 0);
  return (
    <Card
      title={title}
      extra={
        <Space wrap>
          {choose && (
            <FilterSelect
              showSearch
              allowClear
              optionFilterProp="label"
              style={{ width: 180 }}
              placeholder={kind === 'patient' ? t('view.patient') : t('view.therapist')}
              options={list}
              value={chosen}
              onChange={(v?: number) => setChosen(v)}
              data-testid="person-select"
            />
          )}
          <DatePicker value={date} onChange={(d) => d && setDate(d)} allowClear={false} />
        </Space>
      }
      data-testid="person-schedule"
    >
      {!personId ? (
        <Empty description={kind === 'patient' ? t('person.pickPatient') : t('person.pickTherapist')} />
      ) : view.isError ? (
        <Alert type="error" showIcon message={t('view.loadFailed')} />
      ) : view.isPending ? (
        <Spin />
      ) : entries.length === 0 ? (
        <Empty description={t('person.nothing')} />
      ) : (
        <div className="sv-slots">
          <Typography.Text type="secondary">{t('view.notice')}</Typography.Text>
          {entries.map((entry) => (
            <SlotRow key={entry.id} entry={entry} showEquipment showTeam />
          ))}
        </div>
      )}
    </Card>
  );
}
