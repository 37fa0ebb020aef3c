import type { ReactNode } from 'react';
import { App, Form, Modal, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { showApiError } from '../lib/form-errors';

type Props<V> = {
  open: boolean;
  title: string;
  form: FormInstance<V>;
  /** test ids: `<testId>-form` on the form, `<testId>-save` on the OK button */
  testId: string;
  /** sends the validated values; a rejection with an ApiError is shown at the field it names when the form shows it */
  onSubmit: (values: V) => Promise<unknown>;
  pending: boolean;
  /** the action for the success and failure toasts ("新增版本" → "新增版本成功") */
  action: string;
  onClose: () => void;
  width?: number;
  /** the OK button's words (default: Save) */
  okText?: string;
  children: ReactNode;
};

/**
 * The add / edit dialog of the administration screens: validates with the form's rules (the shared schemas), sends,
 * confirms and closes; a refusal from the server lands at the field it names, else in a toast.
 */
export function FormModal<V>({
  open,
  title,
  form,
  testId,
  onSubmit,
  pending,
  action,
  onClose,
  width = 600,
  okText,
  children,
}: Props<V>) {
  const { t } = useTranslation('common');
  const { message } = App.useApp();

  const handleOk = async () => {
    let values: V;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    try {
      await onSubmit(values);
      message.success(t('status.success', { action }));
      onClose();
    } catch (error) {
      showApiError(error, t('status.failure', { action }), message.error, form);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      width={width}
      onOk={handleOk}
      onCancel={onClose}
      okText={okText ?? t('action.save')}
      cancelText={t('action.cancel')}
      confirmLoading={pending}
      okButtonProps={{ 'data-testid': `${testId}-save` } as never}
      forceRender
      mask={{ closable: false }}
    >
      <Form form={form} layout="vertical" data-testid={`${testId}-form`} requiredMark>
        {children}
      </Form>
    </Modal>
  );
}
