import { useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Descriptions,
  Empty,
  Input,
  Modal,
  Result,
  Space,
  Spin,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { KeyboardPopconfirm } from '../../components/keyboard-popconfirm';
import { ArrowLeftOutlined, CheckOutlined, CloseOutlined, EditOutlined, StopOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import {
  Attendance,
  MEETING_REASON_MAX,
  MeetingPerm,
  MeetingStatus,
  ReportStatus,
  canMeeting,
  idSchema,
  type AttendanceCode,
  type MeetingInfo,
  type MeetingState,
  type MeetingStatusCode,
  type ReportStatusCode,
} from '@rehab/shared';
import { showApiError } from '../../lib/form-errors';
import { useCaOn, usePermission, useSession } from '../../lib/session';
import { RecordSignatureCard } from '../../components/record-signature-card';
import { RichTextEditor } from '../../components/rich-text/rich-text-editor';
import { DraftNotice } from '../../components/draft-notice';
import { useFormDraft } from '../../lib/drafts';
import {
  useMeetingChange,
  useMeetingInfo,
  useMeetingReportSignature,
  useSignMeetingReport,
  type MeetingChange,
} from './api';
import { ArrangeModal } from './arrange-modal';
import { meetingListPath } from './paths';
import { AttendanceTag, MeetingStatusTag, ReportStatusTag } from './tags';
import '../../components/rich-text/rich-text.css';
import './meetings.css';
import { sanitizeHtml } from '../../lib/safe-html';

const TIME = 'YYYY-MM-DD HH:mm';
const time = (v: string | null) => (v ? dayjs(v).format(TIME) : '—');

const stateOf = (m: MeetingInfo): MeetingState => ({
  status: m.status as MeetingStatusCode,
  reportStatus: m.reportStatus as ReportStatusCode,
  hostId: m.hostId,
  applicantId: m.applicantId,
  participants: m.participants.map((p) => ({ userId: p.userId, attendance: p.attendance as AttendanceCode })),
});

/** A dialog asking for one text (leave reason, cancel reason, review opinion). */
function ReasonModal({
  open,
  title,
  placeholder,
  required,
  testId,
  pending,
  hint,
  onOk,
  onClose,
}: {
  open: boolean;
  title: string;
  hint?: string;
  placeholder: string;
  required: boolean;
  testId: string;
  pending: boolean;
  onOk: (text: string) => void;
  onClose: () => void;
}) {
  const [text, setText] = useState('');
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      onOk={() => onOk(text.trim())}
      okButtonProps={{ disabled: required && !text.trim(), loading: pending, 'data-testid': `${testId}-ok` } as never}
      destroyOnHidden
    >
      {hint ? <Typography.Paragraph>{hint}</Typography.Paragraph> : null}
      <Input.TextArea
        value={text}
        onChange={(e) => setText(e.target.value)}
        maxLength={MEETING_REASON_MAX}
        showCount
        autoSize={{ minRows: 3, maxRows: 6 }}
        placeholder={placeholder}
        data-testid={`${testId}-text`}
      />
    </Modal>
  );
}

/** The host's report editor: the draft as last saved, saved again or submitted for review. */
function ReportEditor({
  meeting,
  pending,
  onSave,
}: {
  meeting: MeetingInfo;
  pending: boolean;
  onSave: (content: string, submit: boolean, signLater: boolean) => Promise<boolean>;
}) {
  const { t } = useTranslation('meetings');
  const { t: ts } = useTranslation('signatures');
  // with CA on, the report is signed with the host's certificate as it is submitted (issue 19)
  const caOn = useCaOn();
  const [signLater, setSignLater] = useState(false);
  const [report, setReport] = useState(meeting.reportContent);
  // the text survives a forced sign-out (issue 21): kept locally as it is typed, offered back on the next visit
  const kept = useFormDraft<string>('meetingReport', { enabled: true, record: meeting.id });
  const handleChange = (html: string) => {
    setReport(html);
    kept.save(html);
  };
  const handleSave = async (submit: boolean) => {
    const ok = await onSave(report, submit, caOn && signLater);
    if (ok) kept.clear();
    return ok;
  };
  return (
    <div className="meeting-report-editor">
      <DraftNotice
        draft={kept.offered}
        onRestore={() => {
          const html = kept.restore();
          if (html !== null) setReport(html);
        }}
        onDiscard={kept.discard}
      />
      {meeting.reviewOpinion && meeting.reportStatus === ReportStatus.draft ? (
        <Alert type="warning" showIcon title={`${t('field.opinion')}: ${meeting.reviewOpinion}`} />
      ) : null}
      <Typography.Text type="secondary">{t('reportHint')}</Typography.Text>
      <RichTextEditor value={report} onChange={handleChange} placeholder={t('placeholder.report')} />
      <Space>
        <Button loading={pending} onClick={() => void handleSave(false)} data-testid="meeting-save-report">
          {t('action.saveDraft')}
        </Button>
        <KeyboardPopconfirm title={t('confirmSubmit')} onConfirm={() => handleSave(true)}>
          <Button type="primary" loading={pending} data-testid="meeting-submit-report">
            {t('action.submit')}
          </Button>
        </KeyboardPopconfirm>
        {caOn ? (
          <Tooltip title={ts('record.signLaterHint')}>
            <Checkbox checked={signLater} onChange={(e) => setSignLater(e.target.checked)} data-testid="sign-later">
              {ts('record.signLater')}
            </Checkbox>
          </Tooltip>
        ) : null}
      </Space>
    </div>
  );
}

/** The submitted report's electronic signature (issue 19): verified now; the host signs it here if it is not. */
function MeetingReportSignature({ id }: { id: number }) {
  const state = useMeetingReportSignature(id);
  const sign = useSignMeetingReport();
  return (
    <RecordSignatureCard
      data={state.data}
      onSign={() => sign.mutateAsync(id)}
      signing={sign.isPending}
      signButtonTestId="meeting-report-sign"
      testId="meeting-report-signature"
    />
  );
}

/**
 * `/recovery/meeting/detail/:id/:disable?`: the meeting with its participants; the current user's own answer
 * (confirm / cannot attend), the host's presence record and report editor, the reviewer's approval or return.
 * `disable` (any value) shows it read-only.
 */
export function MeetingDetailPage() {
  const { t } = useTranslation('meetings');
  const { message } = App.useApp();
  const caOn = useCaOn();
  const navigate = useNavigate();
  const params = useParams();
  const parsed = idSchema.safeParse(params.id);
  const id = parsed.success ? parsed.data : null;
  const readOnly = Boolean(params.disable && params.disable !== '0');
  const info = useMeetingInfo(id);
  const change = useMeetingChange();
  const can = usePermission();
  const { user } = useSession();
  const [editing, setEditing] = useState(false);
  const [asking, setAsking] = useState<null | 'leave' | 'cancel' | 'return'>(null);
  const m = info.data;

  if (id === null || info.isError) {
    return (
      <Result
        status="warning"
        title={t('notFound')}
        subTitle={info.error?.message}
        extra={<Button onClick={() => navigate(meetingListPath())}>{t('back')}</Button>}
      />
    );
  }
  if (!m) return <Spin className="meeting-loading" />;

  const me = user?.id ?? 0;
  const state = stateOf(m);
  const allowed = (perm: string, action: Parameters<typeof canMeeting>[2]) =>
    !readOnly && can(perm) && canMeeting(state, me, action);
  const mine = m.participants.find((p) => p.userId === me);
  const isHost = m.hostId === me;

  const run = async (c: MeetingChange, done: string) => {
    try {
      await change.mutateAsync(c);
      message.success(t('common:status.success', { action: done }));
      return true;
    } catch (err) {
      showApiError(err, t('common:status.failure', { action: done }), message.error);
      return false;
    }
  };

  const canPresence = allowed(MeetingPerm.presence, 'presence');
  const canWrite = allowed(MeetingPerm.report, 'saveReport');
  const canReview = allowed(MeetingPerm.review, 'review');

  return (
    <div className="meeting-page" data-testid="meeting-detail">
      <div className="meeting-head">
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)}>
          {t('back')}
        </Button>
        <Space wrap>
          {readOnly ? <Tag>{t('readOnly')}</Tag> : null}
          {allowed(MeetingPerm.save, 'update') ? (
            <Button icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="meeting-edit">
              {t('action.update')}
            </Button>
          ) : null}
          {allowed(MeetingPerm.save, 'cancel') ? (
            <Button danger icon={<StopOutlined />} onClick={() => setAsking('cancel')} data-testid="meeting-cancel">
              {t('action.cancel')}
            </Button>
          ) : null}
        </Space>
      </div>

      <Card>
        <Typography.Title level={4} className="meeting-title" data-testid="meeting-theme-title">
          {m.theme} <MeetingStatusTag status={m.status} />
        </Typography.Title>
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} bordered>
          <Descriptions.Item label={t('field.patientInfo')}>
            <b>{m.patientName}</b>
            {[m.patientAge !== null ? `${m.patientAge}` : null, m.inpatientNo ?? m.outpatientNo, m.bedNo]
              .filter(Boolean)
              .map((x) => ` · ${x}`)
              .join('')}
          </Descriptions.Item>
          <Descriptions.Item label={t('field.startTime')}>{time(m.startTime)}</Descriptions.Item>
          <Descriptions.Item label={t('field.location')}>{m.location}</Descriptions.Item>
          <Descriptions.Item label={t('field.host')}>{m.hostName}</Descriptions.Item>
          <Descriptions.Item label={t('field.applicant')}>{m.applicantName}</Descriptions.Item>
          <Descriptions.Item label={t('field.reportStatus')}>
            <ReportStatusTag status={m.reportStatus} />
          </Descriptions.Item>
          {m.status === MeetingStatus.cancelled ? (
            <Descriptions.Item label={t('field.cancelReason')}>{m.cancelReason || '—'}</Descriptions.Item>
          ) : null}
        </Descriptions>
      </Card>

      {!readOnly && m.status === MeetingStatus.arranged ? (
        <Card size="small" title={t('mine')} data-testid="meeting-mine">
          {mine ? (
            <Space wrap>
              <AttendanceTag value={mine.attendance} testId="meeting-my-attendance" />
              {mine.attendance === Attendance.leave && mine.leaveReason ? (
                <Typography.Text type="secondary">{mine.leaveReason}</Typography.Text>
              ) : null}
              {allowed(MeetingPerm.attend, 'confirm') ? (
                <Button
                  type="primary"
                  icon={<CheckOutlined />}
                  loading={change.isPending}
                  onClick={() => void run({ call: 'confirm', body: { id: m.id } }, t('done.confirm'))}
                  data-testid="meeting-confirm"
                >
                  {t('action.confirm')}
                </Button>
              ) : null}
              {allowed(MeetingPerm.attend, 'leave') ? (
                <Button icon={<CloseOutlined />} onClick={() => setAsking('leave')} data-testid="meeting-leave">
                  {t('action.leave')}
                </Button>
              ) : null}
            </Space>
          ) : (
            <Typography.Text type="secondary">{isHost ? t('youHost') : t('notInvited')}</Typography.Text>
          )}
        </Card>
      ) : null}

      <Card size="small" title={t('participantsTitle')}>
        <Table
          rowKey="userId"
          size="small"
          pagination={false}
          dataSource={m.participants}
          data-testid="meeting-participants-table"
          columns={[
            { key: 'name', title: t('field.participants'), dataIndex: 'name' },
            {
              key: 'attendance',
              title: t('field.attendance'),
              render: (_, p) => <AttendanceTag value={p.attendance} testId={`attendance-${p.userId}`} />,
            },
            { key: 'reason', title: t('field.leaveReason'), render: (_, p) => p.leaveReason || '—' },
            { key: 'responded', title: t('field.respondedAt'), render: (_, p) => time(p.respondedAt) },
            ...(canPresence
              ? [
                  {
                    key: 'presence',
                    title: t('action.presence'),
                    render: (_: unknown, p: MeetingInfo['participants'][number]) => (
                      <Space size={4}>
                        <Button
                          size="small"
                          type={p.attendance === Attendance.present ? 'primary' : 'default'}
                          onClick={() =>
                            void run(
                              { call: 'presence', body: { id: m.id, records: [{ userId: p.userId, present: true }] } },
                              t('done.presence'),
                            )
                          }
                          data-testid={`present-${p.userId}`}
                        >
                          {t('action.present')}
                        </Button>
                        <Button
                          size="small"
                          danger={p.attendance === Attendance.absent}
                          onClick={() =>
                            void run(
                              { call: 'presence', body: { id: m.id, records: [{ userId: p.userId, present: false }] } },
                              t('done.presence'),
                            )
                          }
                          data-testid={`absent-${p.userId}`}
                        >
                          {t('action.absent')}
                        </Button>
                      </Space>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Card>

      <Card
        size="small"
        title={t('reportTitle')}
        extra={
          m.reportSubmittedAt ? (
            <Typography.Text type="secondary">
              {t('field.submittedAt')}: {time(m.reportSubmittedAt)}
            </Typography.Text>
          ) : m.reportUpdatedAt ? (
            <Typography.Text type="secondary">
              {t('field.updatedAt')}: {time(m.reportUpdatedAt)}
            </Typography.Text>
          ) : null
        }
        data-testid="meeting-report"
      >
        {canWrite ? (
          <ReportEditor
            key={`${m.id}:${m.reportUpdatedAt ?? ''}`}
            meeting={m}
            pending={change.isPending}
            onSave={(content, submit, signLater) =>
              run(
                {
                  call: submit ? 'submitReport' : 'saveReport',
                  body: { id: m.id, content, ...(submit && signLater ? { signLater: true } : {}) },
                },
                submit ? t('done.submitReport') : t('done.saveReport'),
              )
            }
          />
        ) : m.reportContent ? (
          // sanitized by the server when it was saved (no scripts, handlers, styles or frames)
          <div
            className="msg-info-content meeting-report-content"
            data-testid="meeting-report-content"
            dangerouslySetInnerHTML={{ __html: sanitizeHtml(m.reportContent) }}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noReport')} />
        )}
      </Card>

      {caOn && m.reportStatus >= ReportStatus.submitted ? <MeetingReportSignature id={m.id} /> : null}

      {m.reportStatus >= ReportStatus.submitted || m.auditTime ? (
        <Card size="small" title={t('reviewTitle')} data-testid="meeting-review">
          {m.auditTime ? (
            <Descriptions size="small" column={{ xs: 1, sm: 3 }}>
              <Descriptions.Item label={t('field.reviewer')}>{m.reviewerName ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={t('field.auditTime')}>{time(m.auditTime)}</Descriptions.Item>
              <Descriptions.Item label={t('field.opinion')}>{m.reviewOpinion || '—'}</Descriptions.Item>
            </Descriptions>
          ) : null}
          {canReview ? (
            <Space>
              <KeyboardPopconfirm
                title={t('confirmApprove')}
                onConfirm={() => run({ call: 'review', body: { id: m.id, approve: true } }, t('done.review'))}
              >
                <Button type="primary" icon={<CheckOutlined />} data-testid="meeting-approve">
                  {t('action.approve')}
                </Button>
              </KeyboardPopconfirm>
              <Button onClick={() => setAsking('return')} data-testid="meeting-return">
                {t('action.return')}
              </Button>
            </Space>
          ) : null}
        </Card>
      ) : null}

      <ArrangeModal open={editing} meeting={m} onClose={() => setEditing(false)} />
      <ReasonModal
        key={asking ?? 'closed'}
        open={asking !== null}
        title={asking === 'leave' ? t('leaveTitle') : asking === 'cancel' ? t('cancelTitle') : t('returnTitle')}
        placeholder={asking === 'return' ? t('placeholder.opinion') : t('placeholder.reason')}
        required={asking !== 'cancel'}
        hint={asking === 'cancel' ? t('confirmCancel') : undefined}
        testId={`meeting-${asking ?? 'reason'}`}
        pending={change.isPending}
        onClose={() => setAsking(null)}
        onOk={(text) => {
          const call: [MeetingChange, string] | null =
            asking === 'leave'
              ? [{ call: 'leave', body: { id: m.id, reason: text } }, t('done.leave')]
              : asking === 'cancel'
                ? [{ call: 'cancel', body: { id: m.id, ...(text ? { reason: text } : {}) } }, t('done.cancel')]
                : asking === 'return'
                  ? [{ call: 'review', body: { id: m.id, approve: false, opinion: text } }, t('done.review')]
                  : null;
          if (call) void run(...call).then((ok) => ok && setAsking(null));
        }}
      />
    </div>
  );
}
