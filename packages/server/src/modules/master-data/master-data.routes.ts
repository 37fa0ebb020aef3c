import type { z } from 'zod';
import {
  ENTITIES,
  ResultCode,
  entityPermissions,
  entityProblems,
  entitySchemas,
  toPage,
  translate,
  type EntityDescriptor,
  type Locale,
} from '@rehab/shared';
import { AppError } from '../../http/errors';
import { defineRoute, type RouteDef } from '../../http/route';
import type { SessionContext } from '../../http/session';
import { createRow, deleteRows, getRow, listRows, selectRows, updateRow, type Scope } from './master-data.service';

/**
 * Parses a request part with an entity schema. Refusals are worded with the entity's own field labels (the generic
 * route validation only knows the shared field names), in the same 400 shape as every other validation error.
 */
function parse<T>(
  entity: EntityDescriptor,
  schema: z.ZodType<T, unknown>,
  input: unknown,
  locale: Locale,
  root?: string,
): T {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const problems = entityProblems(entity, result.error.issues, locale, { root });
  const first = problems[0]!;
  throw new AppError(ResultCode.badRequest, first.key, first.params, {
    field: first.field,
    errors: problems.map((p) => ({ field: p.field, msg: translate(locale, p.key, p.params), msgKey: p.key })),
  });
}

const scopeOf = (session: SessionContext, locale: Locale): Scope => ({
  organizationId: session.organizationId!,
  userId: session.userId,
  locale,
});

/**
 * The calls of one entity under its API base (spec section 7, Master data): list, info, save, update, delete,
 * each behind its permission code, and select (id and name for dropdowns) for any member of the organization.
 */
export function entityRoutes(entity: EntityDescriptor): RouteDef[] {
  const perms = entityPermissions(entity);
  const schemas = entitySchemas(entity);
  const base = entity.api;
  return [
    defineRoute({
      method: 'POST',
      url: `${base}/list`,
      access: { permission: perms.list },
      handler: async ({ app, session, req, locale }) => {
        const query = parse(entity, schemas.list, req.body, locale);
        const { list, total } = await listRows(app.db, entity, scopeOf(session, locale), query);
        return { data: toPage(list, total, query.page, query.limit) };
      },
    }),
    defineRoute({
      method: 'GET',
      url: `${base}/info/:id`,
      access: { permission: perms.info },
      handler: async ({ app, session, req, locale }) => {
        const { id } = parse(entity, schemas.idParam, req.params, locale);
        return { data: await getRow(app.db, entity, scopeOf(session, locale), id) };
      },
    }),
    defineRoute({
      method: 'POST',
      url: `${base}/save`,
      access: { permission: perms.save },
      handler: async ({ app, session, req, locale }) => {
        const data = parse(entity, schemas.create, req.body, locale);
        return { data: await createRow(app.db, entity, scopeOf(session, locale), data) };
      },
    }),
    defineRoute({
      method: 'POST',
      url: `${base}/update`,
      access: { permission: perms.update },
      handler: async ({ app, session, req, locale }) => {
        const data = parse(entity, schemas.update, req.body, locale);
        return { data: await updateRow(app.db, entity, scopeOf(session, locale), data) };
      },
    }),
    defineRoute({
      method: 'POST',
      url: `${base}/delete`,
      access: { permission: perms.delete },
      handler: async ({ app, session, req, locale }) => {
        const ids = parse(entity, schemas.delete, req.body, locale, 'ids');
        await deleteRows(app.db, entity, scopeOf(session, locale), ids);
      },
    }),
    defineRoute({
      method: 'GET',
      url: `${base}/select`,
      access: 'organization',
      handler: async ({ app, session, locale }) => ({
        data: await selectRows(app.db, entity, scopeOf(session, locale)),
      }),
    }),
  ];
}

/** Every registered entity's calls. */
export const masterDataRoutes: RouteDef[] = ENTITIES.flatMap(entityRoutes);
