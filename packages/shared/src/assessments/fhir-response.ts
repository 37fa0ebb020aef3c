import type { Locale } from '../i18n/locale';
import type { Bi, ScaleDefinition } from '../scales/types';
import { FHIR_BASE } from '../scales/fhir';
import type { AssessBand } from './assessment.schema';

type Answer =
  | { valueCoding: { system: string; code: string; display: string } }
  | { valueInteger: number }
  | { valueDecimal: number }
  | { valueString: string };

export type FhirQuestionnaireResponse = {
  resourceType: 'QuestionnaireResponse';
  id: string;
  meta: { lastUpdated: string };
  language: string;
  questionnaire: string;
  status: 'completed';
  subject: { reference: string; display: string };
  encounter?: { reference: string };
  authored: string;
  author: { reference: string; display: string };
  extension?: { url: string; valueDecimal?: number; valueString?: string }[];
  item: { linkId: string; text: string; answer: Answer[] }[];
};

const pick = (b: Bi, locale: Locale) => (locale === 'en' ? b.en : b.zh);

/** Extension URLs of the score the server computed (not part of the answers). */
export const FHIR_TOTAL_EXTENSION = 'urn:rehab:assessment:total';
export const FHIR_BAND_EXTENSION = 'urn:rehab:assessment:band';

/**
 * A submitted assessment as a FHIR R4 QuestionnaireResponse: `questionnaire` is the canonical of the definition's
 * Questionnaire resource (served at `questionnaireUrl`), items in published order, choice answers as codings of the
 * same system as the Questionnaire's answer options, numbers as integer or decimal, text as string. Unanswered
 * optional items are left out (FHIR forbids an item with an empty answer list).
 */
export function toFhirQuestionnaireResponse(input: {
  id: number;
  def: ScaleDefinition;
  locale: Locale;
  questionnaireUrl: string;
  patientId: number;
  patientName: string;
  treatmentId: number;
  authorId: number;
  authorName: string;
  submittedAt: string;
  answers: Record<string, string | number>;
  total: number | null;
  band: AssessBand | null;
}): FhirQuestionnaireResponse {
  const { def, locale } = input;
  const items: FhirQuestionnaireResponse['item'] = [];
  for (const item of def.items) {
    const value = input.answers[item.key];
    if (value === undefined || value === '') continue;
    let answer: Answer;
    if (item.kind === 'choice') {
      const o = item.options.find((x) => String(x.value) === String(value));
      answer = {
        valueCoding: {
          system: `${FHIR_BASE}:${def.code}:${item.key}`,
          code: String(value),
          display: o ? pick(o.label, locale) : String(value),
        },
      };
    } else if (item.kind === 'number') {
      const n = Number(value);
      answer = item.step === 1 && Number.isInteger(item.min) ? { valueInteger: n } : { valueDecimal: n };
    } else answer = { valueString: String(value) };
    items.push({ linkId: item.key, text: pick(item.label, locale), answer: [answer] });
  }
  const extension = [
    ...(input.total !== null ? [{ url: FHIR_TOTAL_EXTENSION, valueDecimal: input.total }] : []),
    ...(input.band
      ? [{ url: FHIR_BAND_EXTENSION, valueString: locale === 'en' ? input.band.labelEn : input.band.labelZh }]
      : []),
  ];
  return {
    resourceType: 'QuestionnaireResponse',
    id: String(input.id),
    meta: { lastUpdated: input.submittedAt },
    language: locale,
    questionnaire: input.questionnaireUrl,
    status: 'completed',
    subject: { reference: `Patient/${input.patientId}`, display: input.patientName },
    encounter: { reference: `Encounter/${input.treatmentId}` },
    authored: input.submittedAt,
    author: { reference: `Practitioner/${input.authorId}`, display: input.authorName },
    ...(extension.length ? { extension } : {}),
    item: items,
  };
}
