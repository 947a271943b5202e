// A fresh temporary folder per test, removed afterwards.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function useTempDir(): { readonly path: string } {
  const holder = { path: '' };
  beforeEach(() => {
    holder.path = mkdtempSync(join(tmpdir(), 'scalarlm-lab-test-'));
  });
  afterEach(() => rmSync(holder.path, { recursive: true, force: true }));
  return holder;
}
