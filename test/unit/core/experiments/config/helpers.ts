// Fixtures (kept in the source tree: tsc does not copy them to out/) and throwaway experiment folders.

import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ConfigError, expandTests, loadExperimentConfig, type ExperimentConfig, type TestCase } from '../../../../../src/core/experiments/config';
import { UNCONFINED } from '../../../../../src/core/files/file-access';

/** From out/test/unit/core/experiments/config back to the repository, then to the fixtures beside this file. */
export const fixtures = join(__dirname, '..', '..', '..', '..', '..', '..', 'test', 'unit', 'core', 'experiments', 'config', 'fixtures');

export function fixture(...parts: string[]): string {
  return join(fixtures, ...parts);
}

/** A fresh folder per test with the given files (paths with '/'), removed afterwards. */
export function useExperimentFolder(): { readonly path: string; write(files: Record<string, string>): void } {
  const folder = {
    path: '',
    write(files: Record<string, string>) {
      for (const [name, content] of Object.entries(files)) {
        const path = join(folder.path, name);
        mkdirSync(dirname(path), { recursive: true });
        writeFileSync(path, content);
      }
    },
  };
  beforeEach(() => (folder.path = mkdtempSync(join(tmpdir(), 'scalarlm-experiment-'))));
  afterEach(() => rmSync(folder.path, { recursive: true, force: true }));
  return folder;
}

export async function loadError(path: string, readFile?: (path: string) => Promise<string>): Promise<ConfigError> {
  try {
    await loadExperimentConfig(path, UNCONFINED, readFile);
  } catch (error) {
    assert.ok(error instanceof ConfigError, String(error));
    return error;
  }
  assert.fail('expected a ConfigError');
}

export async function allTests(config: ExperimentConfig): Promise<TestCase[]> {
  const tests: TestCase[] = [];
  for await (const test of expandTests(config)) tests.push(test);
  return tests;
}
