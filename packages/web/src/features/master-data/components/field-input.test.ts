import { describe, expect, it } from 'vitest';
import { NAME_MAX_WIDTH, entityByName, entityField, type StringField } from '@rehab/shared';
import { textCount } from './field-input';

describe('textCount', () => {
  it("limits a name input by the shared rule's width, cutting what would be refused", () => {
    const name = entityField(entityByName('place')!, 'name') as StringField;
    const count = textCount(name);
    expect(count.max).toBe(NAME_MAX_WIDTH);
    expect(count.strategy!('康复a')).toBe(5);
    expect(count.exceedFormatter!('康'.repeat(40))).toBe('康'.repeat(32));
    expect(textCount({ max: 20 })).toEqual({ max: 20 });
  });
});
