import { Alert, Descriptions, Modal, Result, Space, Spin, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TransferOutcome, TransferPreview } from '@rehab/shared';
import { useTransferPreview } from './api';

type Project = TransferOutcome['projects'][number];

const money = (v: number | undefined) => (v === undefined ? '—' : v.toFixed(2));
const price = (unit: number | undefined, total: number | undefined) =>
  unit === undefined ? '—' : `${money(unit)} / ${money(total)}`;

/**
 * The projects of a transfer, as the preview plans them or as the acceptance copied them: the remaining sessions,
 * the sender's price and the price at the receiving side (its template's where the template maps), and whether the
 * template, body part, equipment and offices have a counterpart there. A transfer accepted before prices were
 * planned shows its sessions and template only.
 */
export function TransferProjectsTable({ projects, testId }: { projects: Project[]; testId: string }) {
  const { t } = useTranslation('referrals');
  const priced = projects.some((p) => p.unitPrice !== undefined);
  return (
    <Table<Project>
      rowKey={(p, i) => `${i}-${p.name}`}
      size="small"
      pagination={false}
      dataSource={projects}
      data-testid={testId}
      scroll={{ x: 'max-content' }}
      columns={[
        { key: 'name', title: t('transfer.project'), dataIndex: 'name' },
        { key: 'sessions', title: t('transfer.sessions'), dataIndex: 'sessions', width: 150 },
        ...(priced
          ? [
              {
                key: 'senderPrice',
                title: t('transfer.preview.senderPrice'),
                width: 190,
                align: 'right' as const,
                render: (_: unknown, p: Project) => price(p.senderUnitPrice, p.senderTotalPrice),
              },
              {
                key: 'price',
                title: t('transfer.preview.price'),
                width: 190,
                align: 'right' as const,
                render: (_: unknown, p: Project) => (
                  <Space orientation="vertical" size={0} align="end">
                    <Typography.Text strong data-testid="transfer-project-price">
                      {price(p.unitPrice, p.totalPrice)}
                    </Typography.Text>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {p.priceFrom === 'receiving'
                        ? t('transfer.preview.fromReceiving')
                        : t('transfer.preview.fromSender')}
                    </Typography.Text>
                  </Space>
                ),
              },
            ]
          : []),
        {
          key: 'mapping',
          title: t('transfer.preview.mapping'),
          width: 220,
          render: (_, p) => (
            <Space size={[4, 4]} wrap>
              {p.templateMapped ? (
                <Tag color="success">{t('transfer.mapped')}</Tag>
              ) : (
                <Tag color="warning" data-testid="transfer-project-unmapped">
                  {t('transfer.unmappedTag')}
                </Tag>
              )}
              {(
                [
                  ['part', p.partMapped],
                  ['equipment', p.equipmentMapped],
                  ['office', p.officeMapped],
                ] as const
              )
                .filter(([, mapped]) => mapped === false)
                .map(([what]) => (
                  <Tag key={what} color="warning">
                    {t('transfer.preview.noCounterpart', { what: t(`transfer.what.${what}`) })}
                  </Tag>
                ))}
            </Space>
          ),
        },
      ]}
    />
  );
}

/** What had no counterpart at the receiving side (by name): left empty or replaced by the receiving office. */
export function UnmappedAlert({ unmapped, testId }: { unmapped: TransferOutcome['unmapped']; testId: string }) {
  const { t } = useTranslation('referrals');
  if (!unmapped.length) return null;
  return (
    <Alert
      type="warning"
      showIcon
      title={t('transfer.unmapped')}
      description={unmapped.map((u) => `${t(`transfer.what.${u.what}`)}: ${u.name}`).join('; ')}
      data-testid={testId}
    />
  );
}

/**
 * Accepting a transfer: first what it would do (the server's preview, the same plan the acceptance carries out),
 * then the confirmation. A refusal accepting would answer (a diagnosis without counterpart, no current office)
 * blocks it: the confirm button stays disabled.
 */
export function TransferAcceptModal({
  id,
  open,
  accepting,
  onCancel,
  onConfirm,
}: {
  id: number;
  open: boolean;
  accepting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation('referrals');
  const query = useTransferPreview(id, open);
  const p = query.data;
  return (
    <Modal
      open={open}
      width={960}
      title={t('transfer.preview.title')}
      onCancel={onCancel}
      onOk={onConfirm}
      okText={t('transfer.preview.confirm')}
      okButtonProps={
        {
          disabled: !p || p.refusal !== null,
          loading: accepting,
          'data-testid': 'transfer-accept-confirm',
        } as never
      }
      destroyOnHidden
    >
      <div data-testid="transfer-preview">
        {query.isPending ? (
          <Spin style={{ display: 'block', margin: 32 }} />
        ) : !p ? (
          <Result status="warning" title={query.error?.message || t('transfer.preview.failed')} />
        ) : (
          <PreviewBody p={p} />
        )}
      </div>
    </Modal>
  );
}

function PreviewBody({ p }: { p: TransferPreview }) {
  const { t } = useTranslation('referrals');
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      {p.refusal ? (
        <Alert
          type="error"
          showIcon
          title={t('transfer.preview.blocked')}
          description={p.refusal}
          data-testid="transfer-preview-refusal"
        />
      ) : (
        <Typography.Text type="secondary">{t('transfer.preview.intro')}</Typography.Text>
      )}
      <Descriptions column={3} size="small" bordered>
        {p.diagnosis.map((d) => (
          <Descriptions.Item key={d.what} label={t(`transfer.preview.${d.what}`)}>
            <Space size={4} wrap>
              {d.name}
              <Tag color={d.mapped ? 'success' : 'error'} data-testid={`transfer-preview-${d.what}`}>
                {d.mapped ? t('transfer.preview.found') : t('transfer.preview.missing')}
              </Tag>
            </Space>
          </Descriptions.Item>
        ))}
        <Descriptions.Item label={t('transfer.preview.office')}>{p.office?.name ?? '—'}</Descriptions.Item>
      </Descriptions>
      {p.projects.length ? (
        <TransferProjectsTable projects={p.projects} testId="transfer-preview-projects" />
      ) : (
        <Typography.Text type="secondary">{t('transfer.preview.noProjects')}</Typography.Text>
      )}
      <UnmappedAlert unmapped={p.unmapped} testId="transfer-preview-unmapped" />
    </Space>
  );
}
