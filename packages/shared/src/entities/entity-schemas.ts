import { z } from 'zod';
import type { Locale } from '../i18n/locale';
import { issuesToProblems, type FieldProblem } from '../schemas/issues';
import { chineseCount, textWidth } from '../validators/text';
import { entityField } from './registry';
import type { EntityDescriptor, FieldDescriptor, LocalText } from './types';

/** Ids are PostgreSQL integers: anything above would fail in the database instead of being refused here. */
export const MAX_ID = 2147483647;
/** Longest text accepted in a search box. */
export const SEARCH_MAX = 100;

type Checked = { ok: true; value: unknown } | { ok: false; key: string };
const fail = (key: string): Checked => ({ ok: false, key });
const ok = (value: unknown): Checked => ({ ok: true, value });

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

function toNumber(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v)) return Number(v);
  return null;
}

/** Today as YYYY-MM-DD in local time. */
export function todayIso(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * Checks and normalizes one field value: trimmed text, numbers from numbers or numeric strings, booleans from
 * true/false/0/1, dates to YYYY-MM-DD. A blank optional value becomes null (false for a flag, the default for an
 * enum that has one). A failure answers the i18n key of its message; `entityProblems` adds the parameters.
 */
export function checkField(field: FieldDescriptor, input: unknown, now = new Date()): Checked {
  if (isBlank(input)) {
    if (field.type === 'bool') return ok(false);
    if (field.required && !(field.type === 'enum' && field.default !== undefined && input === undefined)) {
      return fail('validation.required');
    }
    return ok(field.type === 'enum' && field.default !== undefined ? field.default : null);
  }
  switch (field.type) {
    case 'string':
    case 'text': {
      if (typeof input !== 'string') return fail('validation.invalid');
      const v = input.trim();
      if ([...v].length > field.max) return fail('validation.tooLong');
      if (field.maxWidth !== undefined && textWidth(v) > field.maxWidth) return fail('validation.widthTooLong');
      if (field.maxChinese !== undefined && chineseCount(v) > field.maxChinese)
        return fail('validation.chineseTooMany');
      if (field.pattern && !new RegExp(field.pattern.regex, 'u').test(v)) return fail(field.pattern.message);
      return ok(v);
    }
    case 'int': {
      const n = toNumber(input);
      if (n === null) return fail('validation.invalid');
      if (!Number.isInteger(n)) return fail(field.min === 1 ? 'validation.positiveInteger' : 'validation.notInteger');
      if (n < field.min || n > field.max)
        return fail(field.min === 1 && n < 1 ? 'validation.positiveInteger' : 'validation.range');
      return ok(n);
    }
    case 'decimal': {
      const n = toNumber(input);
      if (n === null) return fail('validation.invalid');
      const scaled = n * 10 ** field.scale;
      if (Math.abs(scaled - Math.round(scaled)) > 1e-6) return fail('validation.decimalPlaces');
      if (n < field.min || n > field.max) return fail('validation.range');
      return ok(Math.round(scaled) / 10 ** field.scale);
    }
    case 'bool': {
      if (input === true || input === 1 || input === '1' || input === 'true') return ok(true);
      if (input === false || input === 0 || input === '0' || input === 'false') return ok(false);
      return fail('validation.invalid');
    }
    case 'enum': {
      const n = toNumber(input);
      if (n === null || !field.options.some((o) => o.value === n)) return fail('validation.invalidOption');
      return ok(n);
    }
    case 'ref': {
      const n = toNumber(input);
      if (n === null || !Number.isInteger(n) || n < 1 || n > MAX_ID) return fail('validation.invalid');
      return ok(n);
    }
    case 'date': {
      if (typeof input !== 'string') return fail('validation.dateFormat');
      const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(
        input.trim(),
      );
      if (!m) return fail('validation.dateFormat');
      const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
      const date = new Date(Date.UTC(y, mo - 1, d));
      if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d || y < 1900) {
        return fail('validation.dateFormat');
      }
      const iso = `${m[1]}-${m[2]}-${m[3]}`;
      if (field.mode === 'beforeToday' && iso > todayIso(now)) return fail('validation.dateAfterToday');
      if (field.mode === 'afterToday' && iso < todayIso(now)) return fail('validation.dateBeforeToday');
      return ok(iso);
    }
  }
}

/** The zod schema of one field value, built on `checkField` (messages are i18n keys). */
export function fieldSchema(field: FieldDescriptor): z.ZodType<unknown, unknown> {
  // `.optional()` first: a missing key still reaches the check (and counts as blank) instead of failing in zod
  return z
    .unknown()
    .optional()
    .transform((input, ctx) => {
      const result = checkField(field, input);
      if (result.ok) return result.value;
      ctx.addIssue({ code: 'custom', message: result.key });
      return z.NEVER;
    });
}

// Built on first use, not at import: this module is part of the shared package's index, which the login page imports,
// and a zod schema built at module level cannot be tree-shaken away.
const idSchema = () =>
  z.coerce
    .number({ error: 'validation.invalid' })
    .int({ error: 'validation.invalid' })
    .min(1, { error: 'validation.invalid' })
    .max(MAX_ID, { error: 'validation.invalid' });

/** `GET {base}/info/:id`. */
const idParamSchema = () => z.object({ id: idSchema() });

