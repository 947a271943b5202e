// After a failed run, everything that explains it goes under test-results/host-logs/<runner>-<time>/.

import { cpSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { HOST_LOGS_DIR, REPO_ROOT } from './paths';

export interface LogFile {
  relativePath: string;
  contents: string;
}

/** Writes `files` and copies each of `dirs` (target subfolder name -> source folder); returns the folder. */
export function saveHostLogs(runner: string, files: LogFile[], dirs: Record<string, string>): string {
  const target = join(HOST_LOGS_DIR, `${runner}-${new Date().toISOString().replace(/[:.]/g, '-')}`);
  mkdirSync(target, { recursive: true });
  for (const file of files) {
    const path = resolve(target, file.relativePath);
    if (relative(target, path).startsWith('..')) continue; // a name from the page must not escape the folder
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, file.contents);
  }
  for (const [name, source] of Object.entries(dirs)) {
    if (existsSync(source)) cpSync(source, join(target, name), { recursive: true });
  }
  console.error(`Logs of the failed run: ${relative(REPO_ROOT, target)}/`);
  return target;
}
