import { describe, expect, it } from 'vitest';
import { versionSaveSchema } from '@rehab/shared';
import { schemaField } from './form-rules';

describe('schemaField', () => {
  it('takes required and the longest length from the shared schema', () => {
    expect(schemaField(versionSaveSchema, 'version')).toMatchObject({ required: true, maxLength: 32 });
    expect(schemaField(versionSaveSchema, 'releaseNote')).toMatchObject({ required: true, maxLength: 2000 });
    // a default makes the field optional for the form; its length limit still holds
    expect(schemaField(versionSaveSchema, 'releaseNoteEn')).toMatchObject({ required: false, maxLength: 2000 });
  });

  it('refuses in the form what the server refuses', async () => {
    const [rule] = schemaField(versionSaveSchema, 'version', 'Version').rules as [
      { validator: (r: unknown, v: unknown) => Promise<void> },
    ];
    await expect(rule.validator({}, '1.2.0')).resolves.toBeUndefined();
    await expect(rule.validator({}, 'x'.repeat(40))).rejects.toThrow();
    await expect(rule.validator({}, undefined)).rejects.toThrow();
  });
});
