import { useState } from 'react';
import { App, Button, Card, Descriptions, Input, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ReferralPerm, TREAT_RECORD_MAX } from '@rehab/shared';
import { showApiError } from '../../lib/form-errors';
import { usePermission, useSession } from '../../lib/session';
import { useComboBox, useTreatRecord, useTreatmentEquipment, type OrderDetail } from './api';

/**
 * The treatment of an order: the equipment used (TreatmentEquipment, while the order is unfinished or completed) and
 * the treatment record (editTreatRecord, by the therapist who executed it). Every change lands in the history.
 */
export function TreatmentCard({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('orders');
  const { message } = App.useApp();
  const can = usePermission();
  const me = useSession().user?.id;
  const mayEquip = can(ReferralPerm.equipment) && (order.status === 1 || order.status === 3);
  const mayRecord = can(ReferralPerm.record) && order.status === 3 && order.executorId === me;
  const equipment = useComboBox(3, mayEquip);
  const setEquipment = useTreatmentEquipment();
  const saveRecord = useTreatRecord();
  // the text being edited; null shows the saved record
  const [draft, setDraft] = useState<string | null>(null);
  const record = draft ?? order.treatRecord ?? '';

  const changeEquipment = async (equipmentId: number | undefined) => {
    try {
      await setEquipment.mutateAsync({ id: order.id, equipmentId: equipmentId ?? null });
      message.success(t('done', { action: t('treatment.equipment') }));
    } catch (error) {
      showApiError(error, t('failed', { action: t('treatment.equipment') }), message.error);
    }
  };
  const submitRecord = async () => {
    try {
      await saveRecord.mutateAsync({ id: order.id, record });
      setDraft(null);
      message.success(t('done', { action: t('treatment.record') }));
    } catch (error) {
      showApiError(error, t('failed', { action: t('treatment.record') }), message.error);
    }
  };

  return (
    <Card title={t('treatment.title')} size="small" className="wo-gap" data-testid="order-treatment">
      <Descriptions column={1} size="small">
        <Descriptions.Item label={t('treatment.equipment')}>
          {mayEquip ? (
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              className="wo-select"
              data-testid="order-equipment"
              loading={equipment.isLoading || setEquipment.isPending}
              value={order.equipmentId ?? undefined}
              placeholder={t('treatment.noEquipment')}
              options={(equipment.data ?? []).map((e) => ({ value: e.id, label: e.name }))}
              onChange={(v?: number) => void changeEquipment(v)}
            />
          ) : (
            (order.equipmentName ?? '-')
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('treatment.record')}>
          {mayRecord ? (
            <Space direction="vertical" className="wo-full">
              <Input.TextArea
                data-testid="order-record"
                value={record}
                maxLength={TREAT_RECORD_MAX}
                showCount
                autoSize={{ minRows: 3, maxRows: 8 }}
                placeholder={t('treatment.recordPlaceholder')}
                onChange={(e) => setDraft(e.target.value)}
              />
              <Button
                type="primary"
                data-testid="order-record-save"
                loading={saveRecord.isPending}
                disabled={!record.trim() || record === (order.treatRecord ?? '')}
                onClick={() => void submitRecord()}
              >
                {t('treatment.save')}
              </Button>
            </Space>
          ) : (
            <Typography.Text className="wo-record">
              {order.treatRecord ?? (order.status === 3 ? t('treatment.noRecord') : t('treatment.recordAfter'))}
            </Typography.Text>
          )}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
