import { useState } from 'react';
import { Button, Card, Form, Input, Segmented, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { MEETING_USER_TYPES, MeetingPerm, meetingsEndpoints, type MeetingListRow } from '@rehab/shared';
import { ExportButton } from '../../components/export-button';
import { useTablePaging } from '../../components/use-table-paging';
import { downloadEndpoint } from '../../lib/endpoints';
import { usePermission } from '../../lib/session';
import { useMeetingList } from './api';
import { ArrangeModal } from './arrange-modal';
import { AttendanceTag, MeetingStatusTag, ReportStatusTag } from './tags';
import { meetingDetailPath, meetingListPath } from './paths';
import './meetings.css';
import { FilterSelect } from '../../components/filter-select';

type Filters = { keyword?: string; status?: number };

/** `/recovery/meeting/list/:userType?`: all meetings of the organization, those I host, take part in or applied for. */
export function MeetingListPage() {
  const { t } = useTranslation('meetings');
  const navigate = useNavigate();
  const can = usePermission();
  const raw = Number(useParams().userType ?? 0);
  const userType = (MEETING_USER_TYPES as number[]).includes(raw) ? raw : 0;
  const [filters, setFilters] = useState<Filters>({});
  const [arranging, setArranging] = useState(false);
  const [form] = Form.useForm<Filters>();
  const { page, limit, setPage, pagination } = useTablePaging();
  const list = useMeetingList({ userType, page, limit, ...filters });

  const columns: ColumnsType<MeetingListRow> = [
    {
      key: 'startTime',
      title: t('field.startTime'),
      width: 140,
      render: (_, r) => dayjs(r.startTime).format('YYYY-MM-DD HH:mm'),
    },
    { key: 'patient', title: t('field.patient'), dataIndex: 'patientName', width: 110 },
    {
      key: 'theme',
      title: t('field.theme'),
      render: (_, r) => (
        <div className="meeting-theme-cell">
          <Link to={meetingDetailPath(r.id)} data-testid={`meeting-link-${r.id}`}>
            {r.theme}
          </Link>
          <Typography.Text type="secondary">{r.location}</Typography.Text>
        </div>
      ),
    },
    { key: 'host', title: t('field.host'), dataIndex: 'hostName', width: 90 },
    {
      key: 'attendance',
      title: t('field.attendance'),
      width: 130,
      render: (_, r) => (
        <Space size={4} wrap>
          <span>{t('counts', { confirmed: r.confirmedCount, total: r.participantCount })}</span>
          {r.leaveCount ? (
            <Typography.Text type="warning">{t('leaveCount', { count: r.leaveCount })}</Typography.Text>
          ) : null}
        </Space>
      ),
    },
    { key: 'status', title: t('field.status'), width: 90, render: (_, r) => <MeetingStatusTag status={r.status} /> },
    {
      key: 'reportStatus',
      title: t('field.reportStatus'),
      width: 130,
      render: (_, r) => <ReportStatusTag status={r.reportStatus} />,
    },
    {
      key: 'mine',
      title: t('field.myAttendance'),
      width: 120,
      render: (_, r) =>
        r.myAttendance === null ? (
          <Typography.Text type="secondary">—</Typography.Text>
        ) : (
          <AttendanceTag value={r.myAttendance} />
        ),
    },
    {
      key: 'actions',
      title: t('field.actions'),
      width: 80,
      fixed: 'right',
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => navigate(meetingDetailPath(r.id))}>
          {t('detail')}
        </Button>
      ),
    },
  ];

  const search = (v: Filters) => {
    setPage(1);
    setFilters({ keyword: v.keyword?.trim() || undefined, status: v.status });
  };

  return (
    <div className="meeting-page" data-testid="meeting-list">
      <Card>
        <div className="meeting-toolbar">
          <Segmented
            value={userType}
            onChange={(v) => {
              setPage(1);
              navigate(meetingListPath(Number(v)));
            }}
            options={MEETING_USER_TYPES.map((v) => ({ value: v, label: t(`tabs.${v}`) }))}
            data-testid="meeting-tabs"
          />
          {can(MeetingPerm.save) ? (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setArranging(true)}
              data-testid="meeting-arrange"
            >
              {t('arrange')}
            </Button>
          ) : null}
        </div>
        <Form form={form} layout="inline" onFinish={search} className="meeting-search">
          <Form.Item name="keyword">
            <Input allowClear placeholder={t('search.keyword')} style={{ width: 220 }} data-testid="meeting-keyword" />
          </Form.Item>
          <Form.Item name="status">
            <FilterSelect
              allowClear
              placeholder={t('search.status')}
              style={{ width: 140 }}
              options={[1, 2, 3].map((s) => ({ value: s, label: t(`status.${s}`) }))}
            />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="meeting-search">
              {t('common:action.search')}
            </Button>
            <Button
              icon={<ReloadOutlined />}
              onClick={() => {
                form.resetFields();
                search({});
              }}
            >
              {t('common:action.reset')}
            </Button>
            <ExportButton
              download={() => downloadEndpoint(meetingsEndpoints.exportList, { body: { userType, ...filters } })}
              fallbackName={`${t('title')}.xlsx`}
              testId="meeting-export"
            />
          </Space>
        </Form>
        <Table
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list.data?.list ?? []}
          loading={list.isFetching}
          scroll={{ x: 1040 }}
          locale={{ emptyText: t('empty') }}
          pagination={pagination(list.data?.totalCount ?? 0)}
          data-testid="meeting-table"
        />
      </Card>
      <ArrangeModal
        open={arranging}
        onClose={() => setArranging(false)}
        onSaved={(id) => navigate(meetingDetailPath(id))}
      />
    </div>
  );
}
