import { useMemo, useState } from 'react';
import { App, Button, Card, Form, Input, Select, Space, Switch, Table, Tabs, Tag, Typography } from 'antd';
import { KeyboardPopconfirm } from '../../components/keyboard-popconfirm';
import { CrownOutlined, PlusOutlined, StarFilled } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import {
  filterTherapistRows,
  teamFieldSchemas,
  teamNameSchema,
  TeamPerm,
  workloadEndpoints,
  type TeamRow,
  type TherapistRow,
} from '@rehab/shared';
import { ExportButton } from '../../components/export-button';
import { FormModal } from '../../components/form-modal';
import { useTablePaging } from '../../components/use-table-paging';
import { useOrgDictionary } from '../../lib/dictionaries';
import { downloadEndpoint } from '../../lib/endpoints';
import { zodRule } from '../../lib/form-rules';
import { usePermission } from '../../lib/session';
import {
  useDeleteTeam,
  useSaveTeam,
  useTeamOptions,
  useTeams,
  useTherapists,
  useTreatingStaff,
  type TeamSearch,
} from './api';
import { PostTag } from './common';
import './workload.css';
import { FilterSelect } from '../../components/filter-select';

type Values = {
  name: string;
  nameEn?: string;
  officeId?: number | null;
  memberIds: number[];
  defaultFor: number[];
  leaderId?: number | null;
  status: boolean;
  remark?: string;
};

/** Therapists: who works here, in which groups (default group starred, leader crowned), and today's post. */
function TherapistsTab() {
  const { t } = useTranslation('workload');
  const therapists = useTherapists();
  const teams = useTeamOptions();
  const [teamId, setTeamId] = useState<number>();
  const [keyword, setKeyword] = useState('');
  const filters = useMemo(() => ({ teamId, keyword: keyword || undefined }), [teamId, keyword]);
  const rows = useMemo(() => filterTherapistRows(therapists.data ?? [], filters), [therapists.data, filters]);
  const clocked = (therapists.data ?? []).filter((r) => r.clockIn).length;
  const columns: ColumnsType<TherapistRow> = [
    { title: t('therapist'), dataIndex: 'name', width: 120 },
    { title: t('phone'), dataIndex: 'phone', width: 130 },
    { title: t('offices'), key: 'offices', width: 180, render: (_, r) => r.offices.join(t('listJoin')) || '-' },
    {
      title: t('groupsOf'),
      key: 'teams',
      render: (_, r) =>
        r.teams.length ? (
          r.teams.map((x) => (
            <Tag key={x.id} color={x.isDefault ? 'blue' : undefined}>
              {x.isDefault && <StarFilled aria-label={t('defaultGroup')} />} {x.name}
              {x.leader && <CrownOutlined style={{ marginInlineStart: 4 }} aria-label={t('leader')} />}
            </Tag>
          ))
        ) : (
          <Typography.Text type="secondary">{t('noGroup')}</Typography.Text>
        ),
    },
    { title: t('todayPost'), key: 'post', width: 200, render: (_, r) => <PostTag clockIn={r.clockIn} /> },
    {
      title: t('todayOrders'),
      key: 'today',
      width: 150,
      render: (_, r) => t('todayOrdersValue', { completed: r.today.completed, unfinished: r.today.unfinished }),
    },
  ];
  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('searchTherapist')}
          style={{ width: 220 }}
          onSearch={(v) => setKeyword(v.trim())}
          maxLength={64}
        />
        <FilterSelect
          allowClear
          placeholder={t('allGroups')}
          style={{ width: 180 }}
          value={teamId}
          onChange={setTeamId}
          options={(teams.data ?? []).map((x) => ({ value: x.id, label: x.name }))}
        />
        <ExportButton
          download={() => downloadEndpoint(workloadEndpoints.therapistsExport, { query: filters })}
          fallbackName={`${t('therapists.title')}.xlsx`}
          testId="therapists-export"
        />
        <Typography.Text type="secondary">
          {t('therapistSummary', { count: therapists.data?.length ?? 0, clocked })}
        </Typography.Text>
      </Space>
      <Table<TherapistRow>
        rowKey="userId"
        size="middle"
        loading={therapists.isLoading}
        columns={columns}
        dataSource={rows}
        pagination={rows.length > 20 ? { pageSize: 20 } : false}
        scroll={{ x: 1000 }}
        locale={{ emptyText: therapists.isError ? t('common:error.loadFailed') : t('noTherapists') }}
        data-testid="therapist-table"
      />
    </>
  );
}

