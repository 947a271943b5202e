// A fresh temporary folder per test, removed afterwards.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export function useTempDir(): { readonly path: string } {
  const holder = { path: '' };
  beforeEach(() => {
    holder.path = mkdtempSync(join(tmpdir(), 'scalarlm-lab-test-'));
  });
  afterEach(() => rmSync(holder.path, { recursive: true, force: true }));
  return holder;
}

/** Writes `text` to `name` under the test's folder (making its folders), and returns the file's path. */
export function fileWriter(dir: { readonly path: string }): (name: string, text: string) => string {
  return (name, text) => {
    const path = join(dir.path, name);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
    return path;
  };
}
