import { App, Button, Form, Input, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { personalInfoSchema } from '@rehab/shared';
import { ApiError } from '../../../lib/api';
import { zodRule } from '../../../lib/form-rules';
import { useUpdatePersonalInfo, type PersonalInfoValues } from '../api/update-personal-info';
import { ContactCodeField } from './contact-code-field';
import type { UserInfo } from '../api/user-info';

type Values = PersonalInfoValues;

const FIELDS = ['name', 'phone', 'email', 'phoneCode', 'emailCode'] as const;
const isField = (f: string | undefined): f is (typeof FIELDS)[number] => FIELDS.includes(f as never);
const nameSchema = personalInfoSchema.shape.name.unwrap();
const emailSchema = personalInfoSchema.shape.email.unwrap();
const phoneSchema = personalInfoSchema.shape.phone.unwrap();
const same = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();

/**
 * Name, phone, e-mail and keep-login of the signed-in user. A changed phone number or e-mail address (not an
 * e-mail removed) is saved only with the code sent to it: its code row appears under it.
 */
export function ProfileForm({ info }: { info: UserInfo }) {
  const { t } = useTranslation('profile');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const update = useUpdatePersonalInfo();
  const action = t('profile.saveAction');
  const labels = { name: t('fields.name'), email: t('fields.email'), phone: t('fields.phone') };
  const phone = Form.useWatch('phone', form) as string | undefined;
  const email = Form.useWatch('email', form) as string | undefined;
  const phoneChanged = phone !== undefined && !same(phone, info.phone);
  const emailChanged = Boolean(email?.trim()) && !same(email, info.email);

  const handleFinish = async (values: Values) => {
    try {
      await update.mutateAsync({
        ...values,
        phoneCode: phoneChanged ? values.phoneCode : undefined,
        emailCode: emailChanged ? values.emailCode : undefined,
      });
      form.setFieldsValue({ phoneCode: undefined, emailCode: undefined });
      message.success(t('common:status.success', { action }));
    } catch (error) {
      const serverMsg = error instanceof ApiError ? error.message : '';
      if (error instanceof ApiError && isField(error.field)) {
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
      initialValues={{ name: info.name, phone: info.phone, email: info.email ?? '', keepLogin: info.keepLogin }}
      onFinish={handleFinish}
    >
      <Form.Item name="name" label={labels.name} required rules={[zodRule(nameSchema, labels.name)]}>
        <Input autoComplete="name" maxLength={64} placeholder={t('common:form.pleaseInput', { label: labels.name })} />
      </Form.Item>
      <Form.Item
        name="phone"
        label={labels.phone}
        required
        extra={t('profile.phoneHelp')}
        rules={[zodRule(phoneSchema, labels.phone)]}
      >
        <Input
          autoComplete="tel"
          inputMode="tel"
          maxLength={11}
          data-testid="profile-phone"
          placeholder={t('common:form.pleaseInput', { label: labels.phone })}
        />
      </Form.Item>
      {phoneChanged && <ContactCodeField form={form} addressField="phone" />}
      <Form.Item name="email" label={labels.email} rules={[zodRule(emailSchema, labels.email)]}>
        <Input
          type="email"
          autoComplete="email"
          maxLength={64}
          data-testid="profile-email"
          placeholder={t('common:form.pleaseInput', { label: labels.email })}
        />
      </Form.Item>
      {emailChanged && <ContactCodeField form={form} addressField="email" />}
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
