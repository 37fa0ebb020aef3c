import { useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  DatePicker,
  Descriptions,
  Empty,
  Modal,
  Progress,
  Segmented,
  Select,
  Skeleton,
  Space,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { ArrowLeftOutlined, EditOutlined, PlusOutlined, PrinterOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import {
  BillingPerm,
  CourseStatus,
  PatientPerm,
  ProjectStatus,
  PatientReferralPerm,
  ReferralPerm,
  WorkOrderStatus,
  workOrdersEndpoints,
} from '@rehab/shared';
import { BillPanel } from '../../components/billing/bill-panel';
import { FitTable, type PriorityColumn } from '../../components/fit-columns';
import { ApiError } from '../../lib/api';
import { usePermission } from '../../lib/session';
import { callEndpoint } from '../../lib/endpoints';
import { href, paths } from '../../lib/paths';
import { showApiError } from '../../lib/form-errors';
import {
  openTreatmentCard,
  useAssign,
  useCourseAction,
  usePatient,
  useProjects,
  useProjectStatus,
  useReopen,
  useStaff,
  type Course,
  type ProjectRow,
} from './api';
import { CourseTools, RecommendButton } from './course-tools';
import { FingerprintPanel } from './fingerprint-panel';
import { PatientViewersPanel } from './patient-viewers-panel';
import { EducationPanel } from '../../components/education-panel';
import { HomeTasksPanel } from '../../components/home-tasks/home-tasks-panel';
import { patientDetailPath, patientPaths, projectPath } from './paths';
import { PrescribeModal } from './prescribe-modal';
import { RegisterModal } from './register-modal';
import './patients.css';
import { PatientAssessLinks } from '../../components/patient-assess-links';

const TIME = 'YYYY-MM-DD HH:mm';
const dash = (v: unknown) => (v === null || v === undefined || v === '' ? '-' : String(v));

/**
 * Patient detail (spec section 2, /patient/detail/:id/:treatmentId/...): demographics, the chosen course with its
 * treatment projects and progress, previous courses (reopen one as a new course), end course, discharge, cancel
 * an outpatient registration, prescribe, assign therapists, batch end, the treatment card and the fingerprint panel.
 */
export function PatientDetailPage() {
  const { t } = useTranslation('patients');
  const { message, modal } = App.useApp();
  const can = usePermission();
  const navigate = useNavigate();
  const params = useParams();
  // /patient/detail/:id/... and /mypatient/detail/:patientId/...
  const patientId = Number(params.id ?? params.patientId);
  const treatmentId = Number(params.treatmentId);
  const patient = usePatient(patientId);
  const course: Course | undefined =
    patient.data?.courses.find((c) => c.id === treatmentId) ?? patient.data?.courses[0];
  const projects = useProjects(patientId, course?.id ?? 0);
  const staff = useStaff();
  const action = useCourseAction();
  const reopen = useReopen();
  const setStatus = useProjectStatus();
  const assign = useAssign();
  const [editing, setEditing] = useState(false);
  const [prescribing, setPrescribing] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const [assignOpen, setAssignOpen] = useState(false);
  const [therapistId, setTherapistId] = useState<number>();
  const [assignTo, setAssignTo] = useState<'therapist' | 'team'>('therapist');
  const [dischargeOpen, setDischargeOpen] = useState(false);
  const [dischargeAt, setDischargeAt] = useState<Dayjs | null>(dayjs());
  // /mypatient/detail/:patientId/:treatmentId/:costType opens on the cost tab (the bill), for holders of the bill
  const [tab, setTab] = useState(params.costType ? 'cost' : 'course');

  if (patient.isLoading) return <Skeleton active />;
  if (patient.isError || !patient.data) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('loadFailed')}
        description={patient.error?.message}
        action={<Link to={patientPaths.manage}>{t('detail.back')}</Link>}
        data-testid="patient-load-failed"
      />
    );
  }
  const p = patient.data;
  const active = course?.status === CourseStatus.active;

  const run = async (label: string, fn: () => Promise<unknown>) => {
    try {
      await fn();
      message.success(t('detail.done', { action: label }));
      return true;
    } catch (error) {
      message.error(error instanceof ApiError ? error.message : t('common:status.failure', { action: label }));
      return false;
    }
  };

  const confirm = (title: string, content: string, fn: () => Promise<unknown>) =>
    modal.confirm({
      title,
      content,
      onOk: () => run(title, fn),
      okButtonProps: { 'data-testid': 'confirm-ok' } as never,
    });

  const selectedRows = (projects.data ?? []).filter((r) => selected.includes(r.id));

  // issue 21: who carries it out (therapist, executing department) next to the name, the amounts fold first
  const columns: PriorityColumn<ProjectRow>[] = [
    {
      key: 'name',
      title: t('project.name'),
      fixed: 'left',
      width: 160,
      render: (_, r) => (
        <Space orientation="vertical" size={0}>
          <Link to={projectPath(r.id)}>{r.name}</Link>
          {r.comboName && <Typography.Text type="secondary">{r.comboName}</Typography.Text>}
        </Space>
      ),
    },
    {
      key: 'status',
      title: t('project.status'),
      width: 90,
      render: (_, r) => (
        <Tag color={r.status === 1 ? 'processing' : r.status === 2 ? 'success' : 'default'}>
          {t(`options.projectStatus.${r.status}`)}
        </Tag>
      ),
    },
    {
      key: 'therapist',
      title: t('project.therapist'),
      width: 120,
      ellipsis: true,
      render: (_, r) =>
        r.therapistName ??
        (r.teamName ? (
          <Tag color="blue" data-testid="project-team">
            {r.teamName}
          </Tag>
        ) : (
          <Tag color="warning">{t('field.unassigned')}</Tag>
        )),
    },
    {
      key: 'execOffice',
      title: t('project.execOffice'),
      dataIndex: 'execOfficeName',
      width: 120,
      ellipsis: true,
    },
    {
      key: 'progress',
      title: t('project.progress'),
      width: 170,
      render: (_, r) => (
        <Space orientation="vertical" size={0} style={{ width: '100%' }}>
          <Progress
            percent={Math.round((r.treatedTimes / r.totalTimes) * 100)}
            size="small"
            aria-label={t('project.progress')}
          />
          <Typography.Text type="secondary">{`${r.treatedTimes} / ${r.totalTimes}`}</Typography.Text>
        </Space>
      ),
    },
    { key: 'frequency', title: t('project.frequency'), dataIndex: 'frequency', width: 70, priority: 2 },
    { key: 'times', title: t('project.times'), dataIndex: 'times', width: 70, priority: 2 },
    {
      key: 'quantity',
      title: t('project.quantity'),
      width: 90,
      priority: 2,
      render: (_, r) => `${r.quantity} ${r.unitName ?? ''}`,
    },
    { key: 'duration', title: t('project.duration'), dataIndex: 'duration', width: 100, priority: 3 },
    {
      key: 'unitPrice',
      title: t('project.unitPrice'),
      width: 90,
      priority: 3,
      render: (_, r) => r.unitPrice.toFixed(2),
    },
    {
      key: 'totalPrice',
      title: t('project.totalPrice'),
      width: 100,
      priority: 2,
      render: (_, r) => r.totalPrice.toFixed(2),
    },
    {
      key: 'shortLong',
      title: t('project.shortLong'),
      width: 90,
      priority: 3,
      render: (_, r) => t(`options.shortLong.${r.shortLong}`),
    },
    { key: 'bedside', title: t('project.bedside'), width: 60, priority: 3, render: (_, r) => (r.bedside ? '✓' : '') },
  ];

  const courseView = (
    <div className="pt-detail-grid">
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Card size="small" title={t('detail.demographics')}>
          <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3, xxl: 4 }} data-testid="demographics">
            <Descriptions.Item label={t('field.sex')}>{t(`options.sex.${p.sex}`)}</Descriptions.Item>
            <Descriptions.Item label={t('field.age')}>{dash(p.age)}</Descriptions.Item>
            <Descriptions.Item label={t('field.birthday')}>{dash(p.birthday)}</Descriptions.Item>
            <Descriptions.Item label={t('field.idNumber')}>{dash(p.idNumber)}</Descriptions.Item>
            <Descriptions.Item label={t('field.region')}>{dash(p.region)}</Descriptions.Item>
            <Descriptions.Item label={t('field.phone')}>{p.phone}</Descriptions.Item>
            <Descriptions.Item label={t('field.maritalStatus')}>
              {p.maritalStatus ? t(`options.maritalStatus.${p.maritalStatus as number}`) : '-'}
            </Descriptions.Item>
            <Descriptions.Item label={t('field.education')}>
              {p.education ? t(`options.education.${p.education as number}`) : '-'}
            </Descriptions.Item>
            <Descriptions.Item label={t('field.profession')}>{dash(p.profession)}</Descriptions.Item>
            <Descriptions.Item label={t('field.address')}>{dash(p.address)}</Descriptions.Item>
            <Descriptions.Item label={t('field.contactPerson')}>
              {`${dash(p.contactPerson)} ${p.relation ? `(${p.relation as string})` : ''} ${(p.contactPhone as string) ?? ''}`}
            </Descriptions.Item>
            <Descriptions.Item label={t('field.emergencyPhone')}>{dash(p.emergencyPhone)}</Descriptions.Item>
            <Descriptions.Item label={t('field.height')}>{dash(p.height)}</Descriptions.Item>
            <Descriptions.Item label={t('field.weight')}>{dash(p.weight)}</Descriptions.Item>
            <Descriptions.Item label={t('field.dysfunctionSide')}>
              {p.dysfunctionSide ? t(`options.dysfunctionSide.${p.dysfunctionSide as number}`) : '-'}
            </Descriptions.Item>
            <Descriptions.Item label={t('field.socialSecurityNo')}>{dash(p.socialSecurityNo)}</Descriptions.Item>
          </Descriptions>
        </Card>
        <Card size="small" title={t('detail.currentCourse')} data-testid="current-course">
          {course ? (
            <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3, xxl: 4 }}>
              <Descriptions.Item label={t('field.patientType')}>
                {t(`options.patientType.${course.patientType}`)}
              </Descriptions.Item>
              <Descriptions.Item label={t('field.outpatientNo')}>{dash(course.outpatientNo)}</Descriptions.Item>
              <Descriptions.Item label={t('field.inpatientNo')}>{dash(course.inpatientNo)}</Descriptions.Item>
              <Descriptions.Item label={t('field.bedNo')}>{dash(course.bedNo)}</Descriptions.Item>
              <Descriptions.Item label={t('field.diseaseId')}>{course.diseaseName}</Descriptions.Item>
              <Descriptions.Item label={t('field.functioningId')}>{course.functioningName}</Descriptions.Item>
              <Descriptions.Item label={t('field.tcmDiagnosis')}>{dash(course.tcmDiagnosis)}</Descriptions.Item>
              <Descriptions.Item label={t('field.officeId')}>{course.officeName}</Descriptions.Item>
              <Descriptions.Item label={t('field.doctorId')}>{dash(course.doctorName)}</Descriptions.Item>
              <Descriptions.Item label={t('field.therapistId')}>{dash(course.therapistName)}</Descriptions.Item>
              <Descriptions.Item label={t('field.nursingLevel')}>
                {course.nursingLevel ? t(`options.nursingLevel.${course.nursingLevel as number}`) : '-'}
              </Descriptions.Item>
              <Descriptions.Item label={t('field.costType')}>
                {course.costType ? t(`options.costType.${course.costType as number}`) : '-'}
              </Descriptions.Item>
              <Descriptions.Item label={t('field.registerTime')}>
                {dayjs(course.registerTime).format(TIME)}
              </Descriptions.Item>
              {course.dischargeTime && (
                <Descriptions.Item label={t('field.dischargeTime')}>
                  {dayjs(course.dischargeTime).format(TIME)}
                </Descriptions.Item>
              )}
              <Descriptions.Item label={t('field.chiefComplaint')}>{dash(course.chiefComplaint)}</Descriptions.Item>
            </Descriptions>
          ) : (
            <Empty description={t('detail.noActiveCourse')} />
          )}
        </Card>
        <Card
          size="small"
          title={t('project.title')}
          extra={
            active && (
              <Space wrap>
                {can(PatientPerm.assign) && (
                  <Button
                    size="small"
                    onClick={() => {
                      if (selectedRows.length === 0) return message.warning(t('project.selectFirst'));
                      if (selectedRows.some((r) => r.therapistId !== null || r.teamId !== null))
                        return message.warning(t('project.assignOnlyUnassigned'));
                      setAssignOpen(true);
                    }}
                    data-testid="assign-therapist"
                  >
                    {t('project.assign')}
                  </Button>
                )}
                {can(PatientPerm.endProject) && (
                  <>
                    <Button
                      size="small"
                      onClick={async () => {
                        if (selected.length === 0) return message.warning(t('project.selectFirst'));
                        if (
                          await run(t('project.batchEnd'), () =>
                            setStatus.mutateAsync({ ids: selected, status: 'end' }),
                          )
                        )
                          setSelected([]);
                      }}
                      data-testid="batch-end"
                    >
                      {t('project.batchEnd')}
                    </Button>
                    <Button
                      size="small"
                      onClick={async () => {
                        if (selected.length === 0) return message.warning(t('project.selectFirst'));
                        if (
                          await run(t('project.disable'), () =>
                            setStatus.mutateAsync({ ids: selected, status: 'disable' }),
                          )
                        )
                          setSelected([]);
                      }}
                    >
                      {t('project.disable')}
                    </Button>
                  </>
                )}
                {can(PatientPerm.prescribe) && <RecommendButton patientId={p.id} treatmentId={course.id} />}
                {can(PatientPerm.prescribe) && (
                  <Button
                    type="primary"
                    size="small"
                    icon={<PlusOutlined />}
                    onClick={() => setPrescribing(true)}
                    data-testid="prescribe"
                  >
                    {t('project.prescribe')}
                  </Button>
                )}
              </Space>
            )
          }
        >
          <FitTable<ProjectRow>
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={projects.data ?? []}
            loading={projects.isLoading}
            pagination={false}
            locale={{ emptyText: t('project.none') }}
            rowSelection={
              active
                ? {
                    selectedRowKeys: selected,
                    onChange: (keys) => setSelected(keys as number[]),
                    getCheckboxProps: (r) => ({ disabled: r.status !== ProjectStatus.inProgress }),
                  }
                : undefined
            }
            data-testid="project-table"
          />
        </Card>
      </Space>
      <div className="pt-side">
        <Card size="small" title={t('detail.previousCourses')} data-testid="courses">
          {p.courses.map((c) => (
            <div key={c.id} className="pt-course-line">
              <Space wrap>
                <Tag color={c.status === 1 ? 'processing' : 'default'}>{t(`options.courseStatus.${c.status}`)}</Tag>
                <span>{dayjs(c.registerTime).format('YYYY-MM-DD')}</span>
                <span>{c.diseaseName}</span>
                {c.id !== course?.id && (
                  <Link to={patientDetailPath(p.id, c.id)} data-testid="view-course">
                    {t('detail.viewCourse')}
                  </Link>
                )}
                {c.status !== CourseStatus.active &&
                  !p.courses.some((x) => x.status === CourseStatus.active) &&
                  can(PatientPerm.save) && (
                    <Button
                      size="small"
                      type="link"
                      onClick={() =>
                        confirm(t('detail.reopen'), t('detail.reopenConfirm'), async () => {
                          const ids = await reopen.mutateAsync({ patientId: p.id, basedOnId: c.id });
                          navigate(patientDetailPath(ids.patientId, ids.treatmentId));
                        })
                      }
                      data-testid="reopen-course"
                    >
                      {t('detail.reopen')}
                    </Button>
                  )}
              </Space>
            </div>
          ))}
        </Card>
        <FingerprintPanel />
        <EducationPanel
          patientId={p.id}
          diagnoses={course ? [course.diseaseName, course.functioningName] : []}
          projects={(projects.data ?? []).map((r) => r.name)}
        />
        <HomeTasksPanel patientId={p.id} />
        <PatientViewersPanel patientId={p.id} />
      </div>
    </div>
  );

  return (
    <div className="pt-page" data-testid="patient-detail">
      <div className="pt-header">
        <Space>
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(patientPaths.manage)}>
            {t('detail.back')}
          </Button>
          <Typography.Title level={4} className="pt-title" data-testid="detail-name">
            {p.name}
          </Typography.Title>
          {course && <Tag color={active ? 'processing' : 'default'}>{t(`options.courseStatus.${course.status}`)}</Tag>}
        </Space>
        <Space wrap>
          <PatientAssessLinks patientId={p.id} patientName={p.name} treatmentId={course?.id} />
          {can(ReferralPerm.list) && <UnfinishedOrdersButton patientId={p.id} />}
          {course && can(PatientReferralPerm.request) && (
            <Link
              to={`${paths.patientReferral}?${new URLSearchParams({ patientId: String(p.id), treatmentId: String(course.id), patientName: p.name })}`}
            >
              <Button data-testid="refer-patient">{t('detail.refer')}</Button>
            </Link>
          )}
          {course && active && can(PatientReferralPerm.request) && (
            <Link
              to={`${paths.transferList}?${new URLSearchParams({ patientId: String(p.id), treatmentId: String(course.id), patientName: p.name })}`}
            >
              <Button data-testid="transfer-treatment">{t('detail.transfer')}</Button>
            </Link>
          )}
          {course && (
            <Button
              icon={<PrinterOutlined />}
              onClick={() =>
                openTreatmentCard(course.id).catch((e: Error) => message.error(e.message || t('detail.printFailed')))
              }
              data-testid="print-card"
            >
              {t('detail.printCard')}
            </Button>
          )}
          {course && <CourseTools course={course} projects={projects.data ?? []} />}
          {course && can(PatientPerm.update) && (
            <Button icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="edit-patient">
              {t('detail.edit')}
            </Button>
          )}
          {active && course.patientType === 1 && can(PatientPerm.cancel) && (
            <Button
              danger
              onClick={() =>
                confirm(t('detail.cancel'), t('detail.cancelConfirm'), () =>
                  action.mutateAsync({ action: 'cancelRegister', treatmentId: course.id }),
                )
              }
              data-testid="cancel-register"
            >
              {t('detail.cancel')}
            </Button>
          )}
          {active && can(PatientPerm.endCourse) && (
            <Button
              onClick={() =>
                confirm(t('detail.end'), t('detail.endConfirm'), () =>
                  action.mutateAsync({ action: 'endTreatment', treatmentId: course.id }),
                )
              }
              data-testid="end-course"
            >
              {t('detail.end')}
            </Button>
          )}
          {active && can(PatientPerm.discharge) && (
            <Button onClick={() => setDischargeOpen(true)} data-testid="discharge">
              {t('detail.discharge')}
            </Button>
          )}
        </Space>
      </div>
      {can(BillingPerm.view) ? (
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            { key: 'course', label: t('detail.courseTab'), children: courseView },
            {
              key: 'cost',
              label: t('detail.costTab'),
              children: <BillPanel patientId={p.id} treatmentId={course?.id} />,
            },
          ]}
          data-testid="detail-tabs"
        />
      ) : (
        courseView
      )}
      {course && (
        <>
          <RegisterModal open={editing} onClose={() => setEditing(false)} patient={p} course={course} />
          <PrescribeModal
            open={prescribing}
            onClose={() => setPrescribing(false)}
            treatmentId={course.id}
            officeId={course.officeId}
            therapistId={course.therapistId}
          />
        </>
      )}
      <Modal
        open={assignOpen}
        title={t('project.assignTitle')}
        onCancel={() => setAssignOpen(false)}
        okButtonProps={{ disabled: !therapistId, 'data-testid': 'assign-ok' } as never}
        confirmLoading={assign.isPending}
        onOk={async () => {
          const to = assignTo === 'team' ? { teamId: therapistId! } : { therapistId: therapistId! };
          if (await run(t('project.assign'), () => assign.mutateAsync({ ids: selected, ...to }))) {
            setAssignOpen(false);
            setSelected([]);
          }
        }}
      >
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Segmented
            value={assignTo}
            onChange={(v) => {
              setAssignTo(v as 'therapist' | 'team');
              setTherapistId(undefined);
            }}
            options={[
              { value: 'therapist', label: t('project.assignToTherapist') },
              { value: 'team', label: t('project.assignToTeam') },
            ]}
            data-testid="assign-kind"
          />
          <Select
            style={{ width: '100%' }}
            value={therapistId}
            onChange={setTherapistId}
            options={(assignTo === 'team' ? (staff.data?.teams ?? []) : (staff.data?.therapists ?? [])).map((o) => ({
              value: o.id,
              label: o.name,
            }))}
            notFoundContent={assignTo === 'team' ? t('project.noTeams') : undefined}
            data-testid="assign-select"
          />
        </Space>
      </Modal>
      <Modal
        open={dischargeOpen}
        title={t('detail.dischargeTitle')}
        onCancel={() => setDischargeOpen(false)}
        okButtonProps={{ disabled: !dischargeAt, 'data-testid': 'discharge-ok' } as never}
        onOk={async () => {
          if (
            course &&
            (await run(t('detail.discharge'), () =>
              action.mutateAsync({
                action: 'discharge',
                treatmentId: course.id,
                dischargeTime: dischargeAt!.toISOString(),
              }),
            ))
          )
            setDischargeOpen(false);
        }}
      >
        <Space orientation="vertical" style={{ width: '100%' }}>
          <span>{t('field.dischargeTime')}</span>
          <DatePicker
            showTime
            value={dischargeAt}
            onChange={setDischargeAt}
            disabledDate={(d) =>
              d.isAfter(dayjs(), 'day') || (course ? d.isBefore(dayjs(course.registerTime), 'day') : false)
            }
            style={{ width: '100%' }}
            data-testid="discharge-time"
          />
        </Space>
      </Modal>
    </div>
  );
}

/**
 * Opens the patient's work orders (/order/patientOrder?patientId=) when some are unfinished; otherwise says so
 * (spec section 8: 'This patient has no unfinished work orders!') instead of opening an empty list.
 */
function UnfinishedOrdersButton({ patientId }: { patientId: number }) {
  const { t } = useTranslation('patients');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const open = async () => {
    setBusy(true);
    try {
      const res = await callEndpoint(workOrdersEndpoints.list, {
        body: { patientId, status: WorkOrderStatus.unfinished, page: 1, limit: 1 },
      });
      if (res.data.totalCount === 0) message.warning(t('detail.noUnfinishedOrders'));
      else navigate(href(paths.orderPatient, {}, { patientId }));
    } catch (error) {
      showApiError(error, t('detail.ordersFailed'), message.error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button loading={busy} onClick={() => void open()} data-testid="patient-orders">
      {t('detail.orders')}
    </Button>
  );
}
