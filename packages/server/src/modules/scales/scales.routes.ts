import {
  checkAnswers,
  getScale,
  scalesEndpoints as endpoints,
  scoreScale,
  SCALES,
  summarizeScale,
  toFhirQuestionnaire,
  type Locale,
  type ScaleDefinition,
} from '@rehab/shared';
import { AppError, badRequest } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { ResultCode } from '@rehab/shared';

/**
 * The scale engine over HTTP (issue 6): the catalogue, each definition, scoring and the FHIR Questionnaire.
 * Access: any signed-in session (a token), with or without a current organization, so that other systems
 * holding a token can use it; scales are public clinical knowledge and no patient data passes through here.
 */

function scaleOr404(code: string): ScaleDefinition {
  const def = getScale(code);
  if (!def) throw new AppError(ResultCode.notFound, 'scale.notFound', { code });
  return def;
}

const itemLabel = (def: ScaleDefinition, key: string, locale: Locale) => {
  const item = def.items.find((i) => i.key === key);
  return item ? (locale === 'en' ? item.label.en : item.label.zh) : key;
};

const ISSUE_KEYS = { missing: 'scale.itemMissing', unknown: 'scale.itemUnknown', outOfRange: 'scale.itemOutOfRange' };

export const scaleRoutes = [
  defineRoute(endpoints.catalogue, {
    handler: async () => ({ data: SCALES.map(summarizeScale) }),
  }),
  defineRoute(endpoints.definition, {
    handler: async ({ params }) => ({ data: scaleOr404(params.code) }),
  }),
  defineRoute(endpoints.score, {
    handler: async ({ params, body, locale }) => {
      const def = scaleOr404(params.code);
      const checked = checkAnswers(def, body.answers);
      if (!checked.ok) {
        const { kind, key } = checked.issue;
        const error = badRequest(ISSUE_KEYS[kind], { item: itemLabel(def, key, locale) });
        Object.assign(error.extra, { field: key });
        throw error;
      }
      const { total, subscores, band, levels, isncsci } = scoreScale(def, checked.answers);
      return {
        data: {
          code: def.code,
          total,
          subscores,
          band: band ? { min: band.min, max: band.max, labelZh: band.labelZh, labelEn: band.labelEn } : null,
          ...(levels ? { levels } : {}),
          // asia: the ISNCSCI classification derived from the worksheet (levels, NLI, AIS, ZPP)
          ...(isncsci !== undefined ? { isncsci } : {}),
        },
      };
    },
  }),
  /** The definition as a FHIR R4 Questionnaire, sent as the bare resource (application/fhir+json). */
  defineRoute(endpoints.fhirQuestionnaire, {
    handler: async ({ params, locale, reply }) => {
      const def = scaleOr404(params.code);
      await reply.type('application/fhir+json; charset=utf-8').send(toFhirQuestionnaire(def, locale));
    },
  }),
];
