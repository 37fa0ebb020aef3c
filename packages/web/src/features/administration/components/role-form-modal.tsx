import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Form, Input, Space, Spin, Tag, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useTranslation } from 'react-i18next';
import { roleSaveSchema, type AdminMenuNode } from '@rehab/shared';
import { zodRule } from '../../../lib/form-rules';
import { currentLocale, localName } from '../../../lib/locale';
import { useGrantableMenus, useRoleInfo, useSaveRole } from '../api/roles';
import { toggleMenu, treeIds } from '../menu-tree';
import { FormModal } from '../../../components/form-modal';

type Values = { roleName: string; roleNameEn?: string; remark?: string; menuIdList: number[] };
type Props = { open: boolean; roleId: number | null; onClose: () => void };

const fields = roleSaveSchema.shape;
const TYPE_COLOR = ['default', 'blue', 'orange'] as const;

/**
 * Adds or edits a role: its name in both languages and the menus it grants, chosen in a tree of directories, menus
 * and buttons (only the menus the editor holds are offered).
 */
export function RoleFormModal({ open, roleId, onClose }: Props) {
  const { t } = useTranslation('admin');
  const locale = currentLocale();
  const [form] = Form.useForm<Values>();
  const info = useRoleInfo(open ? roleId : null);
  const menus = useGrantableMenus(open);
  const save = useSaveRole();
  const [expanded, setExpanded] = useState<number[]>([]);
  const action = roleId ? t('role.edit') : t('role.add');

  // filled once per opening, from the role as fetched on opening: a later background refetch must not wipe what the
  // user has edited since
  const filledFor = useRef<number | null | undefined>(undefined);
  useEffect(() => {
    if (!open) {
      filledFor.current = undefined;
      return;
    }
    if (filledFor.current === roleId) return;
    if (roleId === null) {
      form.resetFields();
      form.setFieldsValue({ menuIdList: [] });
      filledFor.current = roleId;
    } else if (info.data && !info.isFetching) {
      form.resetFields();
      form.setFieldsValue({
        roleName: info.data.roleName,
        roleNameEn: info.data.roleNameLang.en ?? '',
        remark: info.data.remark ?? '',
        menuIdList: info.data.menuIdList,
      });
      filledFor.current = roleId;
    }
  }, [open, roleId, info.data, info.isFetching, form]);

  const offered = useMemo(() => new Set(treeIds(menus.data ?? [])), [menus.data]);
  const treeData = useMemo(() => {
    const toData = (list: AdminMenuNode[]): DataNode[] =>
      list.map((n) => ({
        key: n.menuId,
        title: (
          <span data-testid={`menu-node-${n.key ?? n.menuId}`}>
            {localName(n, locale)}{' '}
            <Tag color={TYPE_COLOR[n.type]} bordered={false}>
              {t(`menu.types.${n.type}`)}
            </Tag>
          </span>
        ),
        children: toData(n.children),
      }));
    return toData(menus.data ?? []);
  }, [menus.data, locale, t]);

  return (
    <FormModal
      open={open}
      title={action}
      width={680}
      form={form}
      testId="role"
      pending={save.isPending}
      action={action}
      onClose={onClose}
      onSubmit={(values) => {
        return save.mutateAsync({
          ...(roleId ? { roleId } : {}),
          roleName: values.roleName,
          roleNameEn: values.roleNameEn ?? '',
          remark: values.remark ?? '',
          // menus outside the editor's own are kept as they are by the server's check, so send only offered ones
          menuIdList: (values.menuIdList ?? []).filter((id) => offered.has(id)),
        });
      }}
    >
      <div className="admin-form-grid">
        <Form.Item name="roleName" label={t('role.name')} required rules={[zodRule(fields.roleName, t('role.name'))]}>
          <Input maxLength={32} data-testid="role-name" />
        </Form.Item>
        <Form.Item
          name="roleNameEn"
          label={t('role.nameEn')}
          rules={[zodRule(fields.roleNameEn, t('role.nameEn'))]}
          tooltip={t('nameEnHint')}
        >
          <Input maxLength={64} data-testid="role-name-en" />
        </Form.Item>
      </div>
      <Form.Item name="remark" label={t('remark')} rules={[zodRule(fields.remark, t('remark'))]}>
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item label={t('role.menus')} extra={t('role.menusHint')}>
        <Space style={{ marginBottom: 8 }}>
          <Button size="small" onClick={() => setExpanded([...offered])}>
            {t('role.expandAll')}
          </Button>
          <Button size="small" onClick={() => setExpanded([])}>
            {t('role.collapseAll')}
          </Button>
          <Button size="small" onClick={() => form.setFieldsValue({ menuIdList: [...offered] })}>
            {t('role.checkAll')}
          </Button>
        </Space>
        {menus.isError && <Alert type="error" showIcon title={t('loadFailed')} />}
        <div className="admin-tree-box" data-testid="role-menu-tree">
          {menus.isLoading ? (
            <Spin />
          ) : (
            <Form.Item name="menuIdList" noStyle>
              <MenuTreeField tree={menus.data ?? []} treeData={treeData} expanded={expanded} onExpand={setExpanded} />
            </Form.Item>
          )}
        </div>
      </Form.Item>
    </FormModal>
  );
}

/** The menu tree as a form field: its value is the granted menu ids (see toggleMenu for how checks spread). */
function MenuTreeField(props: {
  tree: AdminMenuNode[];
  treeData: DataNode[];
  expanded: number[];
  onExpand: (keys: number[]) => void;
  value?: number[];
  onChange?: (value: number[]) => void;
}) {
  const granted = props.value ?? [];
  return (
    <Tree
      checkable
      checkStrictly
      selectable={false}
      treeData={props.treeData}
      expandedKeys={props.expanded}
      onExpand={(keys) => props.onExpand(keys as number[])}
      checkedKeys={{ checked: granted, halfChecked: [] }}
      onCheck={(_, info) => props.onChange?.(toggleMenu(props.tree, granted, Number(info.node.key), info.checked))}
    />
  );
}
