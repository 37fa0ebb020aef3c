import { useEffect, useState } from 'react';
import {
  App,
  Alert,
  Button,
  Card,
  DatePicker,
  Form,
  Input,
  Modal,
  Select,
  Space,
  Tabs,
  Timeline,
  Typography,
} from 'antd';
import { EyeOutlined, PictureOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ContentPerm, type ContentDetail, type ContentKind, type ContentSave } from '@rehab/shared';
import { RichTextEditor } from '../../components/rich-text/rich-text-editor';
import { showApiError } from '../../lib/form-errors';
import { usePermission, useSession } from '../../lib/session';
import { useCategories, useContentActions } from './api';
import { MediaPicker, MediaThumb, PreviewModal, StatusTag, useMediaUrl } from './common';

type Values = Omit<ContentSave, 'kind' | 'id'>;
const EMPTY: Values = {
  categoryId: null,
  titleZh: '',
  titleEn: '',
  summaryZh: '',
  summaryEn: '',
  bodyZh: '',
  bodyEn: '',
  coverMediaId: null,
  videoUrl: '',
  bannerMediaIds: [],
  honoursZh: '',
  honoursEn: '',
  addressZh: '',
  addressEn: '',
  phone: '',
};

const valuesOf = (item: ContentDetail | null | undefined): Values =>
  item ? (Object.fromEntries(Object.keys(EMPTY).map((k) => [k, item[k as keyof ContentDetail]])) as Values) : EMPTY;

/**
 * The editor of one content item (a homepage, a knowledge article or an education item) and its workflow: save the
 * draft, submit it for review, and, for a reviewer who is not its author, publish (now or at a time) or send it back;
 * unpublish; the mini-program preview; the versions. Chinese fields are required, English ones fall back to them.
 */
