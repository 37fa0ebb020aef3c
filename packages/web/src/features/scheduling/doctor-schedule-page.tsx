import { useState } from 'react';
import { Card, DatePicker, Space, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { clinicTodayText } from '../../lib/clinic-day';
import { useDoctorSchedule, type DoctorSchedule, type DoctorScheduleRow } from './shifts-api';
import { FilterSelect } from '../../components/filter-select';

const STATUS_COLORS: Record<number, string> = { 1: 'blue', 2: 'default', 3: 'green', 4: 'orange' };

/**
 * The doctor's schedule (/schedule/doctor): the work orders of the chosen day of the patients the signed-in doctor is
 * responsible for (the treatment's doctor), booked ones by slot with project, therapist, equipment and status, and
 * the orders not booked yet apart. A date (today by default) and a patient filter.
 */
export function DoctorSchedulePage() {
  const { t } = useTranslation('scheduling');
  const { t: to } = useTranslation('orders');
  const [date, setDate] = useState(() => clinicTodayText());
  const [patientId, setPatientId] = useState<number | undefined>();
  const q = useDoctorSchedule(date, patientId);
  const status = (v: number) => <Tag color={STATUS_COLORS[v]}>{to(`status.${v}`)}</Tag>;

  return (
    <Card
      title={t('doctor.title')}
      extra={
        <Space wrap>
          <DatePicker
            allowClear={false}
            value={dayjs(date)}
            onChange={(d) => d && setDate(d.format('YYYY-MM-DD'))}
            data-testid="doctor-date"
          />
          <FilterSelect<number>
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder={t('doctor.allPatients')}
            style={{ width: 200 }}
            value={patientId}
            onChange={setPatientId}
            options={(q.data?.patients ?? []).map((p) => ({ value: p.patientId, label: p.patientName }))}
            data-testid="doctor-patient"
          />
        </Space>
      }
    >
      <Typography.Title level={5}>{t('doctor.scheduled')}</Typography.Title>
      <Table<DoctorScheduleRow>
        rowKey="workOrderId"
        size="small"
        loading={q.isFetching}
        dataSource={q.data?.scheduled}
        pagination={false}
        data-testid="doctor-scheduled"
        locale={{ emptyText: t('doctor.noneScheduled') }}
        columns={[
          {
            title: t('doctor.slot'),
            key: 'slot',
            width: 130,
            render: (_, r) => `${r.startTime}-${r.endTime}`,
          },
          { title: t('card.patient'), dataIndex: 'patientName' },
          { title: t('card.bed'), dataIndex: 'bedNo', render: (v: string | null) => v ?? '-' },
          { title: t('card.project'), dataIndex: 'projectName' },
          { title: t('card.therapist'), dataIndex: 'therapistName', render: (v: string | null) => v ?? '-' },
          { title: t('card.equipment'), dataIndex: 'equipmentName', render: (v: string | null) => v ?? '-' },
          { title: t('doctor.status'), dataIndex: 'status', render: status },
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('doctor.unscheduled')}
      </Typography.Title>
      <Table<DoctorSchedule['unscheduled'][number]>
        rowKey="workOrderId"
        size="small"
        loading={q.isFetching}
        dataSource={q.data?.unscheduled}
        pagination={false}
        data-testid="doctor-unscheduled"
        locale={{ emptyText: t('doctor.noneUnscheduled') }}
        columns={[
          { title: t('card.patient'), dataIndex: 'patientName' },
          { title: t('card.bed'), dataIndex: 'bedNo', render: (v: string | null) => v ?? '-' },
          { title: t('card.project'), dataIndex: 'projectName' },
          { title: t('doctor.status'), dataIndex: 'status', render: status },
        ]}
      />
    </Card>
  );
}
