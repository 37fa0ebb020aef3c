import { z } from 'zod';
import { SCREEN_TOKEN_HEADER, endpointsByModule, pathParamNames, type Access, type Endpoint } from '@rehab/shared';

type JsonSchema = Record<string, unknown> & { properties?: Record<string, JsonSchema>; required?: string[] };

/** A zod schema as JSON Schema (draft 2020-12, OpenAPI 3.1's dialect): `input` for what callers send. */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { $schema, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/** `/sys/version/info/:id` → `/sys/version/info/{id}` */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

/** `public`, `session`, `organization` or `permission sys:version:info`. */
export const accessLabel = (access: Access) =>
  typeof access === 'object'
    ? `permission ${access.permission}${access.device ? ` or a ${access.device} device token` : ''}`
    : access;

const envelope: JsonSchema = {
  type: 'object',
  properties: { code: { type: 'integer', const: 0 }, msg: { type: 'string' } },
  required: ['code', 'msg'],
};

const errorEnvelope: JsonSchema = {
  type: 'object',
  description: 'A refused call: code (also the HTTP status, except the business codes 1 and 2) and message',
  properties: {
    code: { type: 'integer' },
    msg: { type: 'string' },
    msgKey: { type: 'string' },
    field: { type: 'string' },
    errors: {
      type: 'array',
      items: {
        type: 'object',
        properties: { field: { type: 'string' }, msg: { type: 'string' }, msgKey: { type: 'string' } },
      },
    },
  },
  required: ['code', 'msg'],
};

/** The envelope `{ code: 0, msg }` merged with what the endpoint adds to it. */
function answerSchema(e: Endpoint): JsonSchema {
  const own = jsonSchemaOf(e.response, 'output');
  if (own.type !== 'object' || !own.properties) return { allOf: [envelope, own] };
  return {
    ...own,
    properties: { ...envelope.properties, ...own.properties },
    required: [...envelope.required!, ...(own.required ?? [])],
  };
}

function parameters(e: Endpoint) {
  const out: Record<string, unknown>[] = [];
  const params = e.params ? jsonSchemaOf(e.params, 'input') : { properties: {} as Record<string, JsonSchema> };
  for (const name of pathParamNames(e.path)) {
    out.push({ name, in: 'path', required: true, schema: params.properties?.[name] ?? { type: 'string' } });
  }
  if (e.query) {
    const query = jsonSchemaOf(e.query, 'input');
    for (const [name, schema] of Object.entries(query.properties ?? {})) {
      out.push({ name, in: 'query', required: query.required?.includes(name) ?? false, schema });
    }
  }
  return out;
}

function requestBody(e: Endpoint) {
  if (e.kind === 'upload') {
    const fields = e.body ? jsonSchemaOf(e.body, 'input') : { type: 'object', properties: {} };
    const schema = {
      ...fields,
      properties: {
        ...(fields.properties ?? {}),
        file: { type: 'string', contentMediaType: 'application/octet-stream' },
      },
      required: [...(fields.required ?? []), 'file'],
    };
    return { required: true, content: { 'multipart/form-data': { schema } } };
  }
  if (!e.body) return undefined;
  return { required: true, content: { 'application/json': { schema: jsonSchemaOf(e.body, 'input') } } };
}

function operation(module: string, name: string, e: Endpoint) {
  const body = requestBody(e);
  const success =
    e.kind === 'download'
      ? {
          description: 'The file (Content-Disposition names it)',
          content: {
            'application/octet-stream': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } },
          },
        }
      : { description: e.summary.en, content: { 'application/json': { schema: answerSchema(e) } } };
  return {
    tags: [module],
    operationId: `${module}.${name}`,
    summary: e.summary['zh-CN'],
    description: `${e.summary.en}\n\nAccess: ${accessLabel(e.access)}`,
    'x-access': e.access,
    security:
      e.access === 'public'
        ? []
        : typeof e.access === 'object' && e.access.device
          ? [{ token: [] }, { [`${e.access.device}Token`]: [] }]
          : [{ token: [] }],
    ...(parameters(e).length ? { parameters: parameters(e) } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: {
      '200': success,
      default: { description: 'A refused call', content: { 'application/json': { schema: errorEnvelope } } },
    },
  };
}

/** The OpenAPI 3.1 document of every endpoint declared as a shared contract (served at GET /api/openapi.json). */
export function buildOpenApi(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const tags = new Set<string>();
  for (const { module, name, endpoint } of endpointsByModule()) {
    tags.add(module);
    const path = openApiPath(endpoint.path);
    paths[path] = { ...paths[path], [endpoint.method.toLowerCase()]: operation(module, name, endpoint) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Rehab Clinic API',
      version: '0.1.0',
      description:
        'Endpoints declared as shared contracts (packages/shared/src/contracts). Every answer is the envelope ' +
        '`{ code, msg }` (code 0: success) with the fields listed. Summaries in Chinese, descriptions in English.',
    },
    servers: [{ url: '/api' }],
    tags: [...tags].map((name) => ({ name })),
    components: {
      securitySchemes: {
        token: { type: 'apiKey', in: 'header', name: 'token' },
        screenToken: { type: 'apiKey', in: 'header', name: SCREEN_TOKEN_HEADER },
      },
    },
    security: [{ token: [] }],
    paths,
  };
}
