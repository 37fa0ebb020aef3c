import { asc, eq } from 'drizzle-orm';
import { callDuration, dateTimeFormat, ResultCode, translate, type Locale } from '@rehab/shared';
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import { renderPdf } from '../../http/pdf';
import type { SessionContext } from '../../http/session';
import { clinicTimeZone } from '../../kernel/clock';
import { runUnitOfWork } from '../../kernel/unit-of-work';
import { organizationNames } from '../organizations';
import { officeNames } from '../offices';
import { patientNames } from '../patients';
import { userNames } from '../users';
import { crossOrgSide, recordCrossOrgRead, type CrossOrgSide } from './cross-org-access';
import { grantOf, notFoundRecord, reportOf } from './telemedicine.service';
import { consultationCalls, consultationMaterials, consultations } from './telemedicine.tables';

type Lines = { label: string; value: string }[];
type Material = { kind: string; refId: number; title: string; lines: Lines };

/** A line of a material's snapshot by its label (the snapshot is labelled in the requester's language). */
const lineOf = (m: Material | undefined, labels: string[]) =>
  m?.lines.find((l) => labels.includes(l.label))?.value.trim() || '';

/** Whole years from a birthday (YYYY-MM-DD) to a day. */
function ageAt(birthday: string, at: Date): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(birthday);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const day = at.toISOString().slice(0, 10);
  const [ay, am, ad] = day.split('-').map(Number) as [number, number, number];
  const age = ay - y - (am < mo || (am === mo && ad < d) ? 1 : 0);
  return age >= 0 && age < 150 ? age : null;
}

/**
 * What the PDF prints, read with the access of the report query: the consultation the session may see (else code 1,
 * as an unknown id), the receiving side's read recorded in `tm_access_read` (`reportPdf`). The patient's sex, age and
 * course come from the materials as sent (the snapshots both sides read), so both sides print the same document.
 */
async function reportFacts(app: AppContext, session: SessionContext, id: number, locale: Locale) {
  return runUnitOfWork(app, async ({ tx, now }) => {
    const [row] = await tx.select().from(consultations).where(eq(consultations.id, id));
    if (!row) throw notFoundRecord();
    const side: CrossOrgSide | null = await crossOrgSide(tx, grantOf(row), session, now);
    if (!side) throw notFoundRecord();
    if (side === 'receiver') await recordCrossOrgRead(tx, grantOf(row), session, 'reportPdf', now);
    const report = await reportOf(tx, row, session.userId);
    if (!report.versions.length && !report.draft) throw new AppError(ResultCode.conflict, 'remote.reportNone');
    const materials = (await tx
      .select()
      .from(consultationMaterials)
      .where(eq(consultationMaterials.consultationId, id))
      .orderBy(asc(consultationMaterials.id))) as Material[];
    const stays = await tx
      .select()
      .from(consultationCalls)
      .where(eq(consultationCalls.consultationId, id))
      .orderBy(asc(consultationCalls.id));
    const orgs = await organizationNames(tx, [row.fromOrganizationId, row.toOrganizationId], locale);
    const fromOffices = await officeNames(tx, row.fromOrganizationId, locale);
    const toOffices = await officeNames(tx, row.toOrganizationId, locale);
    const patient = (await patientNames(tx, row.fromOrganizationId, [row.patientId])).get(row.patientId) ?? '';
    const people = await userNames(tx, [row.createdBy, row.expertId, ...stays.map((s) => s.userId)]);
    return { row, side, report, materials, stays, orgs, fromOffices, toOffices, patient, people, now };
  });
}

/**
 * The consultation report as a PDF (issue 17): both organizations and offices, the patient (as the materials sent
 * show them), the reason and question, the participants, the call's start, end and minutes, findings, opinion,
 * advice and follow-up, the version in force with the expert's signature (its image and how it verifies now) and
 * the inviting side's receipt. A superseded version is never printed; with no signed version yet, the draft is
 * printed marked 未签名草稿 / UNSIGNED DRAFT. Labels in the reader's language, the content as written. A4.
 */
