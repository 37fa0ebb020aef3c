import type { Locale } from '@rehab/shared';
import type { AppContext } from '../../context';
import { masterRows } from '../master-data';
import { organizationNames } from '../organizations';
import { organizationsOf } from '../users';

/**
 * GET /place/selectUserPlaces (spec section 7): the enabled treatment places (master data `place`,
 * /maintainOffice/placeManage) of every organization the signed-in user belongs to, by organization then sort.
 */
export async function userPlaces(app: AppContext, userId: number, locale: Locale) {
  const organizationIds = (await organizationsOf(app.db, userId)).sort((a, b) => a - b);
  const names = await organizationNames(app.db, organizationIds, locale);
  const places = [];
  for (const organizationId of organizationIds) {
    const rows = await masterRows(app.db, 'place', organizationId);
    const enabled = rows
      .filter((r) => r.status === 1)
      .sort((a, b) => Number(a.sort ?? 0) - Number(b.sort ?? 0) || Number(a.id) - Number(b.id));
    for (const r of enabled) {
      places.push({
        id: Number(r.id),
        name: String(r.name),
        location: (r.location as string | null) ?? null,
        capacity: (r.capacity as number | null) ?? null,
        organizationId,
        organizationName: names.get(organizationId) ?? '',
      });
    }
  }
  return places;
}
