import { useEffect, useState } from 'react';
import { App, Button, Empty, Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { showApiError } from '../../lib/form-errors';
import { SnapshotChecklist, snapshotKey, snapshotRefs } from '../../components/record-snapshots';
import type { ReferralKind } from '@rehab/shared';
import { useReferralMaterials, useReferralPatients, useReferralTargets, useRequestReferral } from './api';
import { kindKey } from './common';

type Values = {
  patientId: number;
  treatmentId: number;
  materials: string[];
  toOrganizationId: number;
  toOfficeId?: number;
  reason: string;
};

export type ReferralPreset = { patientId: number; patientName: string; treatmentId?: number };

/**
 * A new referral: the patient and the course referred, what of the record goes along (snapshots of the patient card,
 * courses and assessment results), the receiving organization (the own one: another office; or a related one) and
 * office, and the reason. Opened from the list, or from the patient detail's "Refer" with the patient and course.
 */
export function ReferralRequestModal({
  kind = 'referral',
  preset,
  onClose,
  onDone,
}: {
  kind?: ReferralKind;
  preset?: ReferralPreset;
  onClose: () => void;
  onDone: (id: number) => void;
}) {
  const { t } = useTranslation('referrals');
  const k = (key: string) => t(kindKey(kind, key));
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [keyword, setKeyword] = useState('');
  const patientId = Form.useWatch('patientId', form);
  const toOrganizationId = Form.useWatch('toOrganizationId', form);
  const patients = useReferralPatients(keyword);
  const materials = useReferralMaterials(patientId);
  const targets = useReferralTargets();
  const request = useRequestReferral();

  const courses = (materials.data ?? []).filter((m) => m.kind === 'treatment');
  useEffect(() => {
    // the course: the one the detail was showing, else the latest; the patient's card and that course go along
    if (!materials.data) return;
    const course =
      materials.data.find(
        (m) => m.kind === 'treatment' && m.refId === (form.getFieldValue('treatmentId') ?? preset?.treatmentId),
      ) ?? materials.data.find((m) => m.kind === 'treatment');
    form.setFieldValue('treatmentId', course?.refId);
    form.setFieldValue(
      'materials',
      materials.data.filter((m) => m.kind === 'patient' || m === course).map(snapshotKey),
    );
  }, [materials.data, form, preset?.treatmentId]);

  const own = targets.data?.find((o) => o.id === toOrganizationId)?.own ?? false;
  const offices = targets.data?.find((o) => o.id === toOrganizationId)?.offices ?? [];
  const patientOptions = (patients.data ?? []).map((p) => ({ value: p.id, label: p.name }));
  if (preset && !patientOptions.some((o) => o.value === preset.patientId))
    patientOptions.unshift({ value: preset.patientId, label: preset.patientName });

  const submit = async () => {
    const v = await form.validateFields();
    try {
      const res = await request.mutateAsync({
        body: {
          kind,
          patientId: v.patientId,
          treatmentId: v.treatmentId,
          toOrganizationId: v.toOrganizationId,
          toOfficeId: v.toOfficeId ?? null,
          reason: v.reason,
          materials: snapshotRefs(v.materials),
        },
      });
      message.success(k('request.done'));
      onDone(res.data.id);
    } catch (error) {
      showApiError(error, t('failed'), message.error, form);
    }
  };

  return (
    <Modal
      open
      width={760}
      title={k('request.title')}
      onCancel={onClose}
      mask={{ closable: false }}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('common:action.cancel')}
        </Button>,
        <Button key="submit" type="primary" onClick={submit} loading={request.isPending} data-testid="referral-submit">
          {k('request.submit')}
        </Button>,
      ]}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={preset ? { patientId: preset.patientId, treatmentId: preset.treatmentId } : {}}
        data-testid="referral-form"
      >
        <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 16 }}>
          <Form.Item name="patientId" label={t('request.patient')} rules={[{ required: true }]}>
            <Select
              showSearch={{ filterOption: false, onSearch: setKeyword }}
              placeholder={t('request.patientHint')}
              options={patientOptions}
              onChange={() => form.setFieldValue('treatmentId', undefined)}
              notFoundContent={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noData')} />}
              data-testid="referral-patient"
            />
          </Form.Item>
          <Form.Item name="treatmentId" label={k('request.course')} rules={[{ required: true }]}>
            <Select
              options={courses.map((c) => ({ value: c.refId, label: c.title }))}
              onChange={(id: number) =>
                form.setFieldValue('materials', [
                  ...(form.getFieldValue('materials') as string[]).filter((m) => !m.startsWith('treatment:')),
                  `treatment:${id}`,
                ])
              }
              data-testid="referral-course"
            />
          </Form.Item>
          <Form.Item name="toOrganizationId" label={t('request.toOrganization')} rules={[{ required: true }]}>
            <Select
              options={(targets.data ?? []).map((o) => ({
                value: o.id,
                label: o.own ? t('request.own', { name: o.name }) : o.name,
              }))}
              onChange={() => form.setFieldValue('toOfficeId', undefined)}
              data-testid="referral-to-org"
            />
          </Form.Item>
          <Form.Item
            name="toOfficeId"
            label={t('request.toOffice')}
            rules={[{ required: own, message: t('request.officeRequired') }]}
          >
            <Select
              allowClear
              placeholder={own ? t('request.officeRequired') : t('request.anyOffice')}
              options={offices.map((o) => ({ value: o.id, label: o.name }))}
              data-testid="referral-to-office"
            />
          </Form.Item>
        </div>
        <Form.Item name="reason" label={k('request.reason')} rules={[{ required: true, whitespace: true, max: 200 }]}>
          <Input.TextArea rows={2} data-testid="referral-reason" />
        </Form.Item>
        <Form.Item
          name="materials"
          label={t('request.materials')}
          extra={k('request.materialsHint')}
          rules={[{ required: true, type: 'array', min: 1, message: t('request.materialsRequired') }]}
        >
          <SnapshotChecklist candidates={materials.data ?? []} testId="referral-materials" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
