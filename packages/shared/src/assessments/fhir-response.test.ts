import { describe, expect, it } from 'vitest';
import { getScale } from '../scales/registry';
import { toFhirQuestionnaireResponse } from './fhir-response';

describe('FHIR QuestionnaireResponse of a submitted assessment', () => {
  const base = {
    id: 12,
    locale: 'en' as const,
    questionnaireUrl: 'https://clinic.example/api/fhir/Questionnaire/bbs',
    patientId: 3,
    patientName: 'Zhang San',
    treatmentId: 5,
    authorId: 7,
    authorName: 'Li',
    submittedAt: '2026-11-22T10:00:00.000Z',
    total: 49,
    band: { min: 41, max: 57, labelZh: '低跌倒风险', labelEn: 'Low fall risk' },
  };

  it('answers every item as a coding of the Questionnaire’s system, with the total and band as extensions', () => {
    const def = getScale('bbs')!;
    const answers = Object.fromEntries(def.items.map((i) => [i.key, 3]));
    const r = toFhirQuestionnaireResponse({ ...base, def, answers });
    expect(r).toMatchObject({
      resourceType: 'QuestionnaireResponse',
      id: '12',
      status: 'completed',
      questionnaire: base.questionnaireUrl,
      subject: { reference: 'Patient/3' },
      author: { reference: 'Practitioner/7' },
      authored: base.submittedAt,
    });
    expect(r.item).toHaveLength(14);
    expect(r.item[0]).toEqual({
      linkId: 'sitToStand',
      text: 'Sitting to standing',
      answer: [
        {
          valueCoding: {
            system: 'urn:rehab:scale:bbs:sitToStand',
            code: '3',
            display: 'Able to stand independently using hands',
          },
        },
      ],
    });
    expect(r.extension).toEqual([
      { url: 'urn:rehab:assessment:total', valueDecimal: 49 },
      { url: 'urn:rehab:assessment:band', valueString: 'Low fall risk' },
    ]);
  });

  it('leaves unanswered optional items out and answers numbers by the item’s step', () => {
    const def = getScale('tug')!;
    const numberItem = def.items.find((i) => i.kind === 'number')!;
    const r = toFhirQuestionnaireResponse({
      ...base,
      def,
      answers: { [numberItem.key]: 12.5 },
      total: null,
      band: null,
    });
    expect(r.item).toHaveLength(1);
    expect(Object.keys(r.item[0]!.answer[0]!)[0]).toMatch(/^value(Decimal|Integer)$/);
    expect(r.extension).toBeUndefined();
  });
});
