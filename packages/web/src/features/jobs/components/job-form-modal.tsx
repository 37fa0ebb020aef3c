import { useEffect } from 'react';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { cronExpressionSchema, jobParamsSchema, type JobBeanInfo, type JobRow } from '@rehab/shared';
import { FormModal } from '../../../components/form-modal';
import { zodRule } from '../../../lib/form-rules';
import { currentLocale } from '../../../lib/locale';
import { useSaveJob } from '../api/jobs';

type Props = { row: JobRow | null; open: boolean; beans: JobBeanInfo[]; onClose: () => void };
type Values = { beanName: string; params: string; cronExpression: string; remark?: string };

const pretty = (params: Record<string, unknown>) => (Object.keys(params).length ? JSON.stringify(params, null, 2) : '');

/** Adds or edits a job: a known job type, its parameters as JSON and the cron expression. */
export function JobFormModal({ row, open, beans, onClose }: Props) {
  const { t } = useTranslation('jobs');
  const locale = currentLocale();
  const [form] = Form.useForm<Values>();
  const save = useSaveJob();
  const action = row ? t('edit') : t('add');
  const beanName = Form.useWatch('beanName', form);
  const bean = beans.find((b) => b.name === beanName);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      row
        ? { beanName: row.beanName, params: pretty(row.params), cronExpression: row.cronExpression, remark: row.remark }
        : { params: '', remark: '' },
    );
  }, [open, row, form]);

  const chooseBean = (name: string) => {
    const chosen = beans.find((b) => b.name === name);
    if (!chosen || row) return;
    form.setFieldsValue({ params: pretty(chosen.defaultParams), cronExpression: chosen.defaultCron });
  };

  return (
    <FormModal
      open={open}
      title={action}
      width={640}
      form={form}
      testId="job"
      pending={save.isPending}
      action={action}
      onClose={onClose}
      onSubmit={(values) =>
        save.mutateAsync({ ...values, remark: values.remark ?? '', ...(row ? { jobId: row.jobId } : {}) })
      }
    >
      <Form.Item
        name="beanName"
        label={t('columns.beanName')}
        rules={[{ required: true, message: t('common:form.pleaseSelect', { label: t('columns.beanName') }) }]}
        extra={bean?.description[locale]}
      >
        <Select
          data-testid="job-bean"
          placeholder={t('common:form.pleaseSelect', { label: t('columns.beanName') })}
          onChange={chooseBean}
          options={beans.map((b) => ({ value: b.name, label: `${b.label[locale]} (${b.name})` }))}
        />
      </Form.Item>
      <Form.Item
        name="cronExpression"
        label={t('columns.cronExpression')}
        required
        rules={[zodRule(cronExpressionSchema, t('columns.cronExpression'))]}
        extra={t('cronHint')}
      >
        <Input maxLength={100} placeholder="0 0 2 * * ?" data-testid="job-cron" />
      </Form.Item>
      <Form.Item
        name="params"
        label={t('columns.params')}
        rules={[zodRule(jobParamsSchema, t('columns.params'))]}
        extra={t('paramsHint')}
      >
        <Input.TextArea rows={4} maxLength={2000} data-testid="job-params" style={{ fontFamily: 'monospace' }} />
      </Form.Item>
      <Form.Item name="remark" label={t('columns.remark')}>
        <Input maxLength={100} showCount data-testid="job-remark" />
      </Form.Item>
    </FormModal>
  );
}
