import { useEffect } from 'react';
import { Button, Card, Form, Input, Select, Space, Switch, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { RoleId, userSaveSchema } from '@rehab/shared';
import { zodRule } from '../../../lib/form-rules';
import { currentLocale, localName } from '../../../lib/locale';
import { useSession } from '../../../lib/session';
import { useOrganizationOptions } from '../../../lib/queries/organization-options';
import { useOfficeOptions, usePostOptions, useRoleOptions, useSaveUser, useUserInfo } from '../api/users';
import { FormModal } from '../../../components/form-modal';

type Membership = {
  organizationId?: number;
  roleIds: number[];
  officeIds: number[];
  postTypeId?: number | null;
  postSmallTypeId?: number | null;
};
type Values = {
  name: string;
  phone: string;
  email?: string;
  password?: string;
  enabled: boolean;
  memberships: Membership[];
};

type Props = { open: boolean; userId: number | null; onClose: () => void };

const fields = userSaveSchema.shape;

/**
 * Adds or edits a user with their organizations, roles and departments. The super administrator assigns any
 * organization; an organization administrator only their own (the organization is fixed in the form).
 */
export function UserFormModal({ open, userId, onClose }: Props) {
  const { t } = useTranslation('admin');
  const { organization, roleIdList } = useSession();
  const isSuper = roleIdList.includes(RoleId.superAdmin);
  const [form] = Form.useForm<Values>();
  const info = useUserInfo(open ? userId : null, organization?.id ?? 0);
  const save = useSaveUser();
  const action = userId ? t('user.edit') : t('user.add');

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (userId === null) {
      form.setFieldsValue({
        enabled: true,
        memberships: [{ organizationId: organization?.id, roleIds: [], officeIds: [] }],
      });
    } else if (info.data) {
      form.setFieldsValue({
        name: info.data.name,
        phone: info.data.phone,
        email: info.data.email ?? '',
        enabled: info.data.status === 1,
        memberships: info.data.memberships.map((m) => ({
          organizationId: m.organizationId,
          roleIds: m.roleIds,
          officeIds: m.officeIds,
          postTypeId: m.postTypeId,
          postSmallTypeId: m.postSmallTypeId,
        })),
      });
    }
  }, [open, userId, info.data, form, organization?.id]);

  return (
    <FormModal
      open={open}
      title={action}
      width={720}
      form={form}
      testId="user"
      pending={save.isPending}
      action={action}
      onClose={onClose}
      onSubmit={(values) => {
        return save.mutateAsync({
          ...(userId ? { id: userId } : {}),
          name: values.name,
          phone: values.phone,
          email: values.email ?? '',
          ...(userId ? {} : { password: values.password ?? '' }),
          status: values.enabled ? 1 : 0,
          memberships: values.memberships.map((m) => ({
            organizationId: m.organizationId!,
            roleIds: m.roleIds ?? [],
            officeIds: m.officeIds ?? [],
            postTypeId: m.postTypeId ?? null,
            postSmallTypeId: m.postSmallTypeId ?? null,
          })),
        });
      }}
    >
      <div className="admin-form-grid">
        <Form.Item name="name" label={t('user.name')} required rules={[zodRule(fields.name, t('user.name'))]}>
          <Input maxLength={64} data-testid="user-name" />
        </Form.Item>
        <Form.Item name="phone" label={t('user.phone')} required rules={[zodRule(fields.phone, t('user.phone'))]}>
          <Input maxLength={11} data-testid="user-phone" />
        </Form.Item>
        <Form.Item name="email" label={t('user.email')} rules={[zodRule(fields.email, t('user.email'))]}>
          <Input maxLength={64} data-testid="user-email" />
        </Form.Item>
        {userId === null ? (
          <Form.Item
            name="password"
            label={t('user.password')}
            extra={t('user.passwordHint')}
            rules={[zodRule(fields.password, t('user.password'))]}
          >
            <Input.Password maxLength={20} autoComplete="new-password" data-testid="user-password" />
          </Form.Item>
        ) : (
          <div />
        )}
        <Form.Item name="enabled" label={t('user.status')} valuePropName="checked">
          <Switch checkedChildren={t('enabled')} unCheckedChildren={t('disabled')} data-testid="user-enabled" />
        </Form.Item>
      </div>
      <Typography.Text strong>{t('user.memberships')}</Typography.Text>
      <Form.List name="memberships">
        {(items, { add, remove }) => (
          <Space orientation="vertical" style={{ width: '100%', marginTop: 8 }}>
            {items.map((item) => (
              <MembershipRow
                key={item.key}
                name={item.name}
                canChooseOrganization={isSuper}
                canRemove={items.length > 1}
                onRemove={() => remove(item.name)}
              />
            ))}
            {isSuper && (
              <Button
                type="dashed"
                block
                icon={<PlusOutlined />}
                onClick={() => add({ roleIds: [], officeIds: [] })}
                data-testid="membership-add"
              >
                {t('user.addMembership')}
              </Button>
            )}
          </Space>
        )}
      </Form.List>
    </FormModal>
  );
}

