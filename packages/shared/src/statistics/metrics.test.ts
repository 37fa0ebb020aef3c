import { describe, expect, it } from 'vitest';
import { METRICS, METRIC_KEYS } from './metrics';

describe('the metrics dictionary', () => {
  it('names every metric by its key, in both languages, with a definition, a formula and a source', () => {
    for (const key of METRIC_KEYS) {
      const m = METRICS[key];
      expect(m.key).toBe(key);
      for (const text of [m.name, m.definition]) {
        expect(text['zh-CN'].trim()).not.toBe('');
        expect(text.en.trim()).not.toBe('');
      }
      expect(m.formula).not.toBe('');
      expect(m.source).toMatch(/^[a-z-]+: /);
    }
  });

  it('counts money by settlement time, registrations by registration time and work by the service day', () => {
    for (const key of METRIC_KEYS) {
      const m = METRICS[key];
      const money = m.unit === 'fen' || key === 'settlementCount' || key === 'revenueShare';
      expect(m.timeBasis).toBe(money ? 'settledAt' : key === 'registrations' ? 'registeredAt' : 'serviceDay');
    }
  });
});
