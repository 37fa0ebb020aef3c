import { Form, Input } from 'antd';
import type { z } from 'zod';
import { schemaField } from '../../lib/form-rules';
import { FormModal } from '../form-modal';

/**
 * A dialog that asks one reason and sends it (void a charge, reopen a shift): the field's rule and length from the
 * shared schema, the server's refusal in a toast.
 */
export function ReasonModal<S extends z.ZodObject>({
  title,
  label,
  schema,
  action,
  testId,
  pending,
  onSubmit,
  onClose,
}: {
  title: string;
  label: string;
  /** the input schema whose `reason` field the text is */
  schema: S;
  action: string;
  testId: string;
  pending: boolean;
  onSubmit: (reason: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const [form] = Form.useForm<{ reason: string }>();
  const reason = schemaField(schema, 'reason', label);
  return (
    <FormModal
      open
      title={title}
      form={form}
      testId={testId}
      action={action}
      okText={action}
      pending={pending}
      onSubmit={(v) => onSubmit(v.reason)}
      onClose={onClose}
    >
      <Form.Item name="reason" label={label} required={reason.required} rules={reason.rules}>
        <Input.TextArea maxLength={reason.maxLength} autoSize={{ minRows: 2 }} data-testid={`${testId}-reason`} />
      </Form.Item>
    </FormModal>
  );
}
