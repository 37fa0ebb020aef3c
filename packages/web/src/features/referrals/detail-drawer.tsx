import { useState, type ReactNode } from 'react';
import { App, Button, Descriptions, Drawer, Input, Modal, Result, Space, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReferralDetail } from '@rehab/shared';
import { KeyboardPopconfirm } from '../../components/keyboard-popconfirm';
import { showApiError } from '../../lib/form-errors';
import { SnapshotCards, StepTimeline } from '../../components/record-snapshots';
import { useReferral, useReferralSteps } from './api';
import { ReferralStatusTag, kindKey, when } from './common';
import { TransferAcceptModal } from './transfer-preview';

/**
 * One referral in a drawer: where it goes, the reason, the materials attached (snapshots taken when it was made),
 * its steps, and the buttons of the steps the reader may take now (the server's `actions`).
 */
export function ReferralDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation('referrals');
  const query = useReferral(id);
  const r = query.data;
  return (
    <Drawer
      open
      size={720}
      onClose={onClose}
      title={
        r ? (
          <Space>
            {t(kindKey(r.kind, 'detail.title'), { id: r.id })}
            <ReferralStatusTag status={r.status} />
            <Tag>{t(`side.${r.side}`)}</Tag>
          </Space>
        ) : (
          t('detail.title', { id })
        )
      }
      extra={r && <StepButtons r={r} />}
      data-testid="referral-detail"
    >
      {query.isPending ? (
        <Spin />
      ) : !r ? (
        <Result status="404" title={query.error?.message || t('notFound')} data-testid="referral-not-found" />
      ) : (
        <ReferralBody r={r} />
      )}
    </Drawer>
  );
}

/**
 * What a referral says (shared by the drawer and a transfer's detail screen): the places, people and reason, the
 * materials attached (snapshots), and its steps.
 */
export function ReferralBody({ r, children }: { r: ReferralDetail; children?: ReactNode }) {
  const { t } = useTranslation('referrals');
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Descriptions column={2} size="small" bordered>
        <Descriptions.Item label={t('col.patient')}>
          <span data-testid="referral-patient-name">{r.patientName}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t(kindKey(r.kind, 'col.time'))}>{when(r.createdAt)}</Descriptions.Item>
        <Descriptions.Item label={t('col.from')}>
          {r.fromOrganization.name}
          {r.fromOffice ? ` / ${r.fromOffice.name}` : ''}
        </Descriptions.Item>
        <Descriptions.Item label={t('col.to')}>
          {r.toOrganization.name}
          {r.toOffice ? ` / ${r.toOffice.name}` : ''}
        </Descriptions.Item>
        <Descriptions.Item label={t(kindKey(r.kind, 'col.requester'))}>{r.requesterName ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t(kindKey(r.kind, 'col.receiver'))}>{r.receiverName ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('col.reason')} span={2}>
          {r.reason}
        </Descriptions.Item>
        {r.rejectReason && (
          <Descriptions.Item label={t('detail.rejectReason')} span={2}>
            <Typography.Text type="danger" data-testid="referral-reject-reason">
              {r.rejectReason}
            </Typography.Text>
          </Descriptions.Item>
        )}
      </Descriptions>
      {children}
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('detail.materials', { count: r.materials.length })}
      </Typography.Title>
      <Typography.Text type="secondary">{t(kindKey(r.kind, 'detail.materialsHint'))}</Typography.Text>
      <SnapshotCards materials={r.materials} minWidth={280} />
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('detail.history')}
      </Typography.Title>
      <StepTimeline
        testId="referral-history"
        steps={r.history}
        action={(a) => t(kindKey(r.kind, `action.${a}`))}
        status={(s) => <ReferralStatusTag status={s} />}
        when={when}
        nobody="—"
        grey={['cancelled']}
      />
    </Space>
  );
}

/** The buttons of the steps the reader may take now. */
export function StepButtons({ r }: { r: ReferralDetail }) {
  const { t } = useTranslation('referrals');
  const { message } = App.useApp();
  const steps = useReferralSteps();
  const [rejecting, setRejecting] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const [reason, setReason] = useState('');
  const has = (a: string) => r.actions.includes(a);
  const params = { id: r.id };

  const run = async (action: string, call: () => Promise<unknown>) => {
    try {
      await call();
      message.success(t('done', { action: t(`action.${action}`) }));
      return true;
    } catch (error) {
      showApiError(error, t('failed'), message.error);
      return false;
    }
  };
  const simple = (action: 'receive' | 'accept' | 'arrive' | 'complete') =>
    has(action) &&
    (action === 'accept' && r.kind === 'transfer' ? (
      // accepting a transfer moves the plan: it shows what would move first (the server's preview), then confirms
      <Button
        key={action}
        type="primary"
        loading={steps.accept.isPending}
        onClick={() => setPreviewing(true)}
        data-testid="referral-accept"
      >
        {t('action.accept')}
      </Button>
    ) : (
      <Button
        key={action}
        type="primary"
        loading={steps[action].isPending}
        onClick={() => run(action, () => steps[action].mutateAsync({ params }))}
        data-testid={`referral-${action}`}
      >
        {t(`action.${action}`)}
      </Button>
    ));

  return (
    <Space wrap>
      {simple('receive')}
      {simple('accept')}
      {simple('arrive')}
      {simple('complete')}
      {has('reject') && (
        <Button danger onClick={() => setRejecting(true)} data-testid="referral-reject">
          {t('action.reject')}
        </Button>
      )}
      {has('cancel') && (
        <KeyboardPopconfirm
          title={t(kindKey(r.kind, 'detail.cancelConfirm'))}
          onConfirm={() => run('cancel', () => steps.cancel.mutateAsync({ params, body: {} }))}
        >
          <Button danger data-testid="referral-cancel">
            {t('action.cancel')}
          </Button>
        </KeyboardPopconfirm>
      )}
      {/* mounted while open: each opening reads the preview afresh */}
      {r.kind === 'transfer' && has('accept') && previewing && (
        <TransferAcceptModal
          id={r.id}
          open
          accepting={steps.accept.isPending}
          onCancel={() => setPreviewing(false)}
          onConfirm={async () => {
            if (await run('accept', () => steps.accept.mutateAsync({ params }))) setPreviewing(false);
          }}
        />
      )}
      <Modal
        open={rejecting}
        title={t('action.reject')}
        onCancel={() => setRejecting(false)}
        okButtonProps={
          { disabled: !reason.trim(), loading: steps.reject.isPending, 'data-testid': 'referral-reject-ok' } as never
        }
        onOk={async () => {
          if (await run('reject', () => steps.reject.mutateAsync({ params, body: { reason: reason.trim() } })))
            setRejecting(false);
        }}
      >
        <Input.TextArea
          rows={3}
          maxLength={200}
          placeholder={t('detail.rejectHint')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          data-testid="referral-reject-reason-input"
        />
      </Modal>
    </Space>
  );
}