/** `POST {base}/delete`: the ids as a bare array (as the original sends them) or as `{ ids }`, without duplicates. */
const deleteSchema = () =>
  z
    .union([z.array(idSchema()), z.object({ ids: z.array(idSchema()) })], { error: 'validation.required' })
    .transform((v) => (Array.isArray(v) ? v : v.ids))
    .pipe(
      z
        .array(z.number())
        .min(1, { error: 'validation.required' })
        .max(1000, { error: 'validation.tooMany' })
        .transform((ids) => [...new Set(ids)]),
    );

export type EntityRow = Record<string, unknown> & { id: number };

export type EntitySchemas = {
  /** `save`: every field */
  create: z.ZodType<Record<string, unknown>, unknown>;
  /** `update`: every field and the id */
  update: z.ZodType<Record<string, unknown> & { id: number }, unknown>;
  /** `list`: page, limit (default 10) and the search fields, all optional */
  list: z.ZodType<Record<string, unknown> & { page: number; limit: number }, unknown>;
  /** `info/:id` path parameters */
  idParam: z.ZodType<{ id: number }, unknown>;
  /** `delete`: a bare array of ids or `{ ids }`; problems of the whole body belong to `ids` */
  delete: z.ZodType<number[], unknown>;
  /** one field alone (the web form's rule for that field) */
  field: (name: string) => z.ZodType<unknown, unknown>;
};

const cache = new Map<EntityDescriptor, EntitySchemas>();

/** The zod schemas of an entity's calls, derived from its descriptor (and built once). */
export function entitySchemas(entity: EntityDescriptor): EntitySchemas {
  const hit = cache.get(entity);
  if (hit) return hit;
  const fieldShapes = Object.fromEntries(entity.fields.map((f) => [f.name, fieldSchema(f)]));
  const create = z.object(fieldShapes);
  const update = z.object({ ...fieldShapes, id: idSchema() });
  const searchShapes = Object.fromEntries(
    entity.search.map((name) => {
      const field = entityField(entity, name)!;
      if (field.type === 'string' || field.type === 'text') {
        const text = z
          .string({ error: 'validation.invalid' })
          .trim()
          .max(SEARCH_MAX, { error: 'validation.tooLong' })
          .transform((v) => v || undefined);
        return [
          name,
          text
            .optional()
            .nullable()
            .transform((v) => v ?? undefined),
        ];
      }
      return [
        name,
        // a blank search field means "any": undefined, never a default or false
        z
          .unknown()
          .optional()
          .transform((input, ctx) => {
            if (isBlank(input)) return undefined;
            const result = checkField(field, input);
            if (result.ok) return result.value;
            ctx.addIssue({ code: 'custom', message: result.key });
            return z.NEVER;
          }),
      ];
    }),
  );
  const list = z.object({
    page: z.coerce
      .number({ error: 'validation.invalid' })
      .int({ error: 'validation.notInteger' })
      .min(1)
      .max(100000)
      .default(1),
    limit: z.coerce
      .number({ error: 'validation.invalid' })
      .int({ error: 'validation.notInteger' })
      .min(1)
      .max(1000)
      .default(10),
    ...searchShapes,
  });
  const schemas: EntitySchemas = {
    create: create as unknown as EntitySchemas['create'],
    update: update as unknown as EntitySchemas['update'],
    list: list as unknown as EntitySchemas['list'],
    idParam: idParamSchema(),
    delete: deleteSchema(),
    field: (name) => fieldShapes[name] ?? z.never(),
  };
  cache.set(entity, schemas);
  return schemas;
}

const CALL_LABELS: Record<string, LocalText> = {
  id: { 'zh-CN': 'ID', en: 'ID' },
  ids: { 'zh-CN': '所选记录', en: 'Selected records' },
  page: { 'zh-CN': '页码', en: 'Page' },
  limit: { 'zh-CN': '每页条数', en: 'Page size' },
};

/** The parameters of a field's messages: its limits, as `{{max}}`, `{{min}}`, `{{width}}`, `{{count}}`, `{{scale}}`. */
export function fieldMessageParams(field: FieldDescriptor): Record<string, number> {
  switch (field.type) {
    case 'string':
    case 'text':
      return {
        max: field.max,
        ...(field.maxWidth !== undefined ? { width: field.maxWidth } : {}),
        ...(field.maxChinese !== undefined ? { count: field.maxChinese } : {}),
      };
    case 'int':
      return { min: field.min, max: field.max };
    case 'decimal':
      return { min: field.min, max: field.max, scale: field.scale };
    default:
      return {};
  }
}

/**
 * Validation problems of an entity call with the entity's own field labels (in `locale`) as `{{field}}` and the
 * field's limits as parameters, ready for `translate`: server and web word a refusal the same way.
 */
export function entityProblems(
  entity: EntityDescriptor,
  issues: readonly z.core.$ZodIssue[],
  locale: Locale,
  options: { root?: string } = {},
): FieldProblem[] {
  return issuesToProblems(issues).map((problem, i) => {
    const name = String(issues[i]?.path[0] ?? '') || problem.field || options.root || '';
    const field = entityField(entity, name);
    const label = field?.label[locale] ?? CALL_LABELS[name]?.[locale] ?? name;
    const limits = field ? fieldMessageParams(field) : {};
    if (!field && name === 'limit') Object.assign(limits, { min: 1, max: 1000 });
    return { field: problem.field || name, key: problem.key, params: { ...problem.params, ...limits, field: label } };
  });
}
