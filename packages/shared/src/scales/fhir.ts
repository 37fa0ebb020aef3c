import type { Locale } from '../i18n/locale';
import type { Bi, ScaleDefinition, ScaleItem } from './types';

/** The FHIR R4 Questionnaire of a scale definition: items in published order, answer points as ordinal values. */
export type FhirQuestionnaire = {
  resourceType: 'Questionnaire';
  id: string;
  url: string;
  version: string;
  name: string;
  title: string;
  _title: { extension: FhirExtension[] };
  status: 'active';
  language: string;
  subjectType: ['Patient'];
  description: string;
  copyright?: string;
  item: FhirItem[];
};
type FhirExtension = { url: string; [k: string]: unknown };
type FhirItem = {
  linkId: string;
  text: string;
  _text: { extension: FhirExtension[] };
  type: 'choice' | 'integer' | 'decimal' | 'text';
  required: boolean;
  maxLength?: number;
  extension?: FhirExtension[];
  answerOption?: { valueCoding: { system: string; code: string; display: string }; extension?: FhirExtension[] }[];
};

export const FHIR_BASE = 'urn:rehab:scale';
const ORDINAL = 'http://hl7.org/fhir/StructureDefinition/ordinalValue';
const TRANSLATION = 'http://hl7.org/fhir/StructureDefinition/translation';

const pick = (b: Bi, locale: Locale) => (locale === 'en' ? b.en : b.zh);
/** The other language as a FHIR translation extension. */
const translation = (b: Bi, locale: Locale) => ({
  extension: [
    {
      url: TRANSLATION,
      extension: [
        { url: 'lang', valueCode: locale === 'en' ? 'zh-CN' : 'en' },
        { url: 'content', valueString: locale === 'en' ? b.zh : b.en },
      ],
    },
  ],
});

/** A computable name: letters and digits, starting with a capital (FHIR name invariant). */
const computableName = (code: string) =>
  'Scale' +
  code.replace(/(^|[^A-Za-z0-9])([A-Za-z0-9])/g, (_, __, c: string) => c.toUpperCase()).replace(/[^A-Za-z0-9]/g, '');

function toItem(def: ScaleDefinition, item: ScaleItem, locale: Locale): FhirItem {
  const base = {
    linkId: item.key,
    text: pick(item.label, locale),
    _text: translation(item.label, locale),
    required: !item.optional,
  };
  if (item.kind === 'choice') {
    return {
      ...base,
      type: 'choice',
      answerOption: item.options.map((o) => ({
        valueCoding: {
          system: `${FHIR_BASE}:${def.code}:${item.key}`,
          code: String(o.value),
          display: pick(o.label, locale),
        },
        ...(o.score === null ? {} : { extension: [{ url: ORDINAL, valueDecimal: o.score }] }),
      })),
    };
  }
  if (item.kind === 'text') return { ...base, type: 'text', maxLength: item.maxLength };
  const integer = item.step === 1 && Number.isInteger(item.min);
  const v = integer ? 'valueInteger' : 'valueDecimal';
  return {
    ...base,
    type: integer ? 'integer' : 'decimal',
    extension: [
      { url: 'http://hl7.org/fhir/StructureDefinition/minValue', [v]: item.min },
      { url: 'http://hl7.org/fhir/StructureDefinition/maxValue', [v]: item.max },
    ],
  };
}

export function toFhirQuestionnaire(def: ScaleDefinition, locale: Locale): FhirQuestionnaire {
  return {
    resourceType: 'Questionnaire',
    id: def.code,
    url: `${FHIR_BASE}:${def.code}`,
    version: '1',
    name: computableName(def.code),
    title: pick(def.name, locale),
    _title: translation(def.name, locale),
    status: 'active',
    language: locale,
    subjectType: ['Patient'],
    description: pick(def.description, locale),
    ...(def.licence === 'COPYRIGHT'
      ? {
          copyright:
            locale === 'en'
              ? 'Copyrighted instrument: only short item names and scores are stored. Source: ' + def.source
              : '受版权保护的量表：仅存项目简称与评分。来源：' + def.source,
        }
      : {}),
    item: def.items.map((i) => toItem(def, i, locale)),
  };
}
