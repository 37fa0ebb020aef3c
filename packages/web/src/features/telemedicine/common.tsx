import { useState, type ReactNode } from 'react';
import { App, Input, Modal, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { showApiError } from '../../lib/form-errors';
import dayjs from 'dayjs';

const STATUS_COLORS: Record<string, string> = {
  draft: 'default',
  submitted: 'blue',
  approved: 'cyan',
  received: 'geekblue',
  accepted: 'purple',
  in_progress: 'orange',
  report_draft: 'gold',
  signed: 'green',
  closed: 'success',
  rejected: 'red',
  cancelled: 'default',
  expired: 'volcano',
};

export function StatusTag({ status }: { status: string }) {
  const { t } = useTranslation('telemedicine');
  return (
    <Tag color={STATUS_COLORS[status]} data-testid="remote-status">
      {t(`status.${status}`)}
    </Tag>
  );
}

export function UrgencyTag({ urgency }: { urgency: number }) {
  const { t } = useTranslation('telemedicine');
  return <Tag color={urgency === 3 ? 'red' : urgency === 2 ? 'orange' : 'default'}>{t(`urgency.${urgency}`)}</Tag>;
}

export const when = (v: string | null | undefined) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '—');

/** Runs a call of a step: a success message naming it (`label`), or the server's refusal; answers whether it worked. */
export function useRunStep() {
  const { t } = useTranslation('telemedicine');
  const { message } = App.useApp();
  return async (label: string, call: () => Promise<unknown>) => {
    try {
      await call();
      message.success(t('done', { action: label }));
      return true;
    } catch (error) {
      showApiError(error, t('failed'), message.error);
      return false;
    }
  };
}

/** A dialog asking for the reason of a refusal (reject, decline): OK only with one; it closes once `onOk` worked. */
export function ReasonModal({
  open,
  title,
  placeholder,
  loading,
  testId,
  children,
  onClose,
  onOk,
}: {
  open: boolean;
  title: string;
  placeholder: string;
  loading: boolean;
  testId: string;
  children?: ReactNode;
  onClose: () => void;
  onOk: (reason: string) => Promise<boolean>;
}) {
  const [reason, setReason] = useState('');
  return (
    <Modal
      open={open}
      title={title}
      destroyOnHidden
      afterClose={() => setReason('')}
      onCancel={onClose}
      okButtonProps={{ danger: true, disabled: !reason.trim(), loading }}
      onOk={async () => {
        if (await onOk(reason.trim())) onClose();
      }}
    >
      {children}
      <Input.TextArea
        rows={3}
        maxLength={200}
        placeholder={placeholder}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        data-testid={testId}
      />
    </Modal>
  );
}
