import fs from 'node:fs';
import pdfmake from 'pdfmake';
import bwipjs from 'bwip-js/node';
import { executiveCode, translate, type Locale } from '@rehab/shared';

/** Noto CJK from Debian's fonts-noto-cjk (one .ttc holds every CJK face; pdfmake takes the face by name). */
const FONT_DIR = '/usr/share/fonts/opentype/noto';
const REGULAR: [string, string] = [`${FONT_DIR}/NotoSansCJK-Regular.ttc`, 'NotoSansCJKsc-Regular'];
const BOLD: [string, string] = [`${FONT_DIR}/NotoSansCJK-Bold.ttc`, 'NotoSansCJKsc-Bold'];

let fontsSet = false;
function setFonts() {
  if (fontsSet) return;
  if (!fs.existsSync(REGULAR[0]))
    throw new Error(`treatment card: font ${REGULAR[0]} missing (install fonts-noto-cjk)`);
  const bold = fs.existsSync(BOLD[0]) ? BOLD : REGULAR;
  // a .ttc face is [file, face name]; the typings only know plain files
  pdfmake.setFonts({ Noto: { normal: REGULAR, bold, italics: REGULAR, bolditalics: bold } } as never);
  // the document names no files or URLs: refuse any
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy((path: string) => path.startsWith(FONT_DIR));
  fontsSet = true;
}

export type CardData = {
  cardNo: string;
  name: string;
  sex: number;
  age: number | null;
  idNumber: string | null;
  phone: string;
  patientType: number;
  officeName: string;
  bedNo: string | null;
  diseaseName: string;
  functioningName: string;
  doctorName: string | null;
  registerTime: Date;
  projects: { id: number; name: string; frequency: string; times: number; totalTimes: number; treatedTimes: number }[];
};

/**
 * The treatment card (治疗卡) as a PDF: patient, course and prescribed projects, with the card number as a
 * Code 128 barcode for the scanners at the treatment rooms. About 555 x 592 pt (spec section 9).
 */
export async function treatmentCardPdf(card: CardData, locale: Locale, organizationName: string): Promise<Buffer> {
  setFonts();
  const t = (key: string) => translate(locale, `card.${key}`);
  const barcode = await bwipjs.toBuffer({
    bcid: 'code128',
    text: card.cardNo,
    scale: 2,
    height: 12,
    includetext: true,
    textxalign: 'center',
  });
  const cell = (label: string, value: string | number | null) => [
    { text: label, color: '#666' },
    { text: value === null || value === '' ? '-' : String(value) },
  ];
  const sex = card.sex === 1 ? t('male') : t('female');
  const doc = {
    pageSize: { width: 555, height: 592 },
    pageMargins: [28, 28, 28, 28] as [number, number, number, number],
    defaultStyle: { font: 'Noto', fontSize: 10 },
    info: { title: `${t('title')} ${card.cardNo}` },
    content: [
      { text: organizationName, alignment: 'center' as const, fontSize: 12, color: '#444' },
      { text: t('title'), alignment: 'center' as const, fontSize: 18, bold: true, margin: [0, 4, 0, 10] },
      {
        columns: [
          {
            width: '*',
            table: {
              widths: [70, '*', 70, '*'],
              body: [
                [...cell(t('name'), card.name), ...cell(t('sex'), sex)],
                [...cell(t('age'), card.age), ...cell(t('phone'), card.phone)],
                [
                  ...cell(t('idNumber'), card.idNumber),
                  ...cell(t('type'), card.patientType === 1 ? t('outpatient') : t('inpatient')),
                ],
                [...cell(t('office'), card.officeName), ...cell(t('bed'), card.bedNo)],
                [...cell(t('disease'), card.diseaseName), ...cell(t('functioning'), card.functioningName)],
                [
                  ...cell(t('doctor'), card.doctorName),
                  ...cell(t('registered'), card.registerTime.toISOString().slice(0, 10)),
                ],
              ],
            },
            layout: 'lightHorizontalLines',
          },
        ],
      },
      { text: t('projects'), bold: true, margin: [0, 12, 0, 4] },
      {
        table: {
          headerRows: 1,
          widths: ['*', 80, 50, 50, 50],
          body: [
            [t('project'), t('executiveCode'), t('frequency'), t('totalTimes'), t('treated')].map((text) => ({
              text,
              bold: true,
            })),
            ...(card.projects.length
              ? card.projects.map((p) => [
                  p.name,
                  executiveCode(p.id),
                  p.frequency,
                  String(p.totalTimes),
                  String(p.treatedTimes),
                ])
              : [[{ text: t('noProjects'), colSpan: 5, color: '#999' }, '', '', '', '']]),
          ],
        },
        layout: 'lightHorizontalLines',
      },
      {
        image: `data:image/png;base64,${barcode.toString('base64')}`,
        width: 200,
        alignment: 'center' as const,
        margin: [0, 16, 0, 0],
      },
      { text: `${t('cardNo')}: ${card.cardNo}`, alignment: 'center' as const, margin: [0, 4, 0, 0] },
    ],
  };
  return Buffer.from(await pdfmake.createPdf(doc as never).getBuffer());
}
