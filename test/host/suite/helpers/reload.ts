// Tests that span a window reload, as a user's reload does: part one runs in the first session of the
// suite, then the window reloads (a new extension host, the same page), and part two runs in the second
// session. The suite's index decides which session this is; files holding such tests end in
// `.reload.test.ts` and run after all others.

import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { HOST_ENV } from './host-env';

export const RELOAD_FILE_SUFFIX = '.reload.test.js';

interface ReloadMark {
  /** Failures of the first session. */
  failures: number;
  /** Titles of the tests whose first part passed: only their second parts run. */
  passed: string[];
}

const passedBeforeReload: string[] = [];

function markPath(): string {
  const dir = process.env[HOST_ENV.stateDir];
  if (!dir) throw new Error(`${HOST_ENV.stateDir} is not set: start the suite with a host-test runner.`);
  return join(dir, 'reload.json');
}

/** The first session's outcome, when this is the session after the reload. Read once: a third session starts afresh. */
export function takeReloadMark(): ReloadMark | undefined {
  const path = markPath();
  if (!existsSync(path)) return undefined;
  const mark = JSON.parse(readFileSync(path, 'utf8')) as ReloadMark;
  rmSync(path);
  return mark;
}

export function writeReloadMark(failures: number): void {
  writeFileSync(markPath(), JSON.stringify({ failures, passed: passedBeforeReload } satisfies ReloadMark));
}

export function firstPartsRan(): boolean {
  return passedBeforeReload.length > 0;
}

let session: { afterReload: false } | { afterReload: true; passed: Set<string> } = { afterReload: false };

export function setReloadSession(mark: ReloadMark | undefined): void {
  session = mark ? { afterReload: true, passed: new Set(mark.passed) } : { afterReload: false };
}

/** One test in two parts: `before` ends with the state the reload must keep, `after` checks it was kept. */
export function itAcrossReload(title: string, parts: { before: () => Promise<void>; after: () => Promise<void> }): void {
  if (!session.afterReload) {
    it(`${title} (before the reload)`, async () => {
      await parts.before();
      passedBeforeReload.push(title);
    });
  } else if (session.passed.has(title)) {
    it(`${title} (after the reload)`, parts.after);
  }
}

/** Keeps a value from the first part of a test for its second part. */
export function saveNote(name: string, value: unknown): void {
  const path = notesPath();
  const notes = existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>) : {};
  writeFileSync(path, JSON.stringify({ ...notes, [name]: value }));
}

export function readNote<T>(name: string): T {
  const notes = JSON.parse(readFileSync(notesPath(), 'utf8')) as Record<string, T>;
  if (!(name in notes)) throw new Error(`No note "${name}" was saved before the reload.`);
  return notes[name];
}

function notesPath(): string {
  return join(dirname(markPath()), 'notes.json');
}
