import { describe, expect, it } from 'vitest';
import {
  PRODUCT_SCOPES,
  apiEnabled,
  menuEnabled,
  permissionEnabled,
  productsOfApi,
  productsOfPermission,
  productsOfRoute,
} from './products';
import { DEFAULT_PRODUCTS, PRODUCT_CODES } from './schemas/admin.schema';

const all = new Set<string>(PRODUCT_CODES);
const without = (...codes: string[]) => new Set([...all].filter((c) => !codes.includes(c)));

describe('product scopes', () => {
  it('declares every product', () => {
    expect(Object.keys(PRODUCT_SCOPES).sort()).toEqual([...PRODUCT_CODES].sort());
  });

  it('matches routes on whole segments', () => {
    expect(productsOfRoute('/email/my-news')).toEqual(['messages']);
    expect(productsOfRoute('/email')).toEqual(['messages']);
    expect(productsOfRoute('/emails')).toEqual([]);
    expect(productsOfRoute('/maintainSystem/assessTable')).toEqual(['assessment']);
    expect(productsOfRoute('/maintainSystem/user')).toEqual([]);
    // the platform project templates are not the scale library
    expect(productsOfRoute('/SubFirsScale/platFormProjectTemplate')).toEqual([]);
    expect(productsOfRoute('/SubFirsScale/platFormTemplate')).toEqual(['assessment']);
  });

  it('needs every product that matches (cost messages are messages and billing)', () => {
    expect(productsOfRoute('/email/costMessage').sort()).toEqual(['billing', 'messages']);
    expect(productsOfPermission('sys:message:cost').sort()).toEqual(['billing', 'messages']);
    expect(productsOfPermission('sys:message:save')).toEqual(['messages']);
  });

  it('does not take the scheduled jobs for scheduling', () => {
    expect(productsOfPermission('sys:schedule:list')).toEqual([]);
    expect(productsOfApi('/sys/schedule/list')).toEqual([]);
    expect(productsOfApi('/schedulingManagement/saveScheduling')).toEqual(['scheduling']);
  });

  it('maps API paths', () => {
    expect(productsOfApi('/sys/message/list')).toEqual(['messages']);
    expect(productsOfApi('/sys/method/updateProjects')).toEqual(['assessment']);
    expect(productsOfApi('/sys/organizationConfig/listSoftProduct')).toEqual([]);
    expect(apiEnabled('/sys/message/list', without('messages'))).toBe(false);
    expect(apiEnabled('/sys/message/list', without('billing'))).toBe(true);
    expect(apiEnabled('/sys/user/list', new Set())).toBe(true);
  });

  it('drops permission codes of disabled products only', () => {
    expect(permissionEnabled('sys:message:save', without('messages'))).toBe(false);
    expect(permissionEnabled('sys:message:cost', without('billing'))).toBe(false);
    expect(permissionEnabled('sys:message:save', without('billing'))).toBe(true);
    expect(permissionEnabled('sys:user:list', new Set())).toBe(true);
  });

  it('hides a menu by its route or by any of its codes', () => {
    expect(menuEnabled({ url: '/email/my-news', perms: null }, without('messages'))).toBe(false);
    expect(menuEnabled({ url: '/email/my-news', perms: null }, all)).toBe(true);
    expect(menuEnabled({ url: null, perms: 'sys:method:save' }, without('assessment'))).toBe(false);
    expect(menuEnabled({ url: '/maintainSystem/user', perms: 'sys:user:list,sys:user:info' }, new Set())).toBe(true);
    expect(menuEnabled({ url: '/email/costMessage?x=1', perms: '' }, without('billing'))).toBe(false);
  });

  it('a new organization has the default products', () => {
    expect(DEFAULT_PRODUCTS).toContain('messages');
    expect(DEFAULT_PRODUCTS).not.toContain('telemedicine');
  });
});
