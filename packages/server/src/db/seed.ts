import type { Db } from './client';
import { asc, count } from 'drizzle-orm';
import { organizations, users } from './schema';
import type { ComposedModules } from '../kernel/compose';
import type { UnitOfWorkHost } from '../kernel/unit-of-work';
import { syncBuiltinMenus } from '../modules/menus/menus.service';
import { seedInitialAdmin } from '../modules/users/users.demo';

export { DEMO_PASSWORD } from '../modules/users/users.demo';

/**
 * What every database needs (each module's setup, e.g. the built-in roles, then the built-in menus of all modules),
 * then, on an empty database, either the modules' demo data of the README in composition order or the first
 * administrator from INITIAL_ADMIN_PHONE / INITIAL_ADMIN_PASSWORD.
 */
export async function seed(
  db: Db,
  modules: ComposedModules,
  options: { demo: boolean; host: UnitOfWorkHost; initialAdmin?: { phone: string; password: string } },
) {
  for (const m of modules.manifests) await m.setup?.(db);
  await syncBuiltinMenus(db, modules.menus);

  const [{ n }] = (await db.select({ n: count() }).from(users)) as [{ n: number }];
  if (Number(n) > 0) return;
  if (options.demo) {
    const now = options.host.clock.now();
    const organizationIds = async () =>
      (await db.select({ id: organizations.id }).from(organizations).orderBy(asc(organizations.id))).map((r) => r.id);
    for (const m of modules.demoOrder) await m.demo?.({ db, now, host: options.host, organizationIds });
  } else if (options.initialAdmin) await seedInitialAdmin(db, options.initialAdmin);
}
