import { useCallback, useMemo, useState } from 'react';
import { Alert, App, Button, Drawer, Empty, Input, Space, Table, Tag, Typography } from 'antd';
import { KeyboardPopconfirm } from '../../components/keyboard-popconfirm';
import type { ColumnsType } from 'antd/es/table';
import { EyeOutlined, PlusOutlined, SettingOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { CameraPerm, WALL_MAX_PLAYING, type CameraRow, type CameraViewRow } from '@rehab/shared';
import { showApiError } from '../../lib/form-errors';
import { usePermission } from '../../lib/session';
import { useAddGroup, useCameraGroups, useCameras, useDeleteCamera, useDeleteGroup, useViews } from './api';
import { CameraFormModal } from './camera-form-modal';
import { CameraTile } from './camera-tile';
import { FilterSelect } from '../../components/filter-select';

/**
 * The camera wall (/DasEquipment/camera): the organization's cameras by group as 330x250 players. Only tiles on
 * screen play, at most WALL_MAX_PLAYING at once (the others say they wait); administrators keep the registry and
 * groups in a drawer and read who watched what.
 */
export function CameraWallPage() {
  const { t } = useTranslation('camera');
  const { message } = App.useApp();
  const can = usePermission();
  const [groupId, setGroupId] = useState<number | undefined>();
  const [visible, setVisible] = useState<ReadonlySet<number>>(new Set());
  const [manage, setManage] = useState(false);
  const [viewsOpen, setViewsOpen] = useState(false);
  const [form, setForm] = useState<{ open: boolean; row: CameraRow | null }>({ open: false, row: null });
  const [groupName, setGroupName] = useState('');
  const cameras = useCameras({ page: 1, limit: 100, ...(groupId ? { groupId } : {}) });
  const groups = useCameraGroups();
  const views = useViews(viewsOpen);
  const removeCamera = useDeleteCamera();
  const addGroup = useAddGroup();
  const removeGroup = useDeleteGroup();
  const canManage = can(CameraPerm.save) || can(CameraPerm.update) || can(CameraPerm.delete) || can(CameraPerm.group);

  const wall = useMemo(() => (cameras.data?.list ?? []).filter((c) => c.enabled), [cameras.data]);
  const onVisible = useCallback((id: number, on: boolean) => {
    setVisible((prev) => {
      if (prev.has(id) === on) return prev;
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  const playing = useMemo(
    () =>
      new Set(
        wall
          .filter((c) => visible.has(c.id))
          .slice(0, WALL_MAX_PLAYING)
          .map((c) => c.id),
      ),
    [wall, visible],
  );

  // the form opens over the wall: the drawer closes first (a dialog under a drawer cannot be reached)
  const openForm = (row: CameraRow | null) => {
    setManage(false);
    setForm({ open: true, row });
  };

  const run = async (action: string, work: () => Promise<unknown>) => {
    try {
      await work();
      message.success(t('common:status.success', { action }));
    } catch (error) {
      showApiError(error, t('common:status.failure', { action }), message.error);
    }
  };

  const columns: ColumnsType<CameraRow> = [
    { key: 'name', title: t('col.name'), dataIndex: 'name' },
    { key: 'group', title: t('col.group'), render: (_, r) => r.groupName ?? '—' },
    {
      key: 'where',
      title: t('col.location'),
      render: (_, r) => [r.officeName, r.location].filter(Boolean).join(' · '),
    },
    {
      key: 'protocol',
      title: t('col.protocol'),
      render: (_, r) => (
        <Space size={4}>
          <Tag>{t(`protocol.${r.protocol}`)}</Tag>
          <Tag color={r.codec === 'h265' ? 'orange' : 'default'}>{t(`codec.${r.codec}`)}</Tag>
          {r.ptz && <Tag>PTZ</Tag>}
          {r.privacy && <Tag color="gold">{t('privacy')}</Tag>}
        </Space>
      ),
    },
    { key: 'path', title: t('col.gatewayPath'), dataIndex: 'gatewayPath' },
    {
      key: 'actions',
      title: t('col.actions'),
      render: (_, r) => (
        <Space size={0}>
          {can(CameraPerm.update) && (
            <Button type="link" size="small" onClick={() => openForm(r)}>
              {t('common:action.edit')}
            </Button>
          )}
          {can(CameraPerm.delete) && (
            <KeyboardPopconfirm
              title={t('deleteConfirm', { name: r.name })}
              onConfirm={() => run(t('delete'), () => removeCamera.mutateAsync({ params: { id: r.id } }))}
            >
              <Button type="link" size="small" danger>
                {t('common:action.delete')}
              </Button>
            </KeyboardPopconfirm>
          )}
        </Space>
      ),
    },
  ];
  const viewColumns: ColumnsType<CameraViewRow> = [
    { key: 'user', title: t('views.user'), dataIndex: 'userName' },
    { key: 'camera', title: t('views.camera'), dataIndex: 'cameraName' },
    { key: 'from', title: t('views.from'), render: (_, r) => dayjs(r.from).format('MM-DD HH:mm:ss') },
    { key: 'to', title: t('views.to'), render: (_, r) => (r.to ? dayjs(r.to).format('MM-DD HH:mm:ss') : '—') },
  ];

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }} data-testid="camera-wall">
      <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('title')}
        </Typography.Title>
        <Space wrap>
          <FilterSelect
            allowClear
            placeholder={t('allGroups')}
            style={{ width: 180 }}
            value={groupId}
            onChange={setGroupId}
            options={(groups.data ?? []).map((g) => ({ value: g.id, label: `${g.name} (${g.cameraCount})` }))}
            data-testid="camera-group-filter"
          />
          {can(CameraPerm.views) && (
            <Button icon={<EyeOutlined />} onClick={() => setViewsOpen(true)} data-testid="camera-views">
              {t('views.title')}
            </Button>
          )}
          {canManage && (
            <Button icon={<SettingOutlined />} onClick={() => setManage(true)} data-testid="camera-manage">
              {t('manage')}
            </Button>
          )}
        </Space>
      </Space>
      <Typography.Text type="secondary">{t('capNote', { max: WALL_MAX_PLAYING })}</Typography.Text>
      {cameras.isError && <Alert type="error" showIcon title={t('loadFailed')} description={cameras.error.message} />}
      {wall.length === 0 && !cameras.isLoading ? (
        <Empty description={t('empty')} />
      ) : (
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12 }}>
          {wall.map((c) => (
            <CameraTile key={c.id} camera={c} active={playing.has(c.id)} onVisible={onVisible} />
          ))}
        </div>
      )}

      <Drawer open={manage} onClose={() => setManage(false)} title={t('manage')} width={960}>
        {can(CameraPerm.group) && (
          <div style={{ marginBottom: 16 }}>
            <Typography.Title level={5}>{t('groups')}</Typography.Title>
            <Space wrap>
              {(groups.data ?? []).map((g) => (
                <Tag
                  key={g.id}
                  closable
                  onClose={(e) => {
                    e.preventDefault();
                    void run(t('groupDelete'), () => removeGroup.mutateAsync({ params: { id: g.id } }));
                  }}
                >
                  {g.name} ({g.cameraCount})
                </Tag>
              ))}
              <Space.Compact>
                <Input
                  maxLength={30}
                  value={groupName}
                  onChange={(e) => setGroupName(e.target.value)}
                  placeholder={t('groupName')}
                  style={{ width: 160 }}
                  data-testid="camera-group-name"
                />
                <Button
                  disabled={!groupName.trim()}
                  onClick={() =>
                    run(t('groupAdd'), async () => {
                      await addGroup.mutateAsync({ body: { name: groupName.trim(), orderNum: 0 } });
                      setGroupName('');
                    })
                  }
                  data-testid="camera-group-add"
                >
                  {t('groupAdd')}
                </Button>
              </Space.Compact>
            </Space>
          </div>
        )}
        <Space style={{ marginBottom: 8, justifyContent: 'space-between', width: '100%' }}>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('cameras')}
          </Typography.Title>
          {can(CameraPerm.save) && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm(null)} data-testid="camera-add">
              {t('add')}
            </Button>
          )}
        </Space>
        <Table<CameraRow>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={cameras.data?.list ?? []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          data-testid="camera-table"
        />
      </Drawer>
      <Drawer open={viewsOpen} onClose={() => setViewsOpen(false)} title={t('views.title')} width={640}>
        <Table<CameraViewRow>
          rowKey="id"
          size="small"
          columns={viewColumns}
          dataSource={views.data?.list ?? []}
          loading={views.isLoading}
          pagination={false}
          data-testid="camera-view-table"
        />
      </Drawer>
      <CameraFormModal
        row={form.row}
        open={form.open}
        groups={groups.data ?? []}
        onClose={() => setForm((f) => ({ ...f, open: false }))}
      />
    </div>
  );
}
