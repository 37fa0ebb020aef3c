import { describe, expect, it } from 'vitest';
import { officeChoice } from './office-choice';

const offices = [
  { id: 11, name: 'PT' },
  { id: 12, name: 'OT' },
];
const none = { organizationId: null, officeId: null };

describe('officeChoice', () => {
  it('needs no choice with one department or none', () => {
    expect(officeChoice([offices[0]!], none, 1)).toEqual({ needed: false, preselected: 11 });
    expect(officeChoice([], none, 1)).toEqual({ needed: false, preselected: null });
  });
  it('asks for a department when there are several, with nothing preselected on a first visit', () => {
    expect(officeChoice(offices, none, 1)).toEqual({ needed: true, preselected: null });
  });
  it('preselects the current department when re-entering the current organization', () => {
    expect(officeChoice(offices, { organizationId: 1, officeId: 12 }, 1)).toEqual({ needed: true, preselected: 12 });
    expect(officeChoice(offices, { organizationId: 2, officeId: 12 }, 1)).toEqual({ needed: true, preselected: null });
  });
});
