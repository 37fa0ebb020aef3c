import { useEffect, useMemo } from 'react';
import { Form, Input, InputNumber, Radio, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { MenuType, menuSaveSchema, translate, type AdminMenuNode } from '@rehab/shared';
import { zodRule } from '../../../lib/form-rules';
import { currentLocale, localName } from '../../../lib/locale';
import { useSaveMenu } from '../api/menus';
import { FormModal } from '../../../components/form-modal';

/** What the form opens for: a new node (under `parent`, or at the top) or an existing `menu`. */
export type MenuFormTarget = { parent?: { menuId: number; type: number }; menu?: Omit<AdminMenuNode, 'children'> };

type Values = {
  type: number;
  parentId: number;
  name: string;
  nameEn?: string;
  url?: string;
  perms?: string;
  icon?: string;
  orderNum: number;
};

const shape = menuSaveSchema.shape;

/** Adds or edits a menu node; the fields follow the type (a route for a menu, codes for menus and buttons). */
export function MenuFormModal({
  target,
  tree,
  onClose,
}: {
  target: MenuFormTarget | null;
  tree: AdminMenuNode[];
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const locale = currentLocale();
  const [form] = Form.useForm<Values>();
  const save = useSaveMenu();
  const type = Form.useWatch('type', form);
  const editing = target?.menu;
  const action = editing ? t('menu.edit') : t('menu.add');

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    if (target.menu) {
      const m = target.menu;
      form.setFieldsValue({
        type: m.type,
        parentId: m.parentId,
        name: m.name,
        nameEn: m.nameLang.en ?? '',
        url: m.url ?? '',
        perms: m.perms ?? '',
        icon: m.icon ?? '',
        orderNum: m.orderNum,
      });
    } else {
      const parent = target.parent;
      form.setFieldsValue({
        parentId: parent?.menuId ?? 0,
        type: parent ? (parent.type === MenuType.menu ? MenuType.button : MenuType.menu) : MenuType.directory,
        orderNum: 0,
      });
    }
  }, [target, form]);

  // parents: the top level, directories and menus (a node cannot move under itself)
  const parents = useMemo(() => {
    const toData = (list: AdminMenuNode[]): object[] =>
      list
        .filter((n) => n.type !== MenuType.button && n.menuId !== editing?.menuId)
        .map((n) => ({ value: n.menuId, title: localName(n, locale), children: toData(n.children) }));
    return [{ value: 0, title: t('menu.root'), children: [] }, ...toData(tree)];
  }, [tree, locale, t, editing?.menuId]);

  return (
    <FormModal
      open={target !== null}
      title={action}
      width={640}
      form={form}
      testId="menu"
      pending={save.isPending}
      action={action}
      onClose={onClose}
      onSubmit={(values) => {
        return save.mutateAsync({ ...(editing ? { menuId: editing.menuId } : {}), ...values });
      }}
    >
      <Form.Item name="type" label={t('menu.type')} required>
        <Radio.Group
          options={[0, 1, 2].map((v) => ({ value: v, label: t(`menu.types.${v}`) }))}
          optionType="button"
          data-testid="menu-type"
        />
      </Form.Item>
      <Form.Item name="parentId" label={t('menu.parent')} required>
        <TreeSelect
          treeData={parents}
          treeDefaultExpandAll={false}
          showSearch
          treeNodeFilterProp="title"
          data-testid="menu-parent"
        />
      </Form.Item>
      <div className="admin-form-grid">
        <Form.Item name="name" label={t('menu.name')} required rules={[zodRule(shape.name, t('menu.name'))]}>
          <Input maxLength={32} data-testid="menu-name-input" />
        </Form.Item>
        <Form.Item
          name="nameEn"
          label={t('nameEn')}
          rules={[zodRule(shape.nameEn, t('nameEn'))]}
          tooltip={t('nameEnHint')}
        >
          <Input maxLength={64} data-testid="menu-name-en" />
        </Form.Item>
      </div>
      {type === MenuType.menu && (
        <Form.Item
          name="url"
          label={t('menu.url')}
          required
          rules={[
            { required: true, message: translate(currentLocale(), 'admin.menuNeedsRoute') },
            zodRule(shape.url, t('menu.url')),
          ]}
        >
          <Input maxLength={200} placeholder="/maintainSystem/user" data-testid="menu-url" />
        </Form.Item>
      )}
      {type !== MenuType.directory && (
        <Form.Item
          name="perms"
          label={t('menu.perms')}
          extra={t('menu.permsHint')}
          rules={[zodRule(shape.perms, t('menu.perms'))]}
        >
          <Input maxLength={500} data-testid="menu-perms" />
        </Form.Item>
      )}
      <div className="admin-form-grid">
        {type !== MenuType.button ? (
          <Form.Item
            name="icon"
            label={t('menu.icon')}
            extra={t('menu.iconHint')}
            rules={[zodRule(shape.icon, t('menu.icon'))]}
          >
            <Input maxLength={64} data-testid="menu-icon" />
          </Form.Item>
        ) : (
          <div />
        )}
        <Form.Item name="orderNum" label={t('menu.orderNum')} rules={[zodRule(shape.orderNum, t('menu.orderNum'))]}>
          <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </div>
    </FormModal>
  );
}
