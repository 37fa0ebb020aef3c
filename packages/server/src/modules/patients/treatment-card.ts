import bwipjs from 'bwip-js/node';
import { executiveCode, translate, type Locale } from '@rehab/shared';
import { renderPdf } from '../../http/pdf';


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
  return renderPdf(doc);
}
