import { useEffect, useRef, useState } from 'react';
import { App, Button, DatePicker, Empty, Form, Input, InputNumber, Modal, Radio, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../lib/paths';
import { showApiError } from '../../lib/form-errors';
import { SnapshotChecklist, snapshotKey, snapshotRefs } from '../../components/record-snapshots';
import { useInitiate, useMaterials, useRemotePatients, useTargets } from './api';
import { SignatureCanvas, type SignaturePadHandle } from './signature-pad';

type Values = {
  patientId: number;
  materials: string[];
  toOrganizationId: number;
  toOfficeId?: number;
  reason: string;
  question: string;
  urgency: 1 | 2 | 3;
  proposedAt: Dayjs;
  feeItem: string;
  feeYuan: number;
};

/**
 * A new remote-consultation request: the patient, what of the record goes along (snapshots of the patient card,
 * courses and assessment results), the related organization and office, the question, urgency and proposed time,
 * the fee item, and the patient's consent drawn on the signature pad. Submitted at once, or kept as a draft.
 */
export function RequestModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('telemedicine');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const [keyword, setKeyword] = useState('');
  const patientId = Form.useWatch('patientId', form);
  const toOrganizationId = Form.useWatch('toOrganizationId', form);
  const patients = useRemotePatients(keyword, true);
  const materials = useMaterials(patientId);
  const targets = useTargets(true);
  const initiate = useInitiate();
  const consent = useRef<SignaturePadHandle>(null);

  useEffect(() => {
    // the patient's card and latest course go along unless the doctor unticks them
    if (!materials.data) return;
    const firstCourse = materials.data.find((m) => m.kind === 'treatment');
    form.setFieldValue(
      'materials',
      materials.data
        .filter((m) => m.kind === 'patient' || m === firstCourse || m.kind === 'assessment')
        .map(snapshotKey),
    );
  }, [materials.data, form]);

  const offices = targets.data?.find((o) => o.id === toOrganizationId)?.offices ?? [];

  const submit = async (submitNow: boolean) => {
    const v = await form.validateFields();
    const png = consent.current?.png();
    if (!png) {
      message.warning(t('request.consentMissing'));
      return;
    }
    try {
      const res = await initiate.mutateAsync({
        body: {
          patientId: v.patientId,
          reason: v.reason,
          question: v.question,
          urgency: v.urgency,
          toOrganizationId: v.toOrganizationId,
          toOfficeId: v.toOfficeId ?? null,
          proposedAt: v.proposedAt.toISOString(),
          materials: snapshotRefs(v.materials),
          consentSignature: png,
          feeItem: v.feeItem,
          feeFen: Math.round(v.feeYuan * 100),
          submit: submitNow,
        },
      });
      message.success(t(submitNow ? 'request.submitted' : 'request.drafted'));
      onClose();
      navigate(`${paths.telemedicineDetail}?id=${res.data.id}`);
    } catch (error) {
      showApiError(error, t('failed'), message.error, form);
    }
  };

  return (
    <Modal
      open
      width={820}
      title={t('request.title')}
      onCancel={onClose}
      mask={{ closable: false }}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('common:action.cancel')}
        </Button>,
        <Button key="draft" onClick={() => submit(false)} loading={initiate.isPending} data-testid="remote-draft">
          {t('request.saveDraft')}
        </Button>,
        <Button
          key="submit"
          type="primary"
          onClick={() => submit(true)}
          loading={initiate.isPending}
          data-testid="remote-submit"
        >
          {t('request.submit')}
        </Button>,
      ]}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{
          urgency: 1,
          feeItem: t('request.defaultFeeItem'),
          feeYuan: 200,
          proposedAt: dayjs().add(1, 'day').hour(9).minute(0).second(0),
        }}
        data-testid="remote-request-form"
      >
        <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 16 }}>
          <Form.Item name="patientId" label={t('request.patient')} rules={[{ required: true }]}>
            <Select
              showSearch={{ filterOption: false, onSearch: setKeyword }}
              placeholder={t('request.patientHint')}
              options={(patients.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
              notFoundContent={
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noData')}>
                  <Link to={paths.patientManage}>
                    <Button size="small">{t('request.addPatient')}</Button>
                  </Link>
                </Empty>
              }
              data-testid="remote-patient"
            />
          </Form.Item>
          <Form.Item name="urgency" label={t('request.urgency')}>
            <Radio.Group optionType="button" options={[1, 2, 3].map((u) => ({ value: u, label: t(`urgency.${u}`) }))} />
          </Form.Item>
          <Form.Item name="toOrganizationId" label={t('request.toOrganization')} rules={[{ required: true }]}>
            <Select
              options={(targets.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
              onChange={() => form.setFieldValue('toOfficeId', undefined)}
              notFoundContent={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('request.noRelated')} />}
              data-testid="remote-to-org"
            />
          </Form.Item>
          <Form.Item name="toOfficeId" label={t('request.toOffice')}>
            <Select
              allowClear
              placeholder={t('request.anyOffice')}
              options={offices.map((o) => ({ value: o.id, label: o.name }))}
              data-testid="remote-to-office"
            />
          </Form.Item>
        </div>
        <Form.Item name="reason" label={t('request.reason')} rules={[{ required: true, whitespace: true, max: 200 }]}>
          <Input data-testid="remote-reason" />
        </Form.Item>
        <Form.Item
          name="question"
          label={t('request.question')}
          rules={[{ required: true, whitespace: true, max: 1000 }]}
        >
          <Input.TextArea rows={3} data-testid="remote-question" />
        </Form.Item>
        <Form.Item
          name="materials"
          label={t('request.materials')}
          rules={[{ required: true, type: 'array', min: 1, message: t('request.materialsRequired') }]}
        >
          <SnapshotChecklist candidates={materials.data ?? []} testId="remote-materials" />
        </Form.Item>
        <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr 1fr', columnGap: 16 }}>
          <Form.Item name="proposedAt" label={t('request.proposedAt')} rules={[{ required: true }]}>
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="feeItem"
            label={t('request.feeItem')}
            rules={[{ required: true, whitespace: true, max: 50 }]}
          >
            <Input />
          </Form.Item>
          <Form.Item name="feeYuan" label={t('request.fee')} rules={[{ required: true }]}>
            <InputNumber min={0} precision={2} style={{ width: '100%' }} />
          </Form.Item>
        </div>
        <Form.Item label={t('request.consent')} required>
          <SignatureCanvas ref={consent} testId="remote-consent" hint={t('request.consentHint')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
