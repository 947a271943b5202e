// Shared by the host experiment tests: fixture files and how they are named and read.

import { readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parsePrompty, type PromptyFile } from '../../../../src/core/templates';

/** Fixtures live beside the sources; the compiled tests run from out/. */
export const FIXTURES = join(__dirname, '..', '..', '..', '..', '..', 'test', 'unit', 'host', 'experiments', 'fixtures');

export function fixturePath(...parts: string[]): string {
  return join(FIXTURES, ...parts);
}

/** Paths as the editor names them: relative to the fixtures folder (the "workspace"). */
export function displayPath(file: string): string {
  return relative(FIXTURES, file).split('\\').join('/') || file;
}

export const readText = (path: string): Promise<string> => readFile(path, 'utf8');

export function promptyFixture(name: string): PromptyFile {
  const path = fixturePath(name);
  return parsePrompty(readFileSync(path, 'utf8'), path);
}

/** A .prompty from text, as if it were a file among the fixtures. */
export function promptyText(text: string, name = 'inline.prompty'): PromptyFile {
  return parsePrompty(text, fixturePath(name));
}
