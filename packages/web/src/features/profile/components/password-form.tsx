import { Alert, App, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { changePasswordSchema, newPasswordSchema, translate } from '@rehab/shared';
import { ApiError } from '../../../lib/api';
import { zodRule } from '../../../lib/form-rules';
import { currentLocale } from '../../../lib/locale';
import { useChangePassword } from '../api/change-password';

type Values = { oldPassword: string; newPassword: string; confirmPassword: string };

/** Maps the server's refusals to the field they are about. */
const FIELD_OF_KEY: Record<string, keyof Values> = {
  'auth.oldPasswordWrong': 'oldPassword',
  'auth.passwordSameAsOld': 'newPassword',
};

/** Change of one's own password: current, new (the shared password rule), confirmation. */
export function PasswordForm() {
  const { t } = useTranslation('profile');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const change = useChangePassword();
  const action = t('password.changeAction');
  const labels = {
    oldPassword: t('fields.oldPassword'),
    newPassword: t('fields.newPassword'),
    confirmPassword: t('fields.confirmPassword'),
  };
  const say = (key: string) => translate(currentLocale(), key);

  const handleFinish = async ({ oldPassword, newPassword }: Values) => {
    try {
      await change.mutateAsync({ body: { oldPassword, newPassword } });
      form.resetFields();
      message.success(t('common:status.success', { action }));
    } catch (error) {
      const serverMsg = error instanceof ApiError ? error.message : '';
      const field = error instanceof ApiError ? (FIELD_OF_KEY[error.msgKey ?? ''] ?? error.field) : undefined;
      if (field && field in labels) form.setFields([{ name: field as keyof Values, errors: [serverMsg] }]);
      message.error(serverMsg || t('common:status.failure', { action }));
    }
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      className="profile-form"
      data-testid="password-form"
      onFinish={handleFinish}
    >
      <Alert type="info" showIcon className="profile-password-note" title={t('password.otherSessionsNote')} />
      <Form.Item
        name="oldPassword"
        label={labels.oldPassword}
        required
        rules={[zodRule(changePasswordSchema.shape.oldPassword, labels.oldPassword)]}
      >
        <Input.Password
          autoComplete="current-password"
          placeholder={t('common:form.pleaseInput', { label: labels.oldPassword })}
        />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label={labels.newPassword}
        required
        extra={t('password.rule')}
        dependencies={['oldPassword']}
        rules={[
          zodRule(newPasswordSchema, labels.newPassword),
          ({ getFieldValue }) => ({
            validator: async (_rule, value?: string) => {
              if (value && value === getFieldValue('oldPassword')) throw new Error(say('auth.passwordSameAsOld'));
            },
          }),
        ]}
      >
        <Input.Password
          autoComplete="new-password"
          placeholder={t('common:form.pleaseInput', { label: labels.newPassword })}
        />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={labels.confirmPassword}
        required
        dependencies={['newPassword']}
        rules={[
          { required: true, message: t('common:form.pleaseInput', { label: labels.confirmPassword }) },
          ({ getFieldValue }) => ({
            validator: async (_rule, value?: string) => {
              if (value && value !== getFieldValue('newPassword')) throw new Error(say('validation.passwordMismatch'));
            },
          }),
        ]}
      >
        <Input.Password
          autoComplete="new-password"
          placeholder={t('common:form.pleaseInput', { label: labels.confirmPassword })}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={change.isPending}>
        {t('password.submit')}
      </Button>
    </Form>
  );
}