/** One organization of the user: the roles and departments offered are those of that organization. */
function MembershipRow(props: {
  name: number;
  canChooseOrganization: boolean;
  canRemove: boolean;
  onRemove: () => void;
}) {
  const { t, i18n } = useTranslation('admin');
  const locale = currentLocale();
  const form = Form.useFormInstance<Values>();
  const organizationId = Form.useWatch(['memberships', props.name, 'organizationId'], form) as number | undefined;
  const organizations = useOrganizationOptions();
  const roles = useRoleOptions(organizationId);
  const offices = useOfficeOptions(organizationId);
  const postTypeId = Form.useWatch(['memberships', props.name, 'postTypeId'], form) as number | null | undefined;
  const posts = usePostOptions(organizationId, i18n.language);
  const smallTypes = (posts.data?.postSmallTypes ?? []).filter((p) => p.postTypeId === postTypeId);
  const required = (label: string) => ({ required: true, message: t('common:form.pleaseSelect', { label }) });
  return (
    <Card size="small" className="admin-membership" data-testid="membership">
      <div className="admin-form-grid admin-membership-grid">
        <Form.Item
          name={[props.name, 'organizationId']}
          label={t('user.organization')}
          rules={[required(t('user.organization'))]}
        >
          <Select
            disabled={!props.canChooseOrganization}
            options={(organizations.data ?? []).map((o) => ({ value: o.id, label: localName(o, locale) }))}
            onChange={() =>
              form.setFields([
                { name: ['memberships', props.name, 'roleIds'], value: [] },
                { name: ['memberships', props.name, 'officeIds'], value: [] },
                { name: ['memberships', props.name, 'postTypeId'], value: null },
                { name: ['memberships', props.name, 'postSmallTypeId'], value: null },
              ])
            }
            data-testid="membership-organization"
          />
        </Form.Item>
        <Form.Item name={[props.name, 'roleIds']} label={t('user.roles')} rules={[required(t('user.roles'))]}>
          <Select
            mode="multiple"
            options={(roles.data ?? []).map((r) => ({
              value: r.roleId,
              label: localName({ name: r.roleName, nameLang: r.roleNameLang }, locale),
            }))}
            data-testid="membership-roles"
          />
        </Form.Item>
        <Form.Item name={[props.name, 'officeIds']} label={t('user.offices')}>
          <Select
            mode="multiple"
            options={(offices.data ?? []).map((o) => ({ value: o.id, label: localName(o, locale) }))}
            data-testid="membership-offices"
          />
        </Form.Item>
        <Form.Item name={[props.name, 'postTypeId']} label={t('user.postType')}>
          <Select
            allowClear
            options={(posts.data?.postTypes ?? []).map((p) => ({ value: p.id, label: p.name }))}
            onChange={() => form.setFields([{ name: ['memberships', props.name, 'postSmallTypeId'], value: null }])}
            data-testid="membership-post-type"
          />
        </Form.Item>
        <Form.Item name={[props.name, 'postSmallTypeId']} label={t('user.postSmallType')}>
          <Select
            allowClear
            disabled={!postTypeId}
            placeholder={postTypeId ? undefined : t('user.postSmallTypeHint')}
            options={smallTypes.map((p) => ({ value: p.id, label: p.name }))}
            data-testid="membership-post-small-type"
          />
        </Form.Item>
      </div>
      {props.canRemove && (
        <Button type="link" danger size="small" icon={<DeleteOutlined />} onClick={props.onRemove}>
          {t('user.removeMembership')}
        </Button>
      )}
    </Card>
  );
}
