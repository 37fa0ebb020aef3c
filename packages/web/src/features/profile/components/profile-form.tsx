import { App, Button, Form, Input, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { personalInfoSchema } from '@rehab/shared';
import { ApiError } from '../../../lib/api';
import { zodRule } from '../../../lib/form-rules';
import { useUpdatePersonalInfo } from '../api/update-personal-info';
import type { UserInfo } from '../api/user-info';

type Values = { name: string; email: string; keepLogin: boolean };

const nameSchema = personalInfoSchema.shape.name.unwrap();
const emailSchema = personalInfoSchema.shape.email.unwrap();

/** Name, e-mail and keep-login of the signed-in user; the phone is the account and is shown read-only. */
export function ProfileForm({ info }: { info: UserInfo }) {
  const { t } = useTranslation('profile');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const update = useUpdatePersonalInfo();
  const action = t('profile.saveAction');
  const labels = { name: t('fields.name'), email: t('fields.email') };

  const handleFinish = async (values: Values) => {
    try {
      await update.mutateAsync(values);
      message.success(t('common:status.success', { action }));
    } catch (error) {
      const serverMsg = error instanceof ApiError ? error.message : '';
      if (error instanceof ApiError && (error.field === 'name' || error.field === 'email')) {
        form.setFields([{ name: error.field, errors: [serverMsg] }]);
      }
      message.error(serverMsg || t('common:status.failure', { action }));
    }
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      className="profile-form"
      data-testid="profile-form"
      initialValues={{ name: info.name, email: info.email ?? '', keepLogin: info.keepLogin }}
      onFinish={handleFinish}
    >
      <Form.Item name="name" label={labels.name} required rules={[zodRule(nameSchema, labels.name)]}>
        <Input autoComplete="name" maxLength={64} placeholder={t('common:form.pleaseInput', { label: labels.name })} />
      </Form.Item>
      <Form.Item label={t('fields.phone')} extra={t('profile.phoneHelp')}>
        <Input value={info.phone} disabled data-testid="profile-phone" />
      </Form.Item>
      <Form.Item name="email" label={labels.email} rules={[zodRule(emailSchema, labels.email)]}>
        <Input
          type="email"
          autoComplete="email"
          maxLength={64}
          placeholder={t('common:form.pleaseInput', { label: labels.email })}
        />
      </Form.Item>
      <Form.Item
        name="keepLogin"
        label={t('fields.keepLogin')}
        valuePropName="checked"
        extra={t('profile.keepLoginHelp')}
      >
        <Switch data-testid="profile-keep-login" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={update.isPending}>
        {t('common:action.save')}
      </Button>
    </Form>
  );
}
