import type { RouteDef } from '../../http/route';

export const billingRoutes: RouteDef[] = [];
