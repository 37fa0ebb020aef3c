import { describe, expect, it } from 'vitest';
import { ENTITIES } from '@rehab/shared';
import { MASTER_DATA_ROUTES } from './router';

describe('master-data routes', () => {
  it('list exactly the screen route of every registered entity', () => {
    expect([...MASTER_DATA_ROUTES].sort()).toEqual(ENTITIES.map((e) => e.route).sort());
  });
});
