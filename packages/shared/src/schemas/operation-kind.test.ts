import { describe, expect, it } from 'vitest';
import { isReadCall, operationKindOf } from './operation-kind';

describe('operationKindOf', () => {
  it('reads the kind from the last path word, parameters left out', () => {
    expect(operationKindOf('POST', '/sys/version/update/:id')).toBe('update');
    expect(operationKindOf('POST', '/sys/patient/delete/:id')).toBe('delete');
    expect(operationKindOf('POST', '/sys/patient/add')).toBe('create');
    expect(operationKindOf('POST', '/sys/login')).toBe('signIn');
    expect(operationKindOf('POST', '/sys/logout')).toBe('signOut');
    expect(operationKindOf('GET', '/sys/accessLog/export')).toBe('export');
    expect(operationKindOf('POST', '/sys/file/upload')).toBe('import');
    expect(operationKindOf('POST', '/sys/patient/list')).toBe('read');
  });

  it('tells a save that creates from one that updates by the id in the body', () => {
    expect(operationKindOf('POST', '/sys/version/save', { version: '1.0' })).toBe('create');
    expect(operationKindOf('POST', '/sys/version/save', { id: 3, version: '1.0' })).toBe('update');
  });

  it('falls back on the method, then on other', () => {
    expect(operationKindOf('DELETE', '/sys/role/:id')).toBe('delete');
    expect(operationKindOf('PUT', '/sys/role/:id')).toBe('update');
    expect(operationKindOf('POST', '/sys/workOrder/sign')).toBe('other');
  });
});

describe('isReadCall', () => {
  it('knows the POST reads whose last word does not say so', () => {
    for (const url of [
      '/sys/camera/cameraList',
      '/sys/camera/cameraGroupGet/:id',
      '/sys/treatment/prescriptionPage',
      '/sys/patient/unAssignedCount',
      '/sys/statistics/turnOverDetail',
      '/sys/statistics/operationalData',
      '/sys/doctorPerformance/doctors',
      '/sys/pay/bill',
      '/sys/workload/daily',
      '/scales/:code/score',
    ])
      expect(isReadCall(url), url).toBe(true);
  });

  it('does not take writes for reads', () => {
    for (const url of [
      '/sys/camera/cameraAdd',
      '/sys/file/upload',
      '/sys/pay/refund/approve',
      '/sys/meeting/presence',
      '/sys/user/updatePersonalInfo',
    ])
      expect(isReadCall(url), url).toBe(false);
  });
});
