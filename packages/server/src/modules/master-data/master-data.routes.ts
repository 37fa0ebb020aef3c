import type { z } from 'zod';
import {
  ENTITIES,
  ResultCode,
  entityEndpoints,
  entityPermissions,
  entityProblems,
  entitySchemas,
  selectCallName,
  toPage,
  translate,
  isUpsert,
  type EntityDescriptor,
  type EntityEndpoint,
  type Locale,
} from '@rehab/shared';
import { AppError, forbidden } from '../../http/errors';
import { defineRoute, type ContractHandler, type RouteContext, type RouteDef } from '../../http/route';
import type { SessionContext } from '../../http/session';
import {
  createRow,
  deleteRows,
  distinctValues,
  exportRows,
  getRow,
  listRows,
  selectRows,
  updateRow,
  type Scope,
} from './master-data.service';

type HandlerArgs = RouteContext<undefined, undefined, undefined, { permission: string }>;

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

/** The input of a call: the query of a GET, the body otherwise. */
const inputOf = (method: string, req: { query: unknown; body: unknown }) => (method === 'GET' ? req.query : req.body);

/**
 * A route of an entity contract whose input the handler parses itself (`parse` above, with the entity's field
 * labels): the contract's input schemas document the call, the route does not parse them again.
 */
function entityRoute<E extends EntityEndpoint>(contract: E, handler: ContractHandler<E>): RouteDef {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { body, query, params, ...route } = defineRoute(contract, { handler });
  return route;
}

const hasId = (body: unknown) => {
  const id = (body as { id?: unknown } | null)?.id;
  return id !== undefined && id !== null && id !== '';
};

/**
 * The calls of one entity (spec section 7, Master data) with the shapes `entityCalls` resolves: list, info, save,
 * update, delete and export, each behind its permission code (export is the list's), and select (id and name for
 * dropdowns) with the entity's further select calls for any member of the organization. When save and update are
 * one call (`PUT save`, `saveOrUpdate`), a body with an id updates and one without creates.
 */
export function entityRoutes(entity: EntityDescriptor): RouteDef[] {
  const perms = entityPermissions(entity);
  const schemas = entitySchemas(entity);
  const endpoints = entityEndpoints(entity);
  // a platform entity's rows belong to no organization, whichever one the maintainer is signed in to
  const scope = (session: SessionContext, locale: Locale): Scope =>
    entity.platform ? { ...scopeOf(session, locale), organizationId: null } : scopeOf(session, locale);

  const save = async (ctx: HandlerArgs) => {
    const data = parse(entity, schemas.create, ctx.req.body, ctx.locale);
    return { data: await createRow(ctx.app.db, entity, scope(ctx.session, ctx.locale), data) };
  };
  const update = async (ctx: HandlerArgs) => {
    const data = parse(entity, schemas.update, ctx.req.body, ctx.locale);
    return { data: await updateRow(ctx.app.db, entity, scope(ctx.session, ctx.locale), data) };
  };
  const writes: RouteDef[] = isUpsert(entity)
    ? [
        // which permission applies depends on the body: checked here, before anything is parsed or written
        entityRoute(endpoints.save, async (ctx) => {
          const args = ctx as HandlerArgs;
          const updating = hasId(args.req.body);
          if (!args.session.permissions.has(updating ? perms.update : perms.save)) throw forbidden();
          return updating ? update(args) : save(args);
        }),
      ]
    : [
        entityRoute(endpoints.save, (ctx) => save(ctx as HandlerArgs)),
        entityRoute(endpoints.update, (ctx) => update(ctx as HandlerArgs)),
      ];

  return [
    entityRoute(endpoints.list, async ({ app, session, req, locale }) => {
      const query = parse(entity, schemas.list, inputOf(endpoints.list.method, req), locale);
      const { list, total } = await listRows(app.db, entity, scope(session!, locale), query);
      return { data: toPage(list, total, query.page, query.limit) };
    }),
    entityRoute(endpoints.export, async ({ app, session, req, locale }) => {
      const query = parse(entity, schemas.list, inputOf(endpoints.export.method, req), locale);
      const { list, total } = await exportRows(app.db, entity, scope(session!, locale), query);
      return { data: { list, totalCount: total } };
    }),
    entityRoute(endpoints.info, async ({ app, session, req, locale }) => {
      const { id } = parse(entity, schemas.idParam, req.params, locale);
      return { data: await getRow(app.db, entity, scope(session!, locale), id) };
    }),
    ...writes,
    entityRoute(endpoints.delete, async ({ app, session, req, locale }) => {
      const ids = parse(entity, schemas.delete, req.body, locale, 'ids');
      await deleteRows(app.db, entity, scope(session!, locale), ids);
      return {};
    }),
    entityRoute(endpoints.select, async ({ app, session, locale }) => ({
      data: await selectRows(app.db, entity, scope(session!, locale)),
    })),
    ...(entity.selects ?? []).map((call) =>
      entityRoute(endpoints.selects[selectCallName(call)]!, async ({ app, session, req, locale }) => {
        const query = parse(entity, schemas.list, inputOf(call.method, req), locale);
        const filters = Object.fromEntries((call.filters ?? []).map((name) => [name, query[name]]));
        return {
          data: call.values
            ? await distinctValues(app.db, entity, scope(session!, locale), call.values)
            : await selectRows(app.db, entity, scope(session!, locale), filters),
        };
      }),
    ),
  ];
}

/** Every registered entity's calls. */
export const masterDataRoutes: RouteDef[] = ENTITIES.flatMap(entityRoutes);