export function ContentEditor({
  kind,
  item,
  onSaved,
}: {
  kind: ContentKind;
  item: ContentDetail | null;
  onSaved?: (id: number) => void;
}) {
  const { t } = useTranslation('content');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const can = usePermission();
  const { user } = useSession();
  const actions = useContentActions();
  const categories = useCategories();
  const mediaUrl = useMediaUrl();
  const [picking, setPicking] = useState<null | 'cover' | 'banner' | 'bodyZh' | 'bodyEn'>(null);
  const [pickResolve, setPickResolve] = useState<((src: string | null) => void) | null>(null);
  const [preview, setPreview] = useState<{ zh: string; en: string } | null>(null);
  const [approving, setApproving] = useState(false);
  const [publishAt, setPublishAt] = useState<Dayjs | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const homepage = kind === 'company' || kind === 'hospital';

  useEffect(() => form.setFieldsValue(valuesOf(item)), [form, item]);

  const status = item?.status ?? 'draft';
  const editable = can(ContentPerm.save) && (status === 'draft' || status === 'published' || status === 'unpublished');
  const mine = item && user && (item.authorId === user.id || item.submittedById === user.id);
  const canReview = item && status === 'review' && can(ContentPerm.review);

  const fail = (error: unknown) => showApiError(error, t('failed'), message.error, form);
  const save = async () => {
    const values = await form.validateFields();
    try {
      const answer = await actions.save.mutateAsync({
        body: { ...EMPTY, ...values, kind, ...(item ? { id: item.id } : {}) },
      });
      message.success(t('saved'));
      onSaved?.(answer.data.id);
      return answer.data.id;
    } catch (error) {
      fail(error);
      return null;
    }
  };
  const step = async (run: () => Promise<unknown>, done: string) => {
    try {
      await run();
      message.success(t(done));
    } catch (error) {
      fail(error);
    }
  };
  const pickBodyImage = (field: 'bodyZh' | 'bodyEn') => () =>
    new Promise<string | null>((resolve) => {
      setPickResolve(() => resolve);
      setPicking(field);
    });

  const langTab = (lang: 'Zh' | 'En') => (
    <>
      <Form.Item
        name={`title${lang}`}
        label={t('field.title')}
        rules={lang === 'Zh' ? [{ required: true, whitespace: true, message: t('required.title') }] : []}
      >
        <Input maxLength={lang === 'Zh' ? 100 : 200} data-testid={`content-title-${lang.toLowerCase()}`} />
      </Form.Item>
      {!homepage && (
        <Form.Item name={`summary${lang}`} label={t('field.summary')}>
          <Input.TextArea rows={2} maxLength={lang === 'Zh' ? 300 : 600} />
        </Form.Item>
      )}
      <Form.Item name={`body${lang}`} label={homepage ? t('field.introduction') : t('field.body')}>
        <RichTextEditor
          placeholder={t('placeholder.body')}
          aria-label={homepage ? t('field.introduction') : t('field.body')}
          onPickImage={pickBodyImage(`body${lang}`)}
        />
      </Form.Item>
      {homepage && (
        <>
          <Form.Item name={`honours${lang}`} label={t('field.honours')} extra={t('hint.honours')}>
            <Input.TextArea rows={3} />
          </Form.Item>
          <Form.Item name={`address${lang}`} label={t('field.address')}>
            <Input maxLength={200} />
          </Form.Item>
        </>
      )}
    </>
  );

  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) 280px', gap: 16 }}>
      <Card
        title={
          <Space>
            {item ? <StatusTag status={status} /> : null}
            {item ? t('versionShort', { version: item.version, published: item.publishedVersion ?? '—' }) : t('new')}
          </Space>
        }
        extra={
          <Space wrap>
            <Button
              icon={<EyeOutlined />}
              onClick={async () => {
                const v = form.getFieldsValue();
                try {
                  const r = await actions.preview.mutateAsync({ body: { zh: v.bodyZh ?? '', en: v.bodyEn ?? '' } });
                  setPreview(r.data);
                } catch (error) {
                  fail(error);
                }
              }}
              data-testid="content-preview-open"
            >
              {t('action.preview')}
            </Button>
            {editable && (
              <Button onClick={save} loading={actions.save.isPending} data-testid="content-save">
                {t('action.save')}
              </Button>
            )}
            {editable && (
              <Button
                type="primary"
                data-testid="content-submit"
                onClick={async () => {
                  const id = await save();
                  if (id) await step(() => actions.submit.mutateAsync({ body: { id } }), 'submitted');
                }}
              >
                {t('action.submit')}
              </Button>
            )}
            {canReview && !mine && (
              <>
                <Button danger onClick={() => setRejecting(true)} data-testid="content-reject">
                  {t('action.reject')}
                </Button>
                <Button type="primary" onClick={() => setApproving(true)} data-testid="content-approve">
                  {t('action.approve')}
                </Button>
              </>
            )}
            {item && can(ContentPerm.review) && (item.publishedVersion !== null || status === 'scheduled') && (
              <Button
                danger
                data-testid="content-unpublish"
                onClick={() =>
                  Modal.confirm({
                    title: t('confirm.unpublish'),
                    onOk: () => step(() => actions.unpublish.mutateAsync({ body: { id: item.id } }), 'unpublished'),
                  })
                }
              >
                {t('action.unpublish')}
              </Button>
            )}
          </Space>
        }
      >
        {canReview && mine && (
          <Alert type="info" showIcon message={t('hint.selfReview')} style={{ marginBottom: 12 }} />
        )}
        {item?.rejectReason && status === 'draft' && (
          <Alert
            type="warning"
            showIcon
            message={t('rejectedWith', { reason: item.rejectReason })}
            style={{ marginBottom: 12 }}
          />
        )}
        <Form form={form} layout="vertical" disabled={!editable} initialValues={EMPTY}>
          {!homepage && (
            <Form.Item name="categoryId" label={t('field.category')}>
              <Select
                allowClear
                style={{ maxWidth: 320 }}
                options={(categories.data ?? []).map((c) => ({
                  value: c.id,
                  label: `${c.nameZh}${c.nameEn ? ` / ${c.nameEn}` : ''}`,
                }))}
              />
            </Form.Item>
          )}
          <Tabs
            items={[
              { key: 'zh', label: t('lang.zh'), children: langTab('Zh'), forceRender: true },
              { key: 'en', label: t('lang.en'), children: langTab('En'), forceRender: true },
            ]}
          />
          <Form.Item label={homepage ? t('field.banners') : t('field.cover')}>
            <Space wrap>
              <Form.Item noStyle shouldUpdate>
                {() =>
                  homepage ? (
                    (form.getFieldValue('bannerMediaIds') as number[]).map((id) => (
                      <Space key={id} direction="vertical" size={2}>
                        <MediaThumb id={id} />
                        <Button
                          size="small"
                          type="link"
                          onClick={() =>
                            form.setFieldValue(
                              'bannerMediaIds',
                              (form.getFieldValue('bannerMediaIds') as number[]).filter((b) => b !== id),
                            )
                          }
                        >
                          {t('action.remove')}
                        </Button>
                      </Space>
                    ))
                  ) : (
                    <MediaThumb id={form.getFieldValue('coverMediaId') as number | null} />
                  )
                }
              </Form.Item>
              <Button
                icon={<PictureOutlined />}
                onClick={() => setPicking(homepage ? 'banner' : 'cover')}
                data-testid="content-pick-image"
              >
                {t('action.pickImage')}
              </Button>
            </Space>
          </Form.Item>
          <Form.Item name="bannerMediaIds" hidden>
            <Input />
          </Form.Item>
          <Form.Item name="coverMediaId" hidden>
            <Input />
          </Form.Item>
          {homepage ? (
            <Form.Item
              name="phone"
              label={t('field.phone')}
              rules={[{ pattern: /^[0-9+\-() ]*$/, message: t('invalid.phone') }]}
            >
              <Input maxLength={30} style={{ maxWidth: 240 }} />
            </Form.Item>
          ) : (
            <Form.Item
              name="videoUrl"
              label={t('field.video')}
              extra={t('hint.video')}
              rules={[{ pattern: /^(https:\/\/\S+)?$/, message: t('invalid.video') }]}
            >
              <Input maxLength={500} placeholder="https://" />
            </Form.Item>
          )}
        </Form>
      </Card>
      <Card title={t('versions')} size="small">
        {item?.versions.length ? (
          <Timeline
            items={item.versions.map((v) => ({
              color: v.outcome === 'approved' ? 'green' : v.outcome === 'rejected' ? 'red' : 'blue',
              children: (
                <div>
                  <Typography.Text strong>{t('versionN', { version: v.version })}</Typography.Text>
                  <div>
                    {t('submittedBy', {
                      name: v.submittedBy ?? '—',
                      at: dayjs(v.submittedAt).format('YYYY-MM-DD HH:mm'),
                    })}
                  </div>
                  {v.reviewedAt && (
                    <div>
                      {t(`outcome.${v.outcome ?? 'approved'}`, {
                        name: v.reviewedBy ?? '—',
                        at: dayjs(v.reviewedAt).format('YYYY-MM-DD HH:mm'),
                      })}
                    </div>
                  )}
                  {v.note && <div className="content-hint">{v.note}</div>}
                </div>
              ),
            }))}
          />
        ) : (
          <span className="content-hint">{t('noVersions')}</span>
        )}
      </Card>
      {picking && (
        <MediaPicker
          onClose={() => {
            pickResolve?.(null);
            setPickResolve(null);
            setPicking(null);
          }}
          onPick={(id) => {
            if (picking === 'cover') form.setFieldValue('coverMediaId', id);
            else if (picking === 'banner') {
              const list = form.getFieldValue('bannerMediaIds') as number[];
              if (!list.includes(id)) form.setFieldValue('bannerMediaIds', [...list, id]);
            } else pickResolve?.(mediaUrl(id));
            setPickResolve(null);
            setPicking(null);
          }}
        />
      )}
      {preview && <PreviewModal html={preview} onClose={() => setPreview(null)} />}
      <Modal
        open={approving}
        title={t('action.approve')}
        onCancel={() => setApproving(false)}
        okButtonProps={{ 'data-testid': 'content-approve-ok' } as never}
        onOk={async () => {
          if (!item) return;
          await step(
            () =>
              actions.approve.mutateAsync({
                body: { id: item.id, publishAt: publishAt ? publishAt.toISOString() : null },
              }),
            publishAt ? 'scheduled' : 'published',
          );
          setApproving(false);
        }}
        destroyOnHidden
      >
        <p>{t('hint.publishAt')}</p>
        <DatePicker
          showTime
          value={publishAt}
          onChange={setPublishAt}
          disabledDate={(d) => d.isBefore(dayjs(), 'day')}
        />
      </Modal>
      <Modal
        open={rejecting}
        title={t('action.reject')}
        onCancel={() => setRejecting(false)}
        okButtonProps={{ disabled: !reason.trim() }}
        onOk={async () => {
          if (!item) return;
          await step(() => actions.reject.mutateAsync({ body: { id: item.id, reason: reason.trim() } }), 'rejected');
          setRejecting(false);
        }}
        destroyOnHidden
      >
        <Input.TextArea
          rows={3}
          maxLength={200}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          placeholder={t('placeholder.reason')}
        />
      </Modal>
    </div>
  );
}
