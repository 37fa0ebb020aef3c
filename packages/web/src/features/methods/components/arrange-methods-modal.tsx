import { useState } from 'react';
import { App, Button, Checkbox, List, Modal, Space, Spin, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { MethodRow } from '@rehab/shared';
import { showApiError } from '../../../lib/form-errors';
import { useAllMethods, useUpdateProjects } from '../api/methods';

type Item = { id: number; abbr: string; name: string; on: boolean };

/**
 * Sets at once which assessment methods are in use and their order: ticked methods
 * are enabled and numbered in the order shown, the others are disabled and follow.
 */
export function ArrangeMethodsModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation('methods');
  const en = i18n.language === 'en';
  const { message } = App.useApp();
  const all = useAllMethods(open);
  const update = useUpdateProjects();
  const [items, setItems] = useState<Item[] | null>(null);
  const [loadedFrom, setLoadedFrom] = useState<MethodRow[] | undefined>(undefined);

  // start from the server's list each time it arrives (the dialog opened again)
  if (all.data !== loadedFrom) {
    setLoadedFrom(all.data);
    setItems(
      all.data
        ? [...all.data]
            .sort((a, b) => b.status - a.status || (a.sort ?? 0) - (b.sort ?? 0) || a.id - b.id)
            .map((m) => ({ id: m.id, abbr: m.abbr, name: en ? m.nameEn : m.name, on: m.status === 1 }))
        : null,
    );
  }

  const move = (index: number, by: -1 | 1) =>
    setItems((list) => {
      if (!list) return list;
      const next = [...list];
      const [item] = next.splice(index, 1);
      next.splice(index + by, 0, item!);
      return next;
    });
  const toggle = (id: number, on: boolean) =>
    setItems((list) => list && list.map((m) => (m.id === id ? { ...m, on } : m)));

  const handleOk = async () => {
    if (!items) return;
    const action = t('arrange');
    try {
      await update.mutateAsync(items.filter((m) => m.on).map((m) => m.id));
      message.success(t('common:status.success', { action }));
      onClose();
    } catch (error) {
      showApiError(error, t('common:status.failure', { action }), message.error);
    }
  };

  return (
    <Modal
      open={open}
      title={t('arrange')}
      onOk={() => void handleOk()}
      onCancel={onClose}
      okText={t('common:action.save')}
      cancelText={t('common:action.cancel')}
      confirmLoading={update.isPending}
      okButtonProps={{ disabled: !items, 'data-testid': 'arrange-save' } as never}
      width={560}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('arrangeHint')}</Typography.Paragraph>
      {!items ? (
        <Spin />
      ) : (
        <List
          size="small"
          bordered
          className="methods-arrange-list"
          dataSource={items}
          data-testid="arrange-list"
          renderItem={(m, index) => (
            <List.Item
              actions={[
                <Button
                  key="up"
                  size="small"
                  type="text"
                  icon={<ArrowUpOutlined />}
                  disabled={index === 0}
                  aria-label={t('moveUp', { name: m.name })}
                  onClick={() => move(index, -1)}
                />,
                <Button
                  key="down"
                  size="small"
                  type="text"
                  icon={<ArrowDownOutlined />}
                  disabled={index === items.length - 1}
                  aria-label={t('moveDown', { name: m.name })}
                  onClick={() => move(index, 1)}
                />,
              ]}
            >
              <Space>
                <Checkbox checked={m.on} onChange={(e) => toggle(m.id, e.target.checked)} aria-label={m.name} />
                <Typography.Text strong>{m.abbr}</Typography.Text>
                <Typography.Text type={m.on ? undefined : 'secondary'}>{m.name}</Typography.Text>
              </Space>
            </List.Item>
          )}
        />
      )}
    </Modal>
  );
}