export async function consultationReportPdf(app: AppContext, session: SessionContext, id: number, locale: Locale) {
  const f = await reportFacts(app, session, id, locale);
  const t = (key: string, params: Record<string, string | number> = {}) =>
    translate(locale, `consultReport.${key}`, params);
  const tz = clinicTimeZone();
  const fmt = (d: Date | string | null | undefined) =>
    d
      ? dateTimeFormat(locale === 'en' ? 'en-GB' : 'zh-CN', { timeZone: tz, dateStyle: 'medium', timeStyle: 'short' })
          .format(new Date(d))
          .replace(',', '')
      : '-';
  const { row, report } = f;
  const colon = locale === 'en' ? ': ' : '：';
  const inForce = report.versions[0] ?? null;
  const draft = !inForce;
  const text = inForce ?? report.draft!;
  const nameOf = (userId: number | null) => (userId ? (f.people.get(userId) ?? '') : '');

  // the patient as the materials sent show him: the card, and the course the consultation names (else the first)
  const card = f.materials.find((m) => m.kind === 'patient');
  const course =
    f.materials.find((m) => m.kind === 'treatment' && m.refId === row.treatmentId) ??
    f.materials.find((m) => m.kind === 'treatment');
  const sexValue = lineOf(card, ['性别', 'Sex']);
  const sex = ['男', 'male'].includes(sexValue) ? t('male') : ['女', 'female'].includes(sexValue) ? t('female') : '-';
  const birthday = lineOf(card, ['出生日期', 'Date of birth']);
  const age = birthday ? ageAt(birthday, row.createdAt) : null;
  const complaint = lineOf(course, ['主诉', 'Chief complaint']);
  const diagnosis = lineOf(course, ['中医诊断', 'TCM diagnosis']);

  // the call: who was in it, from the first admission to the last leave, and the minutes it was held
  const held = f.stays.filter((s): s is typeof s & { joinedAt: Date } => s.joinedAt !== null);
  const inCall = [...new Set(held.map((s) => nameOf(s.userId)).filter(Boolean))];
  const start = held.length ? new Date(Math.min(...held.map((s) => s.joinedAt.getTime()))) : null;
  const open = held.some((s) => s.leftAt === null);
  const end = held.length && !open ? new Date(Math.max(...held.map((s) => s.leftAt!.getTime()))) : null;
  const { minutes } = callDuration(held, f.now);

  const office = (names: Map<number, string>, officeId: number | null) =>
    officeId ? (names.get(officeId) ?? '') : t('anyOffice');
  const from = f.orgs.get(row.fromOrganizationId) ?? '';
  const to = f.orgs.get(row.toOrganizationId) ?? '';
  const label = (s: string) => ({ text: s, color: '#666' });
  const value = (s: string | null | undefined) => ({ text: s ? s : '-' });
  const pair = (a: string, av: string | null | undefined, b: string, bv: string | null | undefined) => [
    label(a),
    value(av),
    label(b),
    value(bv),
  ];
  const grid = (rows: object[][]) => ({
    table: { widths: [88, '*', 88, '*'], body: rows },
    layout: 'lightHorizontalLines',
  });
  const heading = (s: string) => ({ text: s, bold: true, fontSize: 11, margin: [0, 9, 0, 3] });
  const para = (s: string) => ({ text: s.trim() ? s : '-', margin: [0, 0, 0, 4], lineHeight: 1.3 });

  const versionText = draft
    ? t('draft')
    : inForce.version > 1
      ? t('supersedes', { version: inForce.version, previous: inForce.version - 1 })
      : t('versionText', { version: inForce.version });
  const stateText = (s: string | null) =>
    s === 'valid'
      ? t('signatureValid')
      : s === 'modified'
        ? t('signatureModified')
        : s === 'invalid'
          ? t('signatureInvalid')
          : '';

  const doc = {
    pageSize: 'A4',
    pageMargins: [40, 32, 40, 36],
    defaultStyle: { font: 'Noto', fontSize: 10 },
    info: { title: `${t('title')} #${row.id}` },
    watermark: draft ? { text: t('draft'), color: '#c00', opacity: 0.12, bold: true } : undefined,
    footer: (page: number, pages: number) => ({
      columns: [
        { text: t('printedAt', { time: fmt(f.now) }), color: '#888', fontSize: 8 },
        { text: `${page} / ${pages}`, alignment: 'right', color: '#888', fontSize: 8 },
      ],
      margin: [40, 10, 40, 0],
    }),
    content: [
      { text: to, alignment: 'center', fontSize: 12, color: '#444' },
      { text: t('title'), alignment: 'center', fontSize: 18, bold: true, margin: [0, 4, 0, 2] },
      {
        text: `${t('no')}${colon}${row.id}    ${t('version')}${colon}${versionText}`,
        alignment: 'center',
        color: draft ? '#c00' : '#444',
        margin: [0, 0, 0, 8],
      },
      ...(draft ? [{ text: t('draftNote'), color: '#c00', alignment: 'center', margin: [0, 0, 0, 8] }] : []),
      ...(!draft && row.status === 'report_draft'
        ? [{ text: t('revising'), color: '#a60', alignment: 'center', margin: [0, 0, 0, 8] }]
        : []),
      grid([
        pair(
          t('inviting'),
          `${from} · ${office(f.fromOffices, row.fromOfficeId)}`,
          t('invited'),
          `${to} · ${office(f.toOffices, row.toOfficeId)}`,
        ),
        pair(t('patient'), f.patient, t('sex'), sex),
        pair(t('age'), age === null ? '' : t('ageYears', { n: age }), t('urgency'), t(`urgency${row.urgency}`)),
        pair(t('complaint'), complaint, t('diagnosis'), diagnosis),
        [label(t('course')), { text: course?.title ?? '-', colSpan: 3 }, {}, {}],
        [label(t('materials')), { text: f.materials.map((m) => m.title).join('；') || '-', colSpan: 3 }, {}, {}],
        [label(t('reason')), { text: row.reason, colSpan: 3 }, {}, {}],
        [label(t('question')), { text: row.question, colSpan: 3 }, {}, {}],
      ]),
      heading(t('participants')),
      grid([
        pair(t('requester'), nameOf(row.createdBy), t('expert'), nameOf(row.expertId)),
        [label(t('inCall')), { text: inCall.join('、') || '-', colSpan: 3 }, {}, {}],
      ]),
      heading(t('timing')),
      grid([
        pair(t('requestedAt'), fmt(row.createdAt), t('scheduledAt'), fmt(row.scheduledAt)),
        ...(held.length
          ? [
              pair(t('callStart'), fmt(start), t('callEnd'), open ? t('callOngoing') : fmt(end)),
              [label(t('duration')), { text: t('minutes', { n: minutes }), colSpan: 3 }, {}, {}],
            ]
          : [[label(t('duration')), { text: t('noCall'), colSpan: 3 }, {}, {}]]),
      ]),
      heading(t('findings')),
      para(text.findings),
      heading(t('opinion')),
      para(text.opinion),
      heading(t('advice')),
      para(text.advice),
      heading(t('followUp')),
      para(text.followUp),
      {
        margin: [0, 12, 0, 0],
        unbreakable: true,
        table: {
          widths: [88, '*'],
          body: [
            [
              { text: t('signature'), bold: true },
              inForce
                ? {
                    stack: [
                      { image: inForce.signature, fit: [160, 48] },
                      { text: t('signedBy', { name: inForce.signedByName, time: fmt(inForce.signedAt) }) },
                      ...(inForce.signatureState
                        ? [
                            {
                              text: stateText(inForce.signatureState),
                              color: inForce.signatureState === 'valid' ? '#080' : '#c00',
                            },
                          ]
                        : []),
                    ],
                  }
                : { text: t('notSigned'), color: '#c00' },
            ],
            [
              { text: t('countersign'), bold: true },
              inForce?.countersignedAt
                ? {
                    text: t('countersignedBy', {
                      name: inForce.countersignedByName ?? '',
                      time: fmt(inForce.countersignedAt),
                    }),
                  }
                : { text: t('notCountersigned'), color: '#666' },
            ],
          ],
        },
        layout: 'lightHorizontalLines',
      },
      { text: t('footer', { from, to }), fontSize: 8, color: '#888', margin: [0, 14, 0, 0] },
    ],
  };
  const pdf = await renderPdf(doc);
  const suffix = draft ? 'draft' : `v${inForce.version}`;
  return {
    pdf,
    patientId: f.side === 'sender' ? row.patientId : null,
    fileName: `${t('fileName')}-${row.id}-${suffix}.pdf`,
    asciiName: `consultation-report-${row.id}-${suffix}.pdf`,
  };
}
