import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';

// Every table file loads on its own, whichever is imported first: no table file imports the db/schema barrel, so
// no import cycle leaves a column helper or a referenced table uninitialised ("Cannot access 'bytea' before
// initialization").

const src = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src');

function tableFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return tableFiles(full);
    return entry.name.endsWith('.tables.ts') ? [full] : [];
  });
}

const kernel = ['columns.ts', 'audit.ts', 'entities.ts', 'schema.ts'].map((f) => path.join(src, 'db', f));
const files = [...tableFiles(src), ...kernel].map((f) => path.relative(src, f));

describe('table files', () => {
  it('are found', () => {
    expect(files.length).toBeGreaterThan(25);
  });

  it.each(files)('%s loads first in a fresh module graph', async (file) => {
    vi.resetModules();
    const loaded = await import(/* @vite-ignore */ path.join(src, file));
    expect(Object.keys(loaded).length).toBeGreaterThan(0);
  });
});
