import { z } from 'zod';
import {
  scaleCodeParamSchema,
  scaleDefinitionSchema,
  scaleScoreBodySchema,
  scaleScoreResultSchema,
  scaleSummarySchema,
} from '../schemas/scale.schema';
import { defineEndpoint, fileResponse } from './endpoint';

/**
 * The scale engine (issue 6): the catalogue, each definition, scoring and the FHIR Questionnaire. Any signed-in
 * session; scales are public clinical knowledge and no patient data passes through here.
 */
export const scalesEndpoints = {
  catalogue: defineEndpoint({
    method: 'GET',
    path: '/scales',
    access: 'session',
    response: z.strictObject({ data: z.array(scaleSummarySchema) }),
    summary: { 'zh-CN': '量表目录', en: 'The catalogue of scales' },
  }),
  definition: defineEndpoint({
    method: 'GET',
    path: '/scales/:code',
    access: 'session',
    params: scaleCodeParamSchema,
    response: z.strictObject({ data: scaleDefinitionSchema }),
    summary: {
      'zh-CN': '量表定义及条目（按发表顺序）',
      en: "One scale's definition with its items in published order",
    },
  }),
  score: defineEndpoint({
    method: 'POST',
    path: '/scales/:code/score',
    access: 'session',
    params: scaleCodeParamSchema,
    body: scaleScoreBodySchema,
    response: z.strictObject({ data: scaleScoreResultSchema }),
    summary: {
      'zh-CN': '按量表规则计分（总分、分量表、分级）；拒绝时指明条目',
      en: 'Scores answers by the scale (total, sub-scores, band); a refusal names the item',
    },
  }),
  fhirQuestionnaire: defineEndpoint({
    method: 'GET',
    path: '/fhir/Questionnaire/:code',
    access: 'session',
    params: scaleCodeParamSchema,
    response: fileResponse,
    kind: 'download',
    summary: {
      'zh-CN': '量表的 FHIR R4 Questionnaire 资源（application/fhir+json，无信封）',
      en: 'The scale as a FHIR R4 Questionnaire (bare resource, application/fhir+json)',
    },
  }),
};
