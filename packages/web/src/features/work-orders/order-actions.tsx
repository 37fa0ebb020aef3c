import { useState, type ReactNode } from 'react';
import { App, Button, Dropdown, Form, Input, Select, Space, Typography } from 'antd';
import { CameraOutlined, DownOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { KeyboardPopconfirm } from '../../components/keyboard-popconfirm';
import {
  ReferralPerm,
  WORK_ORDER_PHOTO_MAX_BYTES,
  canWorkOrder,
  type WorkOrderActionName,
  type WorkOrderState,
  type WorkOrderStatusCode,
} from '@rehab/shared';
import { FormModal } from '../../components/form-modal';
import { showApiError } from '../../lib/form-errors';
import { usePermission, useSession } from '../../lib/session';
import { useHandleState, useRemark, useTeams, useUpload, type OrderRow } from './api';
import { SignatureDialog } from './signature-dialog';

const stateOf = (o: OrderRow): WorkOrderState => ({
  // the server answers one of the four status codes (the contract says a number)
  status: o.status as WorkOrderStatusCode,
  signed: o.signed,
  photographed: o.photographed,
  authorizedTherapistId: o.authorizedTherapistId,
  authorizedTeamId: o.authorizedTeamId,
  authorizerId: o.authorizerId,
});

/** Whether every order allows the action (buttons are enabled per `canWorkOrder`). */
export const canAll = (orders: OrderRow[], action: WorkOrderActionName) =>
  orders.length > 0 && orders.every((o) => canWorkOrder(stateOf(o), action));

const onePatient = (orders: OrderRow[]) => new Set(orders.map((o) => o.patientId)).size === 1;

/** Opens the file chooser (or, with `camera`, the device camera where there is one) for JPG or PNG images. */
function chooseImage(camera: boolean): Promise<File | null> {
  return new Promise((resolve) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = 'image/jpeg,image/png';
    if (camera) input.setAttribute('capture', 'environment');
    input.onchange = () => resolve(input.files?.[0] ?? null);
    input.click();
  });
}

/**
 * The actions of work orders (spec section 4) with their dialogs: execute (confirmed once), authorize (group and
 * therapist), cancel authorization, invalidate (reason required), withdraw, patient signature and photo. Buttons
 * are enabled by the shared `canWorkOrder` and the user's permissions; the server decides.
 */
