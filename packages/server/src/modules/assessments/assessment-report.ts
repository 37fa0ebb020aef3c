import {
  translate,
  type AssessProjectInfo,
  type Bi,
  type Locale,
  type RecordSignature,
  type ScaleDefinition,
  type ScaleItem,
} from '@rehab/shared';
import { renderPdf } from '../../http/pdf';

const pick = (b: Bi, locale: Locale) => (locale === 'en' ? b.en : b.zh);

/** An answer as the reader sees it: the option's label with its points, or the number with its unit. */
export function answerText(item: ScaleItem, value: string | number | undefined, locale: Locale): string {
  if (value === undefined || value === '') return '-';
  if (item.kind === 'choice') {
    const o = item.options.find((x) => String(x.value) === String(value));
    if (!o) return String(value);
    const label = pick(o.label, locale);
    return o.score === null || label.startsWith(String(o.score)) ? label : `${o.score} · ${label}`;
  }
  if (item.kind === 'number') return `${value}${item.unit ? ' ' + pick(item.unit, locale) : ''}`;
  return String(value);
}

/** A time in the product's time zone (China, UTC+8), as the report is printed and filed there. */
const fmt = (iso: string | null) =>
  iso
    ? `${new Date(new Date(iso).getTime() + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ')} (UTC+8)`
    : '-';

/**
 * The signature line of the report (issue 21): the report's electronic signature where one was made (issue 19), as it
 * verifies now; otherwise a line to sign by hand. Always with the assessor's name and the time of the assessment.
 */
export function signatureLine(
  info: AssessProjectInfo,
  signature: RecordSignature['signature'],
  locale: Locale,
): { signed: string | null; name: string; assessedAt: string } {
  const t = (key: string, params: Record<string, string> = {}) => translate(locale, `assessReport.${key}`, params);
  const record = info.record!;
  const name = record.submittedByName ?? info.assessorName;
  let signed: string | null = null;
  if (signature) {
    const params = { name: signature.signerName, time: fmt(signature.signedAt), serial: signature.certSerial ?? '-' };
    signed =
      signature.state === 'valid'
        ? t(signature.method === 'ca' ? 'signedCa' : 'signedPad', params)
        : t('signedModified', params);
  }
  return { signed, name, assessedAt: fmt(record.assessedAt ?? record.submittedAt) };
}

/**
 * The report of a submitted assessment as a PDF: patient, scale, every item with its answer, the server's total and
 * band, the time of the assessment and the assessor's signature line. Fonts embedded (Chinese and English); A4.
 */
