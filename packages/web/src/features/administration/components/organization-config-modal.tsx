import { Alert, App, Checkbox, Form, Modal, Spin, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrganizationNode } from '@rehab/shared';
import { currentLocale, localName } from '../../../lib/locale';
import { useOrganizationConfig, useSaveOrganizationConfig } from '../api/organizations';
import { showApiError } from '../../../lib/form-errors';
import { loadMenu } from '../../../lib/menu';
import { useSession } from '../../../lib/session';

type Values = { caIntegration: boolean; products: string[] };

/** The config of an organization: CA integration and the product modules switched on (organizationConfig). */
export function OrganizationConfigModal({
  organization,
  onClose,
}: {
  organization: OrganizationNode | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const locale = currentLocale();
  const config = useOrganizationConfig(organization?.id ?? null);
  const save = useSaveOrganizationConfig();
  const [form] = Form.useForm<Values>();
  const current = useSession().organization;

  const handleOk = async () => {
    const action = t('org.config');
    const values = form.getFieldsValue();
    try {
      await save.mutateAsync({
        organizationId: organization!.id,
        caIntegration: values.caIntegration ? 1 : 0,
        products: values.products as never,
      });
      message.success(t('common:status.success', { action }));
      // switching a product of one's own organization changes this sidebar at once
      if (organization!.id === current?.id) await loadMenu().catch(() => undefined);
      onClose();
    } catch (error) {
      showApiError(error, t('common:status.failure', { action }), message.error);
    }
  };

  return (
    <Modal
      open={organization !== null}
      title={organization ? t('org.configTitle', { name: localName(organization, locale) }) : ''}
      onOk={handleOk}
      onCancel={onClose}
      okText={t('common:action.save')}
      cancelText={t('common:action.cancel')}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'org-config-save', disabled: !config.data } as never}
      destroyOnHidden
    >
      {config.isError && <Alert type="error" showIcon title={t('loadFailed')} description={config.error.message} />}
      {!config.data ? (
        <Spin />
      ) : (
        <Form
          form={form}
          layout="vertical"
          data-testid="org-config-form"
          initialValues={{
            caIntegration: config.data.caIntegration,
            products: config.data.products.filter((p) => p.enabled).map((p) => p.code),
          }}
        >
          <Form.Item
            name="caIntegration"
            label={t('org.caIntegration')}
            extra={t('org.caHint')}
            valuePropName="checked"
          >
            <Switch data-testid="org-ca" />
          </Form.Item>
          <Form.Item name="products" label={t('org.products')} extra={t('org.productsHint')}>
            <Checkbox.Group
              options={config.data.products.map((p) => ({ value: p.code, label: p.nameLang[locale] ?? p.name }))}
              data-testid="org-products"
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
