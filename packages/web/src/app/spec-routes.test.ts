import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import spec from './spec-routes.json';
import { router } from './router';

/**
 * Every route of spec section 2 is a screen of the route table (spec-routes.json: its route list and the screens
 * named under it), except those listed here with why. An exclusion whose screen exists fails too: the list only
 * shrinks.
 */
const NOT_BUILT: Record<string, string> = {};

/** Every path of the route table, joined with its parents'. */
function tablePaths(routes: readonly RouteObject[], base = ''): string[] {
  return routes.flatMap((r) => {
    const here = r.path ? (r.path.startsWith('/') ? r.path : `${base}/${r.path}`) : base;
    return [...(r.path ? [here] : []), ...tablePaths(r.children ?? [], here)];
  });
}

/**
 * The addresses a pattern matches, as shapes: parameter names left out, each optional segment present or absent
 * (`/a/:id/:page?` is `/a/:` and `/a/:/:`).
 */
function shapes(pattern: string): string[] {
  let out = [''];
  for (const segment of pattern.split('/').filter(Boolean)) {
    const optional = segment.startsWith(':') && segment.endsWith('?');
    const word = segment.startsWith(':') ? ':' : segment;
    out = optional ? [...out, ...out.map((s) => `${s}/${word}`)] : out.map((s) => `${s}/${word}`);
  }
  return out.map((s) => s || '/');
}

describe('spec section 2 routes', () => {
  const table = new Set(tablePaths(router.routes).flatMap(shapes));
  const served = (route: string) => shapes(route).every((s) => table.has(s));

  it('are each a screen of the route table, or listed as not built with why', () => {
    const missing = spec.routes.filter((r) => !served(r) && !(r in NOT_BUILT));
    expect(missing).toEqual([]);
  });

  it('lists as not built only routes of the spec that are indeed not served', () => {
    expect(Object.keys(NOT_BUILT).filter((r) => !spec.routes.includes(r) || served(r))).toEqual([]);
  });

  it('reads optional segments both ways', () => {
    expect(shapes('/a/:id/:page?')).toEqual(['/a/:', '/a/:/:']);
    expect(shapes('/home')).toEqual(['/home']);
  });
});