export async function assessmentReportPdf(
  info: AssessProjectInfo,
  def: ScaleDefinition,
  locale: Locale,
  organizationName: string,
  signature: RecordSignature['signature'] = null,
): Promise<Buffer> {
  const t = (key: string, params: Record<string, string> = {}) => translate(locale, `assessReport.${key}`, params);
  const sign = signatureLine(info, signature, locale);
  const levels = info.record!.levels ?? {};
  const record = info.record!;
  const cell = (label: string, value: string | number | null) => [
    { text: label, color: '#666' },
    { text: value === null || value === '' ? '-' : String(value) },
  ];
  const band = info.band ? (locale === 'en' ? info.band.labelEn : info.band.labelZh) : '-';
  const groups = new Map((def.groups ?? []).map((g) => [g.key, pick(g.label, locale)]));
  const subscores = Object.entries(record.subscores ?? {}).filter(([k]) => groups.has(k));
  const doc = {
    pageSize: 'A4',
    pageMargins: [36, 36, 36, 36] as [number, number, number, number],
    defaultStyle: { font: 'Noto', fontSize: 10 },
    info: { title: `${info.reportName}` },
    content: [
      { text: organizationName, alignment: 'center' as const, fontSize: 12, color: '#444' },
      { text: t('title'), alignment: 'center' as const, fontSize: 18, bold: true, margin: [0, 4, 0, 2] },
      { text: info.reportName, alignment: 'center' as const, color: '#444', margin: [0, 0, 0, 10] },
      {
        table: {
          widths: [80, '*', 80, '*'],
          body: [
            [
              ...cell(t('patient'), info.patientName),
              ...cell(t('sex'), info.patientSex === 1 ? t('male') : t('female')),
            ],
            [...cell(t('age'), info.patientAge), ...cell(t('phase'), t(`phase${info.phase}`))],
            [...cell(t('scale'), `${pick(def.name, locale)} (${def.abbr})`), ...cell(t('method'), info.methodName)],
            [...cell(t('assessor'), info.assessorName), ...cell(t('submittedBy'), record.submittedByName)],
            [...cell(t('assessedAt'), sign.assessedAt), ...cell(t('submittedAt'), fmt(record.submittedAt))],
            [...cell(t('plannedTime'), fmt(info.plannedTime)), ...cell('', '')],
          ],
        },
        layout: 'lightHorizontalLines',
      },
      { text: t('items'), bold: true, margin: [0, 12, 0, 4] },
      {
        table: {
          headerRows: 1,
          widths: [22, '*', 170],
          body: [
            ['#', t('item'), t('answer')].map((text) => ({ text, bold: true })),
            ...def.items.map((item, i) => [
              String(i + 1),
              pick(item.label, locale),
              answerText(item, record.answers[item.key], locale),
            ]),
          ],
        },
        layout: 'lightHorizontalLines',
      },
      ...(subscores.length
        ? [
            { text: t('subscores'), bold: true, margin: [0, 12, 0, 4] },
            {
              table: {
                widths: ['*', 100],
                body: subscores.map(([k, v]) => [groups.get(k)!, v === null ? '-' : String(v)]),
              },
              layout: 'lightHorizontalLines',
            },
          ]
        : []),
      {
        margin: [0, 14, 0, 0],
        table: {
          widths: [80, '*', 80, '*'],
          body: [
            [
              { text: t('total'), bold: true },
              {
                text: info.total === null ? '-' : `${info.total}${def.totalRange ? ` / ${def.totalRange.max}` : ''}`,
                bold: true,
              },
              { text: t('band'), bold: true },
              { text: band, bold: true },
            ],
          ],
        },
        layout: 'noBorders',
      },
      ...(levels.derived_ais !== undefined
        ? [
            {
              text: t('derivedAis', {
                nli: String(levels.derived_nli ?? '-'),
                ais: String(levels.derived_ais),
                examiner: String(levels.ais ?? '-'),
              }),
              margin: [0, 6, 0, 0],
            },
          ]
        : []),
      ...(def.licenceNote
        ? [
            {
              text: `${t('licence')}: ${pick(def.licenceNote, locale)}`,
              fontSize: 8,
              color: '#666',
              margin: [0, 8, 0, 0],
            },
          ]
        : []),
      {
        margin: [0, 24, 0, 0],
        unbreakable: true,
        table: {
          widths: [110, '*', 70, 130],
          body: [
            [
              { text: t('signature'), bold: true },
              sign.signed
                ? { text: sign.signed }
                : { text: ' ', border: [false, false, false, true] as [boolean, boolean, boolean, boolean] },
              { text: t('signatureDate'), bold: true },
              {
                text: sign.signed ? '' : ' ',
                border: [false, false, false, !sign.signed] as [boolean, boolean, boolean, boolean],
              },
            ],
            [
              { text: t('signatureName'), color: '#666' },
              sign.name,
              { text: t('assessedAt'), color: '#666' },
              sign.assessedAt,
            ],
          ],
        },
        layout: { defaultBorder: false, paddingTop: () => 6, paddingBottom: () => 4 },
      },
      { text: t('note'), fontSize: 8, color: '#888', margin: [0, 16, 0, 0] },
    ],
  };
  return renderPdf(doc);
}