/** Therapist groups: search, add, edit (members, each member's default group, leader, department), delete. */
function GroupsTab() {
  const { t, i18n } = useTranslation('workload');
  const en = i18n.language === 'en';
  const { message } = App.useApp();
  const can = usePermission();
  const [search, setSearch] = useState<TeamSearch>({});
  const { page, limit, setPage, pagination } = useTablePaging();
  const teams = useTeams(search, page, limit);
  const staff = useTreatingStaff();
  const offices = useOrgDictionary('office');
  const save = useSaveTeam();
  const remove = useDeleteTeam();
  const [editing, setEditing] = useState<TeamRow | 'new' | null>(null);
  const [form] = Form.useForm<Values>();
  const [searchForm] = Form.useForm<TeamSearch>();
  const memberIds = Form.useWatch('memberIds', form) ?? [];
  const roleName = (roleId: number) => t(`role.${roleId}`);
  const staffName = new Map((staff.data ?? []).map((s) => [s.userId, s.name]));
  const memberOptions = memberIds.map((id) => ({ value: id, label: staffName.get(id) ?? String(id) }));

  const open = (row: TeamRow | 'new') => {
    setEditing(row);
    form.resetFields();
    if (row === 'new') form.setFieldsValue({ memberIds: [], defaultFor: [], status: true });
    else
      form.setFieldsValue({
        name: row.name,
        nameEn: row.nameEn,
        officeId: row.officeId,
        memberIds: row.members.map((m) => m.userId),
        defaultFor: row.members.filter((m) => m.isDefault).map((m) => m.userId),
        leaderId: row.leaderId,
        status: row.status === 1,
        remark: row.remark ?? '',
      });
  };

  const columns: ColumnsType<TeamRow> = [
    {
      title: t('groupName'),
      dataIndex: 'name',
      width: 160,
      render: (_, r) => (en && r.nameEn) || r.name,
    },
    { title: t('nameEn'), dataIndex: 'nameEn', width: 180, render: (v: string) => v || '-' },
    { title: t('office'), dataIndex: 'officeName', width: 140, render: (v: string | null) => v ?? '-' },
    { title: t('leader'), dataIndex: 'leaderName', width: 110, render: (v: string | null) => v ?? '-' },
    {
      title: t('members'),
      key: 'members',
      render: (_, r) =>
        r.members.map((m) => (
          <Tag key={m.userId} color={m.isDefault ? 'blue' : undefined}>
            {m.isDefault && <StarFilled />} {m.name}
          </Tag>
        )),
    },
    {
      title: t('status'),
      dataIndex: 'status',
      width: 90,
      render: (s: number) => (s === 1 ? <Tag color="green">{t('enabled')}</Tag> : <Tag>{t('disabled')}</Tag>),
    },
    { title: t('remark'), dataIndex: 'remark', width: 120, render: (v: string | null) => v ?? '' },
    {
      title: t('actions'),
      key: 'actions',
      width: 150,
      render: (_, r) => (
        <Space size={4} style={{ whiteSpace: 'nowrap' }}>
          {can(TeamPerm.update) && (
            <Button type="link" size="small" onClick={() => open(r)} data-testid={`team-edit-${r.id}`}>
              {t('common:action.edit')}
            </Button>
          )}
          {can(TeamPerm.delete) && (
            <KeyboardPopconfirm
              title={t('deleteConfirm', { name: r.name })}
              onConfirm={async () => {
                try {
                  await remove.mutateAsync(r.id);
                  message.success(t('common:status.success', { action: t('common:action.delete') }));
                } catch (error) {
                  message.error(error instanceof Error ? error.message : t('common:status.failure', { action: '' }));
                }
              }}
            >
              <Button type="link" size="small" danger data-testid={`team-delete-${r.id}`}>
                {t('common:action.delete')}
              </Button>
            </KeyboardPopconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <Form
        form={searchForm}
        name="team-search"
        layout="inline"
        style={{ marginBottom: 16, rowGap: 8 }}
        onFinish={(v) => {
          setSearch({ name: v.name?.trim() || undefined, status: v.status, officeId: v.officeId });
          setPage(1);
        }}
      >
        <Form.Item name="name">
          <Input allowClear placeholder={t('groupName')} style={{ width: 200 }} maxLength={50} />
        </Form.Item>
        <Form.Item name="officeId">
          <FilterSelect
            allowClear
            placeholder={t('office')}
            style={{ width: 160 }}
            options={(offices.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
          />
        </Form.Item>
        <Form.Item name="status">
          <FilterSelect
            allowClear
            placeholder={t('status')}
            style={{ width: 110 }}
            options={[
              { value: 1, label: t('enabled') },
              { value: 0, label: t('disabled') },
            ]}
          />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('common:action.search')}
          </Button>
          <Button
            onClick={() => {
              searchForm.resetFields();
              setSearch({});
              setPage(1);
            }}
          >
            {t('common:action.reset')}
          </Button>
          {can(TeamPerm.save) && (
            <Button icon={<PlusOutlined />} onClick={() => open('new')} data-testid="team-add">
              {t('addGroup')}
            </Button>
          )}
        </Space>
      </Form>
      <Table<TeamRow>
        rowKey="id"
        size="middle"
        loading={teams.isLoading}
        columns={columns}
        dataSource={teams.data?.list ?? []}
        pagination={pagination(teams.data?.totalCount ?? 0, (total) => t('total', { total }))}
        scroll={{ x: 1000 }}
        locale={{ emptyText: teams.isError ? t('common:error.loadFailed') : t('noGroups') }}
        data-testid="team-table"
      />
      <FormModal
        open={editing !== null}
        title={editing === 'new' ? t('addGroup') : t('editGroup')}
        width={600}
        form={form}
        testId="team"
        pending={save.isPending}
        action={t('common:action.save')}
        onClose={() => setEditing(null)}
        onSubmit={(v) => {
          const body = {
            name: v.name,
            nameEn: v.nameEn ?? '',
            officeId: v.officeId ?? null,
            leaderId: v.leaderId && v.memberIds.includes(v.leaderId) ? v.leaderId : null,
            status: v.status ? 1 : 0,
            remark: v.remark ?? '',
            members: v.memberIds.map((userId) => ({ userId, isDefault: (v.defaultFor ?? []).includes(userId) })),
          };
          return save.mutateAsync(editing && editing !== 'new' ? { id: editing.id, ...body } : body);
        }}
      >
        <Form.Item name="name" label={t('groupName')} required rules={[zodRule(teamNameSchema, t('groupName'))]}>
          <Input
            maxLength={50}
            placeholder={t('common:form.pleaseInput', { label: t('groupName') })}
            data-testid="team-name"
          />
        </Form.Item>
        <Form.Item
          name="nameEn"
          label={t('nameEn')}
          tooltip={t('nameEnHint')}
          rules={[zodRule(teamFieldSchemas.nameEn, t('nameEn'))]}
        >
          <Input maxLength={64} data-testid="team-name-en" />
        </Form.Item>
        <Form.Item name="officeId" label={t('office')}>
          <Select
            allowClear
            placeholder={t('common:form.pleaseSelect', { label: t('office') })}
            options={(offices.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
          />
        </Form.Item>
        <Form.Item name="memberIds" label={t('members')} extra={t('membersHint')}>
          <Select
            mode="multiple"
            allowClear
            optionFilterProp="label"
            loading={staff.isLoading}
            placeholder={t('common:form.pleaseSelect', { label: t('members') })}
            options={(staff.data ?? []).map((s) => ({
              value: s.userId,
              label: t('memberOption', { name: s.name, role: roleName(s.roleId) }),
            }))}
            data-testid="team-members"
            onChange={(ids: number[]) => {
              const keep = (form.getFieldValue('defaultFor') as number[] | undefined)?.filter((x) => ids.includes(x));
              form.setFieldsValue({ defaultFor: keep ?? [] });
              if (!ids.includes(form.getFieldValue('leaderId') as number)) form.setFieldsValue({ leaderId: null });
            }}
          />
        </Form.Item>
        <Form.Item name="defaultFor" label={t('defaultFor')} extra={t('defaultForHint')}>
          <Select mode="multiple" allowClear options={memberOptions} data-testid="team-default" />
        </Form.Item>
        <Form.Item name="leaderId" label={t('leader')}>
          <Select allowClear options={memberOptions} placeholder={t('leaderHint')} data-testid="team-leader" />
        </Form.Item>
        <Space size="large" align="start">
          <Form.Item name="status" label={t('status')} valuePropName="checked">
            <Switch checkedChildren={t('enabled')} unCheckedChildren={t('disabled')} />
          </Form.Item>
          <Form.Item name="remark" label={t('remark')}>
            <Input maxLength={20} style={{ width: 300 }} data-testid="team-remark" />
          </Form.Item>
        </Space>
      </FormModal>
    </>
  );
}

/**
 * Therapist management (/manageTherapist/therapist): two tabs. "Therapists" is the department's roster for the day
 * (departments, groups with the default one starred and the leader crowned, today's post and orders); "Therapist
 * groups" maintains the groups. The roster comes first because it is what a head of department opens every day.
 */
export function TherapistPage() {
  const { t } = useTranslation('workload');
  return (
    <Card title={t('therapists.title')}>
      <Tabs
        items={[
          { key: 'therapists', label: t('therapists.tab'), children: <TherapistsTab /> },
          { key: 'groups', label: t('groups.tab'), children: <GroupsTab /> },
        ]}
      />
    </Card>
  );
}
