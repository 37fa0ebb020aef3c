import { useState } from 'react';
import { App, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ReferralPerm } from '@rehab/shared';
import { showApiError } from '../../lib/form-errors';
import { usePermission } from '../../lib/session';
import { useExecutiveCode } from './api';
import { href, paths } from '../../lib/paths';

/**
 * The executive-code box of the work-order list: a barcode scanner types the project's code and Enter; today's order
 * of the project opens (created when the project had none today).
 */
export function ExecutiveCodeBox() {
  const { t } = useTranslation('orders');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const can = usePermission();
  const scan = useExecutiveCode();
  const [code, setCode] = useState('');
  if (!can(ReferralPerm.scan)) return null;
  const submit = async (value: string) => {
    const v = value.trim();
    if (!v) return;
    try {
      const res = await scan.mutateAsync({ code: v });
      setCode('');
      const open = res.list.find((o) => o.status === 1) ?? res.list[0];
      message.success(t(res.created ? 'scan.created' : 'scan.found', { project: open?.projectName ?? '' }));
      if (open) navigate(href(paths.orderDetail, { id: open.id }));
    } catch (error) {
      showApiError(error, t('scan.failed'), message.error);
    }
  };
  return (
    <Input.Search
      className="wo-scan"
      data-testid="executive-code"
      value={code}
      maxLength={20}
      allowClear
      loading={scan.isPending}
      placeholder={t('scan.placeholder')}
      enterButton={t('scan.button')}
      onChange={(e) => setCode(e.target.value)}
      onSearch={submit}
    />
  );
}