export function useOrderActions(onChanged?: () => void) {
  const { t } = useTranslation('orders');
  const { message, modal } = App.useApp();
  const can = usePermission();
  const userName = useSession().user?.name;
  const mayHandle = can(ReferralPerm.handle);
  const mayUpload = can(ReferralPerm.upload);
  const handle = useHandleState();
  const upload = useUpload();
  const remark = useRemark();
  const [authorizing, setAuthorizing] = useState<OrderRow[] | null>(null);
  const [invalidating, setInvalidating] = useState<OrderRow[] | null>(null);
  const [signing, setSigning] = useState<OrderRow[] | null>(null);
  const [remarking, setRemarking] = useState<OrderRow | null>(null);
  const [authorizeForm] = Form.useForm<{ therapyGroupId: number; authorizedTherapistId: number }>();
  const [invalidateForm] = Form.useForm<{ reason: string }>();
  const [remarkForm] = Form.useForm<{ remark: string }>();
  const teams = useTeams(authorizing !== null);
  const groupId = Form.useWatch('therapyGroupId', authorizeForm);

  const run = async (orders: OrderRow[], action: WorkOrderActionName, extra: Record<string, unknown> = {}) => {
    const ids = orders.map((o) => o.id);
    const body = ids.length === 1 ? { id: ids[0], action, ...extra } : { mode: 'BATCH', ids, action, ...extra };
    await handle.mutateAsync(body as never);
    onChanged?.();
  };
  const quick = async (orders: OrderRow[], action: WorkOrderActionName) => {
    try {
      await run(orders, action);
      message.success(t('done', { action: t(`action.${action}`) }));
    } catch (error) {
      showApiError(error, t('failed', { action: t(`action.${action}`) }), message.error);
    }
  };

  const sign = (orders: OrderRow[]) => {
    if (!orders.length) return message.warning(t('selectFirst'));
    if (!onePatient(orders)) return message.error(t('onePatient'));
    setSigning(orders);
  };
  const photo = async (orders: OrderRow[], camera: boolean) => {
    if (!orders.length) return message.warning(t('selectFirst'));
    if (!onePatient(orders)) return message.error(t('onePatient'));
    const file = await chooseImage(camera);
    if (!file) return;
    if (!['image/jpeg', 'image/png'].includes(file.type)) return message.error(t('photo.type'));
    if (file.size > WORK_ORDER_PHOTO_MAX_BYTES) return message.error(t('photo.tooLarge'));
    try {
      await upload.mutateAsync({ ids: orders.map((o) => o.id), kind: 2, file, name: file.name });
      message.success(t('done', { action: t('action.photograph') }));
      onChanged?.();
    } catch (error) {
      showApiError(error, t('failed', { action: t('action.photograph') }), message.error);
    }
  };
  const authorize = (orders: OrderRow[]) => {
    authorizeForm.resetFields();
    setAuthorizing(orders);
  };
  const invalidate = (orders: OrderRow[]) => {
    invalidateForm.resetFields();
    setInvalidating(orders);
  };
  const editRemark = (order: OrderRow) => {
    remarkForm.setFieldsValue({ remark: order.remark ?? '' });
    setRemarking(order);
  };

  const popOk = { 'data-testid': 'confirm-ok' } as never;
  const confirmWithdraw = (o: OrderRow) =>
    modal.confirm({
      title: t('action.withdraw'),
      content: t('confirm.withdraw'),
      okButtonProps: { 'data-testid': 'withdraw-ok' } as never,
      onOk: () => quick([o], 'withdraw'),
    });

  /** The buttons of one order, in a table row or on the detail page. */
  const buttons = (o: OrderRow, options: { detail?: () => void } = {}): ReactNode => {
    const allowed = (a: WorkOrderActionName) => canAll([o], a);
    const more = [
      mayHandle && { key: 'withdraw', label: t('action.withdraw'), disabled: !allowed('withdraw') },
      mayHandle && { key: 'authorize', label: t('action.authorize'), disabled: !allowed('authorize') },
      mayHandle && {
        key: 'cancelAuthorization',
        label: t('action.cancelAuthorization'),
        disabled: !allowed('cancelAuthorization'),
      },
      mayHandle && { key: 'invalidate', label: t('action.invalidate'), danger: true, disabled: !allowed('invalidate') },
      mayUpload && { key: 'camera', label: t('photo.camera'), disabled: !allowed('photograph') },
      mayUpload && { key: 'upload', label: t('photo.upload'), disabled: !allowed('photograph') },
      { key: 'remark', label: t('action.remark') },
    ].filter(Boolean) as { key: string; label: string; disabled?: boolean; danger?: boolean }[];
    return (
      <Space size={4} wrap={false} className="wo-actions" data-testid={`order-actions-${o.id}`}>
        {options.detail && (
          <Button size="small" type="link" onClick={options.detail}>
            {t('action.detail')}
          </Button>
        )}
        {mayHandle && (
          <KeyboardPopconfirm
            title={t('confirm.execute')}
            onConfirm={() => quick([o], 'execute')}
            okButtonProps={popOk}
          >
            <Button size="small" type="primary" disabled={!allowed('execute')} data-testid={`execute-${o.id}`}>
              {t('action.execute')}
            </Button>
          </KeyboardPopconfirm>
        )}
        {mayUpload && (
          <Button size="small" disabled={!allowed('sign')} onClick={() => sign([o])} data-testid={`sign-${o.id}`}>
            {t('action.sign')}
          </Button>
        )}
        <Dropdown
          trigger={['click']}
          menu={{
            items: more,
            onClick: ({ key }) => {
              if (key === 'withdraw') confirmWithdraw(o);
              else if (key === 'authorize') authorize([o]);
              else if (key === 'cancelAuthorization') void quick([o], 'cancelAuthorization');
              else if (key === 'invalidate') invalidate([o]);
              else if (key === 'camera') void photo([o], true);
              else if (key === 'upload') void photo([o], false);
              else if (key === 'remark') editRemark(o);
            },
          }}
        >
          <Button size="small" data-testid={`more-${o.id}`}>
            {t('action.more')} <DownOutlined />
          </Button>
        </Dropdown>
      </Space>
    );
  };

  /** Buttons over a selection of orders. */
  const batchButtons = (selected: OrderRow[], clear: () => void): ReactNode => (
    <Space wrap>
      {mayHandle && (
        <KeyboardPopconfirm
          title={t('confirm.batchExecute', { count: selected.length })}
          disabled={!canAll(selected, 'execute')}
          onConfirm={async () => {
            await quick(selected, 'execute');
            clear();
          }}
          okButtonProps={popOk}
        >
          <Button disabled={!canAll(selected, 'execute')} data-testid="batch-execute">
            {t('action.batchExecute')}
          </Button>
        </KeyboardPopconfirm>
      )}
      {mayUpload && (
        <Button disabled={!canAll(selected, 'sign')} onClick={() => sign(selected)} data-testid="batch-sign">
          {t('action.batchSign')}
        </Button>
      )}
      {mayUpload && (
        <Button
          icon={<CameraOutlined />}
          disabled={!canAll(selected, 'photograph')}
          onClick={() => void photo(selected, true)}
          data-testid="batch-photo"
        >
          {t('action.batchPhoto')}
        </Button>
      )}
      {mayHandle && (
        <Button
          danger
          disabled={!canAll(selected, 'invalidate')}
          onClick={() => invalidate(selected)}
          data-testid="batch-invalidate"
        >
          {t('action.invalidate')}
        </Button>
      )}
    </Space>
  );

  const group = teams.data?.find((g) => g.id === groupId);
  const dialogs = (
    <>
      <FormModal
        open={authorizing !== null}
        title={t('authorize.title')}
        form={authorizeForm}
        testId="authorize"
        action={t('action.authorize')}
        pending={handle.isPending}
        onClose={() => setAuthorizing(null)}
        width={480}
        onSubmit={(v) => run(authorizing ?? [], 'authorize', v)}
      >
        {teams.data && teams.data.length === 0 && (
          <Typography.Paragraph type="warning">{t('authorize.noGroups')}</Typography.Paragraph>
        )}
        <Form.Item
          name="therapyGroupId"
          label={t('authorize.group')}
          rules={[{ required: true, message: t('authorize.groupRequired') }]}
        >
          <Select
            data-testid="authorize-group"
            loading={teams.isLoading}
            options={(teams.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
            onChange={() => authorizeForm.setFieldValue('authorizedTherapistId', undefined)}
          />
        </Form.Item>
        <Form.Item
          name="authorizedTherapistId"
          label={t('authorize.therapist')}
          rules={[{ required: true, message: t('authorize.therapistRequired') }]}
        >
          <Select
            data-testid="authorize-therapist"
            disabled={!group}
            options={(group?.therapists ?? []).map((u) => ({ value: u.id, label: u.name }))}
          />
        </Form.Item>
        <Form.Item label={t('authorize.authorizer')} required>
          <Input value={userName ?? ''} disabled />
        </Form.Item>
      </FormModal>
      <FormModal
        open={invalidating !== null}
        title={t('invalidate.title')}
        form={invalidateForm}
        testId="invalidate"
        action={t('action.invalidate')}
        pending={handle.isPending}
        onClose={() => setInvalidating(null)}
        width={480}
        onSubmit={(v) => run(invalidating ?? [], 'invalidate', v)}
      >
        {invalidating && invalidating.length > 1 && (
          <Typography.Paragraph>{t('invalidate.count', { count: invalidating.length })}</Typography.Paragraph>
        )}
        <Form.Item
          name="reason"
          label={t('invalidate.reason')}
          rules={[{ required: true, whitespace: true, message: t('invalidate.reasonRequired') }]}
        >
          <Input.TextArea maxLength={100} showCount rows={3} data-testid="invalidate-reason" />
        </Form.Item>
      </FormModal>
      <FormModal
        open={remarking !== null}
        title={t('remark.title')}
        form={remarkForm}
        testId="remark"
        action={t('action.remark')}
        pending={remark.isPending}
        onClose={() => setRemarking(null)}
        width={420}
        onSubmit={async (v) => {
          await remark.mutateAsync({ id: remarking!.id, remark: v.remark ?? '' });
          onChanged?.();
        }}
      >
        <Form.Item name="remark" label={t('remark.label')}>
          <Input maxLength={30} showCount />
        </Form.Item>
      </FormModal>
      <SignatureDialog
        orders={signing ?? []}
        open={signing !== null}
        onClose={() => setSigning(null)}
        onDone={onChanged}
      />
    </>
  );

  return { buttons, batchButtons, dialogs, sign, photo };
}
