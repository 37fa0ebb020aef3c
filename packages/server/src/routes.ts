import type { RouteDef } from './http/route';
import { composition } from './modules';

/** Every API endpoint, by module (the composition root). Paths are those of spec section 7, served under /api. */
export const apiRoutes: readonly RouteDef[] = composition.routes;

/** Benchmark-only routes, registered only with BENCH_BARE_ROUTES=1 (`npm run bench`; see docs/benchmarks.md). */
export const benchBareRoutes: readonly RouteDef[] = composition.benchRoutes;
